/**
 * Making a quote from the catalog, for the studio and for `npm run quote`: the customer, the
 * addresses (checked by the checkout's field rules), the lines priced from the catalog with shipping
 * and tax by the store's rules (./quote-pricing.ts), stored through the quote service, so the
 * storefront's quote page and the payment flow treat it like any other quote.
 *
 * A quote may be saved as a draft: its lines are priced and checked, the rest is kept as typed
 * (a designer fills in the address later, a publisher adds a free line), and no link can be issued
 * until it is sent. Sending checks everything a new quote is checked for.
 *
 * Rights beyond an editor's: a free line, and a discount above the store's limit, need a publisher.
 * An editor editing a draft may keep a free line a publisher put there, unchanged, and a discount
 * within the share of the subtotal a publisher approved (./quote-discount.ts), checked at every save
 * and send. What needed a publisher is said in the audit entry (`approvals`), by name and amount,
 * and by whom it was approved.
 *
 * When the customer's e-mail has a customer account, the sent quote is that account's
 * (`customer_id`): it shows in the account, and the order paid from it does too (server/orders/quote-orders.ts).
 */
import type { OperatorRole } from '../../schemas/api/studio';
import type { KitchenCatalog } from '../../schemas/catalog/kitchen-catalog';
import { DEFAULT_DISCOUNT_LIMIT_PERCENT } from '../../schemas/site-settings.schema';
import type { Content } from '../content/load-content';
import type { SampleCatalog } from '../services/sample-catalog';
import { QUOTE_DRAFT_STALE, QUOTE_NOT_DRAFT, QUOTE_TOTAL_ZERO, type quoteCreateEndpoint } from '../../schemas/api/back-office-quotes';
import type { RequestBody } from '../../schemas/api/endpoint';
import { validatePersonName, validatePhone } from '../../schemas/evaluators/checkout-fields';
import { formatMoney, toCents, toDollars } from '../../schemas/money';
import { NO_METHODS } from '../api/cart';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import { readAddress, type AddressType, type OrderAddress } from '../orders/order-address';
import type { QuoteItem } from '../orders/quote-orders';
import { CustomerService } from '../services/customer-service';
import { readEmailAddress } from '../services/email-address';
import type { QuoteFields, QuoteRow, QuoteService } from '../services/quote-service';
import { draftRevision } from './quote-records';
import { approvalOf, decideDiscount, readApproval, type DiscountApproval } from './quote-discount';
import { freeLinesOf, priceQuote, pricingAddress, readQuoteLines, sameFreeLine, type QuoteCatalog, type QuotePrice, type QuoteRules } from './quote-pricing';

export type QuoteInput = RequestBody<typeof quoteCreateEndpoint>;

export interface QuoteBuilderDeps {
  q: Queries;
  quotes: QuoteService;
  catalog: QuoteCatalog;
  rules: QuoteRules;
  /** site.json quotes.discountLimitPercent, or its default. */
  discountLimitPercent: number;
}

/** The builder's deps from the store's content: its catalogs, the checkout's shipping and tax rules, the discount limit. */
export function builderDepsOf(parts: { q: Queries; quotes: QuoteService; content: Content; samples: SampleCatalog; kitchen?: KitchenCatalog }): QuoteBuilderDeps {
  const { content } = parts;
  return {
    q: parts.q,
    quotes: parts.quotes,
    catalog: { samples: parts.samples, kitchen: parts.kitchen ?? content.kitchen },
    rules: { shippingMethods: content.shippingMethods ?? [], taxRules: content.taxRules ?? [] },
    discountLimitPercent: content.settings.quotes?.discountLimitPercent ?? DEFAULT_DISCOUNT_LIMIT_PERCENT,
  };
}

export interface Caller {
  role: OperatorRole;
  /** The operator's e-mail, which the audit names as a discount's approver; absent for the quote command. */
  email?: string;
}

const RANK: Record<OperatorRole, number> = { viewer: 0, editor: 1, publisher: 2, admin: 3 };
export const isPublisher = (caller: Caller) => RANK[caller.role] >= RANK.publisher;

const REQUIRED = 'This field is required';

