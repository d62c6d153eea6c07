/**
 * The quote builder's draft: what the operator has typed, kept as text (a half-typed quantity is
 * still what they typed), and the request bodies made from it. No amount is ever sent: the server
 * prices the lines from the catalog (schemas/api/back-office-quotes.ts).
 */
import type { CatalogLine, CatalogOption, QuoteCreateRequest, QuotePriceRequest } from '../api/back-office-quotes';

export const ADDRESS_FIELDS = ['firstName', 'lastName', 'street1', 'street2', 'city', 'state', 'zipCode', 'phoneNumber'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressDraft = Record<AddressField, string>;
export type AddressKind = 'billingAddress' | 'shippingAddress';

export interface LineDraft {
  /** This line's own key (the same SKU may be on two lines, in two finishes). */
  key: number;
  item: CatalogLine;
  qty: string;
  /** `type value` of the chosen finish; '' for none (or the line's own finish). */
  finish: string;
  notes: string;
}

export interface QuoteDraft {
  customer: { email: string; firstName: string; lastName: string; phone: string };
  billingAddress: AddressDraft;
  shipToBilling: boolean;
  shippingAddress: AddressDraft;
  lines: LineDraft[];
  discount: { type: 'amount' | 'percent'; value: string };
  poNumber: string;
  notes: string;
  linkDays: string;
}

const emptyAddress = (): AddressDraft => ({ firstName: '', lastName: '', street1: '', street2: '', city: '', state: '', zipCode: '', phoneNumber: '' });

export function emptyDraft(): QuoteDraft {
  return {
    customer: { email: '', firstName: '', lastName: '', phone: '' },
    billingAddress: emptyAddress(),
    shipToBilling: true,
    shippingAddress: emptyAddress(),
    lines: [],
    discount: { type: 'amount', value: '' },
    poNumber: '',
    notes: '',
    linkDays: '7',
  };
}

export const finishKey = (f: Pick<CatalogOption, 'type' | 'value'>) => `${f.type} ${f.value}`;

/** The finishes a line may be made in: none to choose when the item has its own. */
export const finishChoices = (item: CatalogLine): readonly CatalogOption[] => (item.finish ? [] : item.finishes);

/**
 * A number as typed, checked by the server alone, which names the field in its own words: an empty
 * field is 0 and what is not a number is NaN, which JSON sends as null.
 */
const numberOf = (text: string): number => Number(text.trim());

function lineBody(line: LineDraft) {
  const finish = finishChoices(line.item).find((f) => finishKey(f) === line.finish);
  return {
    sku: line.item.sku,
    qty: numberOf(line.qty),
    ...(finish ? { finish: { type: finish.type, value: finish.value } } : {}),
    ...(line.notes.trim() ? { notes: line.notes.trim() } : {}),
  };
}

const discountBody = (d: QuoteDraft['discount']) => (d.value.trim() === '' ? null : { type: d.type, value: numberOf(d.value) });

/** What the price depends on: the lines, the discount, and where it ships (state, ZIP). */
export function priceRequest(draft: QuoteDraft): QuotePriceRequest {
  const where = (a: AddressDraft) => ({ state: a.state, zipCode: a.zipCode.trim(), countryId: 'US' });
  return {
    lines: draft.lines.map(lineBody),
    discount: discountBody(draft.discount),
    billingAddress: where(draft.billingAddress),
    shippingAddress: draft.shipToBilling ? null : where(draft.shippingAddress),
  };
}

function addressBody(a: AddressDraft) {
  return {
    firstName: a.firstName.trim(),
    lastName: a.lastName.trim(),
    street1: a.street1.trim(),
    street2: a.street2.trim() || null,
    city: a.city.trim(),
    state: a.state,
    zipCode: a.zipCode.trim(),
    countryId: 'US',
    phoneNumber: a.phoneNumber.trim(),
  };
}

export function createRequest(draft: QuoteDraft): QuoteCreateRequest {
  const c = draft.customer;
  return {
    customer: { email: c.email.trim(), firstName: c.firstName.trim(), lastName: c.lastName.trim(), ...(c.phone.trim() ? { phone: c.phone.trim() } : {}) },
    billingAddress: addressBody(draft.billingAddress),
    shippingAddress: draft.shipToBilling ? null : addressBody(draft.shippingAddress),
    lines: draft.lines.map(lineBody),
    discount: discountBody(draft.discount),
    ...(draft.poNumber.trim() ? { poNumber: draft.poNumber.trim() } : {}),
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
    linkDays: numberOf(draft.linkDays),
  };
}
