/**
 * The quote builder's draft: what the operator has typed, kept as text (a half-typed quantity is
 * still what they typed), and the request bodies made from it. No amount is ever sent: the server
 * prices the lines from the catalog (schemas/api/back-office-quotes.ts). A saved draft opens again
 * through `draftFromRequest`.
 */
import type { CatalogLine, CatalogOption, QuoteCreateRequest, QuotePriceRequest } from '../api/back-office-quotes';

export const ADDRESS_FIELDS = ['firstName', 'lastName', 'street1', 'street2', 'city', 'state', 'zipCode', 'phoneNumber'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressDraft = Record<AddressField, string>;
export type AddressKind = 'billingAddress' | 'shippingAddress';

export interface LineDraft {
  /** This line's own key (the same SKU may be on two lines, in two finishes). */
  key: number;
  /** The catalog line; null for a free line (a description and a price, publishers and admins). */
  item: CatalogLine | null;
  qty: string;
  /** `type value` of the chosen finish; '' for none (or the line's own finish). */
  finish: string;
  /** A cabinet's modification codes. */
  modifications: string[];
  /** A countertop: square feet as typed, or its length and depth in inches. */
  measure: 'sqft' | 'size';
  sqft: string;
  length: string;
  depth: string;
  edge: string;
  /** Cut-outs by code: the count as typed. */
  cutouts: Record<string, string>;
  /** A service priced per linear foot. */
  feet: string;
  /** A free line's words and unit price. */
  description: string;
  price: string;
  /** The room or wall, e.g. Kitchen — sink wall. */
  group: string;
  notes: string;
}

/** A new line of the draft: a catalog line (its edge the material's first), or a free line. */
export function newLine(key: number, item: CatalogLine | null, group = ''): LineDraft {
  return { key, item, qty: '1', finish: '', modifications: [], measure: 'sqft', sqft: '', length: '', depth: '', edge: item?.edges[0]?.code ?? '', cutouts: {}, feet: '', description: '', price: '', group, notes: '' };
}

/** What the line is called in labels: the catalog's name, or the free line's description. */
export const lineName = (line: LineDraft): string => line.item?.name ?? (line.description.trim() || 'Free line');

export interface QuoteDraft {
  customer: { email: string; firstName: string; lastName: string; phone: string };
  billingAddress: AddressDraft;
  shipToBilling: boolean;
  shippingAddress: AddressDraft;
  lines: LineDraft[];
  discount: { type: 'amount' | 'percent'; value: string };
  poNumber: string;
  notes: string;
  /** The store's notes: never shown to the customer. */
  internalNotes: string;
  linkDays: string;
  /** The customer may pay in parts, each at least `minimumSplit` dollars (as typed). */
  splitPayment: boolean;
  minimumSplit: string;
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
    internalNotes: '',
    linkDays: '7',
    splitPayment: false,
    minimumSplit: '',
  };
}

export const finishKey = (f: Pick<CatalogOption, 'type' | 'value'>) => `${f.type} ${f.value}`;

/** The finishes a line may be made in: none to choose when the item has its own. */
export const finishChoices = (item: CatalogLine): readonly CatalogOption[] => (item.finish ? [] : item.finishes);

/** The finishes any line of the draft may be made in, each once, in the order the lines offer them. */
export function finishesOfLines(lines: readonly LineDraft[]): CatalogOption[] {
  const seen = new Map<string, CatalogOption>();
  for (const line of lines) for (const f of line.item ? finishChoices(line.item) : []) if (!seen.has(finishKey(f))) seen.set(finishKey(f), f);
  return [...seen.values()];
}

/**
 * Every line that may be made in the finish `key`, in it: "all lines' finish" (a customer who wants
 * the whole kitchen navy). Lines whose style lacks it keep theirs, and are counted for the builder to say so.
 */
export function withFinishOnEveryLine(lines: readonly LineDraft[], key: string): { lines: LineDraft[]; changed: number; lacking: number } {
  let changed = 0;
  let lacking = 0;
  const next = lines.map((line) => {
    const choices = line.item ? finishChoices(line.item) : [];
    if (!choices.length) return line;
    if (!choices.some((f) => finishKey(f) === key)) {
      lacking += 1;
      return line;
    }
    if (line.finish !== key) changed += 1;
    return { ...line, finish: key };
  });
  return { lines: next, changed, lacking };
}

/**
 * A number as typed, checked by the server alone, which names the field in its own words: an empty
 * field is 0 and what is not a number is NaN, which JSON sends as null.
 */
const numberOf = (text: string): number => Number(text.trim());

/** What a kind of line reads, and nothing else (the server refuses what a kind does not take). */
function kindBody(line: LineDraft, item: CatalogLine) {
  if (item.kind === 'countertop') {
    const cutouts = Object.fromEntries(Object.entries(line.cutouts).filter(([, n]) => n.trim() !== '' && n.trim() !== '0').map(([code, n]) => [code, numberOf(n)]));
    return {
      ...(line.measure === 'sqft' ? { sqft: numberOf(line.sqft) } : { length: numberOf(line.length), depth: numberOf(line.depth) }),
      ...(line.edge ? { edge: line.edge } : {}),
      ...(Object.keys(cutouts).length ? { cutouts } : {}),
    };
  }
  if (item.kind === 'service') return item.unit === 'linear-foot' ? { feet: numberOf(line.feet) } : item.unit === 'fixed' ? {} : { qty: numberOf(line.qty) };
  const finish = finishChoices(item).find((f) => finishKey(f) === line.finish);
  return {
    qty: numberOf(line.qty),
    ...(finish ? { finish: { type: finish.type, value: finish.value } } : {}),
    ...(line.modifications.length ? { modifications: line.modifications } : {}),
  };
}