/** An address of the request, checked; its problems go to `errors` as `billingAddress.zipCode`. */
function address(raw: unknown, type: AddressType, email: string, errors: Record<string, string>): OrderAddress {
  const found: Record<string, string> = {};
  const read = readAddress(raw, type, found, email);
  for (const [field, message] of Object.entries(found)) {
    const name = field.slice(type.length + 1);
    // The address's e-mail is the customer's, whose problem is told once, as customer.email.
    if (name !== 'email') errors[`${type}Address.${name}`] ??= message;
  }
  return read;
}

function readCustomer(input: QuoteInput['customer'], errors: Record<string, string>) {
  const raw = { email: input?.email ?? '', firstName: input?.firstName ?? '', lastName: input?.lastName ?? '', phone: input?.phone ?? '' };
  const email = readEmailAddress(raw.email);
  if ('problem' in email) errors['customer.email'] = raw.email.trim() ? email.problem : REQUIRED;
  const firstName = raw.firstName.trim();
  const lastName = raw.lastName.trim();
  const phone = raw.phone.trim();
  const check = (field: string, problem: string | null) => {
    if (problem) errors[`customer.${field}`] = problem;
  };
  check('firstName', firstName ? validatePersonName(firstName) : REQUIRED);
  check('lastName', lastName ? validatePersonName(lastName) : REQUIRED);
  if (phone) check('phone', validatePhone(phone));
  return { email: 'address' in email ? email.address : raw.email.trim(), firstName, lastName, phone };
}

/** What the money depends on: the lines, the discount, and where it ships (any part of an address). */
export interface PriceInput {
  lines: QuoteInput['lines'];
  discount?: QuoteInput['discount'];
  billingAddress?: { state?: string; zipCode?: string; countryId?: string } | null;
  shippingAddress?: { state?: string; zipCode?: string; countryId?: string } | null;
}

/** What a draft holds that a save may keep: its last request (its free lines) and its discount's approval. */
export interface HeldDraft {
  request: QuoteInput | null;
  approval: DiscountApproval | null;
}

/**
 * Prices the request's lines for `caller` (403 for a free line, or a discount's share, beyond their
 * role that the draft did not already hold), and says in words what needed a publisher.
 */
export function priceRequest(deps: Pick<QuoteBuilderDeps, 'catalog' | 'rules' | 'discountLimitPercent'>, input: PriceInput, caller: Caller, held?: HeldDraft | null) {
  const kept = held?.request ? freeLinesOf(held.request.lines) : [];
  const lines = readQuoteLines(input.lines, deps.catalog, { freeLines: isPublisher(caller), kept });
  const where = pricingAddress(input.shippingAddress ?? input.billingAddress ?? null);
  const price = priceQuote(lines, input.discount ?? null, where, deps.rules);
  const approval = approvalOf(price, deps.discountLimitPercent);
  const discount = decideDiscount(price, deps.discountLimitPercent, { publisher: isPublisher(caller), email: caller.email }, held?.approval ?? null);
  const approvals = [...discount.words];
  for (const free of freeLinesOf(input.lines)) {
    if (!kept.some((k) => sameFreeLine(k, free))) approvals.push(`free line "${free.description}" ${free.qty} × ${formatMoney(toDollars(free.priceCents))}`);
  }
  return { lines, price, approval, approvals, discountApproval: discount.approval };
}

function items(price: QuotePrice): QuoteItem[] {
  return price.lines.map((l) => ({
    name: l.name,
    sku: l.sku,
    qty: l.qty,
    priceCents: l.unitCents,
    rowTotalCents: l.rowTotalCents,
    notes: l.notes,
    weight: l.weight,
    ...(l.options.length ? { customOptions: l.options } : {}),
    ...(l.detail ? { detail: l.detail } : {}),
  }));
}

export interface BuiltQuote {
  quote: QuoteRow;
  /** What needed a publisher, in words, for the audit entry. */
  approvals: string[];
  price: QuotePrice;
}

/** The fields of a draft: what was typed, priced; an address is kept as given until it is sent. */
function draftFields(input: QuoteInput, price: QuotePrice): QuoteFields {
  const c = input.customer ?? {};
  const shipping = price.shipping.kind === 'applied' ? price.shipping.method : null;
  return {
    status: 'draft',
    po_number: input.poNumber?.trim() || null,
    first_name: (c.firstName ?? '').trim(),
    last_name: (c.lastName ?? '').trim(),
    email: (c.email ?? '').trim(),
    phone: (c.phone ?? '').trim() || null,
    items: JSON.stringify(items(price)),
    addresses: JSON.stringify([input.billingAddress, input.shippingAddress].filter(Boolean).map((a, i) => ({ type: i === 0 ? 'billing' : 'shipping', ...a }))),
    subtotal_cents: price.subtotalCents,
    shipping_cents: price.shippingCents,
    tax_cents: price.taxCents,
    shipping_tax_cents: price.shippingTaxCents,
    tax_percent: price.taxPercent,
    discount_cents: price.discountCents,
    total_cents: price.totalCents,
    shipping_method: shipping?.type ?? '',
    shipping_label: shipping?.displayName ?? '',
    additional_notes: input.notes?.trim() || null,
    split_payment_enabled: input.splitPaymentEnabled === true ? 1 : 0,
    minimum_split_cents: toCents(input.minimumSplit ?? 0),
    customer_id: null,
    request: JSON.stringify(input),
  };
}

/** Everything a sent quote must be: 400 with every wrong field (the lines' were checked first). */
async function sentFields(deps: QuoteBuilderDeps, input: QuoteInput, price: QuotePrice): Promise<QuoteFields> {
  const errors: Record<string, string> = {};
  const customer = readCustomer(input.customer, errors);
  if (!input.billingAddress) errors['billingAddress'] = REQUIRED;
  const billing = address(input.billingAddress ?? {}, 'billing', customer.email, errors);
  const shipping = input.shippingAddress ? address(input.shippingAddress, 'shipping', customer.email, errors) : { ...billing, type: 'shipping' as const };
  if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', Object.values(errors)[0]!, errors);
  if (price.shipping.kind !== 'applied') {
    const field = input.shippingAddress ? 'shippingAddress.zipCode' : 'billingAddress.zipCode';
    throw new ApiError(400, 'validation_failed', NO_METHODS, { [field]: NO_METHODS });
  }
  if (price.totalCents <= 0) throw new ApiError(400, 'validation_failed', QUOTE_TOTAL_ZERO, { total: QUOTE_TOTAL_ZERO });
  const account = await new CustomerService(deps.q).byEmail(customer.email);
  return {
    ...draftFields(input, price),
    status: 'ready_to_order',
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone: customer.phone || billing.phoneNumber,
    addresses: JSON.stringify([billing, shipping]),
    shipping_method: price.shipping.method.type,
    shipping_label: price.shipping.method.displayName,
    customer_id: account ? String(account.id) : null,
  };
}

/** Checks and prices the request, stores a new quote (a draft, or sent). */
export async function buildQuote(deps: QuoteBuilderDeps, input: QuoteInput, caller: Caller, extra: Pick<QuoteFields, 'lead_id'> = {}): Promise<BuiltQuote> {
  const { price, approvals, discountApproval } = priceRequest(deps, input, caller);
  const fields = input.draft === true ? draftFields(input, price) : await sentFields(deps, input, price);
  return { quote: await deps.quotes.store({ ...fields, ...extra, discount_approval: discountApproval && JSON.stringify(discountApproval) }), approvals, price };
}

const staleDraft = () => new ApiError(409, 'draft_stale', QUOTE_DRAFT_STALE);

/**
 * Replaces a draft (409 once it was sent), or sends it. With the `revision` it was opened at, a
 * save over a later one (another operator's, made meanwhile) is refused rather than lost.
 */
export async function updateDraft(deps: QuoteBuilderDeps, id: number, input: QuoteInput, caller: Caller, current: QuoteRow, revision?: string): Promise<BuiltQuote> {
  if (current.status !== 'draft') throw new ApiError(409, 'quote_sent', QUOTE_NOT_DRAFT);
  if (revision !== undefined && revision !== draftRevision(current)) throw staleDraft();
  const held = { request: current.request ? (JSON.parse(current.request) as QuoteInput) : null, approval: readApproval(current.discount_approval) };
  const { price, approvals, discountApproval } = priceRequest(deps, input, caller, held);
  const fields = input.draft === true ? draftFields(input, price) : await sentFields(deps, input, price);
  const approvalText = discountApproval && JSON.stringify(discountApproval);
  // The approval the discount passed on must still be the draft's when it is written.
  const quote = await deps.quotes.replaceDraft(id, { ...fields, discount_approval: approvalText }, revision === undefined ? undefined : current.request, current.discount_approval);
  if (quote === 'stale') throw staleDraft();
  if (!quote) throw new ApiError(409, 'quote_sent', QUOTE_NOT_DRAFT);
  return { quote, approvals, price };
}