function lineBody(line: LineDraft) {
  const what = line.item ? { sku: line.item.sku, ...kindBody(line, line.item) } : { description: line.description.trim(), price: numberOf(line.price), qty: numberOf(line.qty) };
  return {
    ...what,
    ...(line.group.trim() ? { group: line.group.trim() } : {}),
    ...(line.notes.trim() ? { notes: line.notes.trim() } : {}),
  };
}

const discountBody = (d: QuoteDraft['discount']) => (d.value.trim() === '' ? null : { type: d.type, value: numberOf(d.value) });

/** Whether two discounts as typed are the same one the server would read. */
export const sameDiscount = (a: QuoteDraft['discount'], b: QuoteDraft['discount']) => JSON.stringify(discountBody(a)) === JSON.stringify(discountBody(b));

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

const isBlank = (a: AddressDraft) => ADDRESS_FIELDS.every((f) => a[f].trim() === '');

/**
 * The body that creates, saves or sends the quote. A draft (`draft: true`) is stored with what is
 * typed so far: an empty customer field or a blank address is left out rather than refused.
 */
export function createRequest(draft: QuoteDraft, save: { draft: boolean } = { draft: false }): QuoteCreateRequest {
  const c = draft.customer;
  const customer = { email: c.email.trim(), firstName: c.firstName.trim(), lastName: c.lastName.trim(), ...(c.phone.trim() ? { phone: c.phone.trim() } : {}) };
  const address = (a: AddressDraft) => (save.draft && isBlank(a) ? null : addressBody(a));
  return {
    ...(save.draft ? { draft: true } : {}),
    customer: save.draft ? Object.fromEntries(Object.entries(customer).filter(([, v]) => v !== '')) : customer,
    billingAddress: address(draft.billingAddress),
    shippingAddress: draft.shipToBilling ? null : address(draft.shippingAddress),
    lines: draft.lines.map(lineBody),
    discount: discountBody(draft.discount),
    ...(draft.poNumber.trim() ? { poNumber: draft.poNumber.trim() } : {}),
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
    ...(draft.internalNotes.trim() ? { internalNotes: draft.internalNotes.trim() } : {}),
    linkDays: numberOf(draft.linkDays),
    ...(draft.splitPayment ? { splitPaymentEnabled: true, minimumSplit: numberOf(draft.minimumSplit) } : {}),
  };
}

type RequestLine = QuoteCreateRequest['lines'][number];
type RequestAddress = QuoteCreateRequest['billingAddress'] | QuoteCreateRequest['shippingAddress'];

const text = (n: number | undefined) => (n === undefined || n === null ? '' : String(n));

function addressDraft(a: RequestAddress | undefined): AddressDraft {
  const out = emptyAddress();
  for (const f of ADDRESS_FIELDS) out[f] = a?.[f] ?? '';
  return out;
}

/** A line of a saved body, as the builder edits it; `item` is the catalog line its SKU names now. */
function lineDraft(key: number, line: RequestLine, item: CatalogLine | null): LineDraft {
  const base = newLine(key, item, line.group ?? '');
  const common = { ...base, notes: line.notes ?? '' };
  if (!item) return { ...common, description: line.description ?? '', price: text(line.price), qty: text(line.qty ?? 1) };
  const measured = line.sqft === undefined && line.length !== undefined ? { measure: 'size' as const, length: text(line.length), depth: text(line.depth) } : { sqft: text(line.sqft) };
  return {
    ...common,
    ...measured,
    qty: text(line.qty ?? 1),
    finish: line.finish ? finishKey(line.finish) : '',
    modifications: line.modifications ?? [],
    edge: line.edge ?? base.edge,
    cutouts: Object.fromEntries(Object.entries(line.cutouts ?? {}).map(([code, n]) => [code, String(n)])),
    feet: text(line.feet),
  };
}

/**
 * A saved draft's body back into the builder's draft, the inverse of `createRequest`: sent again
 * unchanged, it is the same body (so a free line or a discount a publisher set is kept as it was).
 * A line whose SKU the catalog no longer has is left out; the server names those SKUs.
 */
export function draftFromRequest(request: QuoteCreateRequest, items: readonly CatalogLine[], nextKey: () => number): QuoteDraft {
  const bySku = new Map(items.map((i) => [i.sku, i]));
  const c = request.customer ?? {};
  const discount = request.discount;
  return {
    customer: { email: c.email ?? '', firstName: c.firstName ?? '', lastName: c.lastName ?? '', phone: c.phone ?? '' },
    billingAddress: addressDraft(request.billingAddress),
    shipToBilling: !request.shippingAddress,
    shippingAddress: addressDraft(request.shippingAddress),
    lines: request.lines.flatMap((line) => {
      if (line.sku === undefined) return [lineDraft(nextKey(), line, null)];
      const item = bySku.get(line.sku);
      return item ? [lineDraft(nextKey(), line, item)] : [];
    }),
    discount: discount ? { type: discount.type, value: String(discount.value) } : { type: 'amount', value: '' },
    poNumber: request.poNumber ?? '',
    notes: request.notes ?? '',
    internalNotes: request.internalNotes ?? '',
    linkDays: text(request.linkDays ?? 7),
    splitPayment: request.splitPaymentEnabled === true,
    minimumSplit: request.splitPaymentEnabled ? text(request.minimumSplit) : '',
  };
}
