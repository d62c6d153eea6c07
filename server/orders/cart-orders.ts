/**
 * Placing an order from a cart (the checkout's POST /api/order), and what may change on it before it
 * is paid: the cart on a retry with the same Idempotency-Key, and the addresses.
 *
 * One Idempotency-Key places one order. The key's record is claimed first, by an INSERT the unique
 * (scope, idempotency_key) decides: of two requests with one key (a double click, a retry, another
 * server), one inserts it and places the order; the other waits on the index until that commits,
 * then reads the record and answers with the same order. On PostgreSQL the claim takes the order's
 * id from its sequence, and the claim, the order, its lines, addresses and history are one
 * statement: a new order costs one round trip. A key seen before runs in a transaction of its own.
 */
import type { RequestBody } from '../../schemas/api/endpoint';
import type { createOrderEndpoint } from '../../schemas/api/orders';
import { offeredPaymentMethods, type PaymentScope } from '../../schemas/payment-method-selection';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { ShippingMethod } from '../../schemas/shipping.schema';
import type { TaxRule } from '../../schemas/tax.schema';
import type { Queries } from '../db/queries';
import { computeTotals, readCartLines, type CartLine, type CartTotals } from '../services/cart-totals';
import { isEmail, nowIso } from '../services/request-input';
import type { SampleCatalog } from '../services/sample-catalog';
import { sha256Hex } from '../services/secrets';
import { addressColumns, readAddresses, type OrderAddress } from './order-address';
import { OrderError, orderNotFound } from './order-errors';
import type { DealerAttribution } from '../../schemas/dealers.schema';
import { changeOrder, insertOrder, insertOrderInOneStatement, nextOrderIdSql, replaceLinesAndAddresses, type NewItem, type NewOrder } from './order-rows';
import { isPayable, STATE_OF_STATUS } from './order-status';
import { loadOrderForUpdate, orderView, paidCents, type OrderRecord, type OrderView, type PaymentRow } from './order-view';

export const QUOTE_ADDRESSES_FIXED = 'The addresses of an order made from a quote are those of the quote. Please contact us to change them.';
export const CART_LOCKED = 'A payment for this order is in progress; the cart cannot change until it completes or fails.';
export const NO_SHIPPING_MESSAGE = 'Sorry, no shipping methods are available for the selected shipping address.';
export const ORDER_ALREADY_PAID_RETRY = 'This order has already been paid; start a new checkout to order again.';

/** The body of POST /api/order, as its contract checked it. */
export type CreateOrderBody = RequestBody<typeof createOrderEndpoint>;

export interface OrderInput {
  lines: CartLine[];
  billing: OrderAddress;
  shipping: OrderAddress;
  email: string;
  firstName: string;
  lastName: string;
  paymentMethod: PaymentMethod;
  additionalNotes: string | null;
  poNumber: string | null;
}

export interface CommerceRules {
  shippingMethods: readonly ShippingMethod[];
  taxRules: readonly TaxRule[];
  paymentMethods: readonly PaymentMethod[];
}

export interface CartOrdersDeps {
  q: Queries;
  catalog: SampleCatalog;
  rules: CommerceRules;
}

/**
 * True while a payment holds the order: it is paid (in part or in full), past the payable statuses,
 * or a payment is pending or on hold with the provider. Neither the cart nor the addresses of such an
 * order may change, so the amount being paid is the amount stored.
 */
export function paymentLocksOrder(status: string, payments: readonly PaymentRow[]): boolean {
  return !isPayable(status) || payments.some((p) => p.status === 'completed' || p.status === 'pending' || p.status === 'on_hold');
}

/** The payment method of a request: a name offered in the scope, or 'Please select a payment method'. */
export function choosePaymentMethod(methods: readonly PaymentMethod[], raw: unknown, scope: PaymentScope): PaymentMethod {
  const name = typeof raw === 'string' ? raw.trim() : '';
  const offered = offeredPaymentMethods(methods, scope);
  const found = offered.find((m) => m.name === name) ?? offered.find((m) => m.gateway === name);
  if (!found) throw new OrderError('invalid', 'validation_failed', 'Please select a payment method', { paymentMethod: 'Please select a payment method' });
  return found;
}

/**
 * An order request its contract has checked (schemas/api/orders.ts), checked for what a schema
 * cannot say: the catalog's SKUs and one unit per sample, the one e-mail rule, the checkout field
 * rules of the addresses, a payment method offered for sample orders. Prices, totals, status and
 * state in the body are ignored.
 */
export function parseOrderInput(deps: CartOrdersDeps, body: CreateOrderBody): OrderInput {
  const lines = readCartLines(body.items, deps.catalog);
  const topEmail = body.email?.trim() || undefined;
  if (topEmail !== undefined && !isEmail(topEmail)) throw new OrderError('invalid', 'validation_failed', 'Invalid email address', { email: 'Invalid email address' });
  const { billing, shipping } = readAddresses(body, topEmail);
  const rawMethod = body.paymentMethod ?? body.payment?.method ?? body.payments?.[0]?.method;
  const paymentMethod = choosePaymentMethod(deps.rules.paymentMethods, rawMethod, 'sample-order');
  if (body.shippingMethod === 'no-methods') throw noShipping();
  return {
    lines,
    billing,
    shipping,
    email: topEmail ?? billing.email,
    firstName: body.firstName?.trim() || billing.firstName,
    lastName: body.lastName?.trim() || billing.lastName,
    paymentMethod,
    additionalNotes: body.additionalNotes?.trim() || null,
    poNumber: body.poNumber?.trim() || null,
  };
}

function noShipping(): OrderError {
  return new OrderError('invalid', 'no_shipping_method', NO_SHIPPING_MESSAGE, { shippingMethod: NO_SHIPPING_MESSAGE });
}

export function totalsFor(rules: CommerceRules, input: OrderInput): CartTotals {
  const totals = computeTotals(input.lines, input.shipping, rules);
  if (totals.shipping.kind !== 'applied') throw noShipping();
  return totals;
}

function requestHash(input: OrderInput): string {
  return sha256Hex(
    JSON.stringify({
      l: input.lines.map((l) => [l.sample.sku, l.qty, l.customOptions]),
      b: input.billing,
      s: input.shipping,
      e: input.email,
      n: [input.firstName, input.lastName],
      p: input.paymentMethod.name,
      o: [input.additionalNotes, input.poNumber],
    }),
  );
}

/** The order's columns that come from the cart and its totals. */
function totalsColumns(totals: CartTotals) {
  const method = totals.shipping.kind === 'applied' ? totals.shipping.method : null;
  return {
    subtotal_cents: totals.subtotalCents,
    shipping_cents: totals.shippingCents,
    shipping_tax_cents: totals.shippingTaxCents,
    tax_cents: totals.taxCents,
    discount_cents: totals.discountCents,
    total_cents: totals.totalCents,
    tax_percent: totals.taxPercent,
    weight: totals.weight,
    total_item_count: totals.totalItemCount,
    shipping_method: method?.type ?? 'no-methods',
    shipping_label: method?.displayName ?? '',
  };
}

function customerColumns(input: OrderInput) {
  return {
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    phone: input.billing.phoneNumber,
    payment_method: input.paymentMethod.name,
    payment_method_label: input.paymentMethod.title,
    po_number: input.poNumber,
    additional_notes: input.additionalNotes,
  };
}

function itemColumns(totals: CartTotals): NewItem[] {
  return totals.lines.map((l) => ({
    sku: l.sample.sku,
    name: l.sample.name,
    style_name: l.sample.styleName,
    style_title: l.sample.styleTitle,
    price_cents: l.sample.priceCents,
    original_price_cents: l.sample.priceCents,
    price_incl_tax_cents: l.priceInclTaxCents,
    qty: l.qty,
    weight: l.sample.weight,
    row_weight: l.rowWeight,
    row_total_cents: l.rowTotalCents,
    tax_percent: l.taxPercent,
    tax_cents: l.taxCents,
    row_total_incl_tax_cents: l.rowTotalCents + l.taxCents,
    custom_options: JSON.stringify(l.customOptions),
    notes: null,
  }));
}

/**
 * Where an order came from: the dealer credited with it (its id) and what that rests on, or the
 * calling origin with no attribution (a page of no dealer), or nothing (the store's own pages).
 */
export interface OrderDealer {
  origin: string | null;
  attribution: DealerAttribution | null;
}

/** A customer's order (placed while signed in) belongs to them; any other is a guest order. */
function newOrderRow(input: OrderInput, totals: CartTotals, dealer: OrderDealer, customerId: number | null, now: string): NewOrder {
  return {
    state: STATE_OF_STATUS.pending,
    status: 'pending',
    ...customerColumns(input),
    customer_is_guest: customerId === null ? 1 : 0,
    customer_id: customerId === null ? null : String(customerId),
    dealer_origin: dealer.origin,
    dealer_attribution: dealer.attribution,
    currency: 'USD',
    ...totalsColumns(totals),
    quote_id: null,
    split_payment_enabled: 0,
    minimum_split_cents: 0,
    email_sent: 0,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Places the order, or with an Idempotency-Key already seen: answers the same order (same
 * request), or updates that order while it is unpaid (a changed cart after a failed payment: the
 * order is updated, not duplicated), or refuses (it is already paid).
 */
export async function placeFromCart(deps: CartOrdersDeps, input: OrderInput, idempotencyKey: string | null, dealer: OrderDealer, customerId: number | null): Promise<{ order: OrderView; created: boolean }> {
  const totals = totalsFor(deps.rules, input);
  const hash = requestHash(input);
  const newParts = (now: string) => ({
    items: itemColumns(totals),
    addresses: [addressColumns(input.billing), addressColumns(input.shipping)],
    history: [{ status: 'pending', comment: 'New order has been created' }],
    now,
  });
  if (deps.q.engine === 'postgres') {
    // A new key (or none): the claim and the whole order in one statement, atomic without a
    // transaction around it, one round trip. A key seen before writes nothing and goes below.
    const now = nowIso();
    const claim = idempotencyKey ? { key: idempotencyKey, requestHash: hash } : undefined;
    const placed = await insertOrderInOneStatement(deps.q, newOrderRow(input, totals, dealer, customerId, now), newParts(now), claim);
    if (placed) return { order: orderView(placed), created: true };
  }
  return deps.q.transactionBatched(async (tx) => {
    const now = nowIso();
    const claim = idempotencyKey ? await claimKey(tx, idempotencyKey, hash, now) : { reservedId: undefined };
    if ('existing' in claim) return sameKeyAgain(tx, claim.existing, input, totals, hash);
    const record = await insertOrder(tx, newOrderRow(input, totals, dealer, customerId, now), { ...newParts(now), id: claim.reservedId });
    return { order: orderView(record), created: true };
  });
}

type Claim = { reservedId: number | undefined } | { existing: { id: number; request_hash: string; order_id: number | null } };

/** Claims the key: a new record, with the id of the order it places reserved, or the one already there. */
async function claimKey(tx: Queries, key: string, hash: string, now: string): Promise<Claim> {
  const reserve = nextOrderIdSql(tx.engine);
  const build = (..._values: unknown[]) =>
    tx.db
      .insertInto('idempotency_record')
      .values({ scope: 'order', idempotency_key: key, request_hash: hash, order_id: reserve, response: null, created_at: now })
      .onConflict((oc) => oc.columns(['scope', 'idempotency_key']).doNothing())
      .returning('order_id');
  // Compiled once: the values below are what it binds, in order.
  const inserted = await tx.firstBy('order-claim', build, 'order', key, hash, null, now);
  if (inserted) return { reservedId: inserted.order_id! };
  const existing = await tx.first(tx.db.selectFrom('idempotency_record').select(['id', 'request_hash', 'order_id']).where('scope', '=', 'order').where('idempotency_key', '=', key));
  return { existing: existing! };
}

/** The same key again: the same order, or its cart changed while it is unpaid, or a refusal. */
async function sameKeyAgain(tx: Queries, record: { id: number; request_hash: string; order_id: number | null }, input: OrderInput, totals: CartTotals, hash: string): Promise<{ order: OrderView; created: boolean }> {
  // The order's lock before it is read: a payment being applied to it waits, or went first.
  const existing = record.order_id === null ? undefined : await loadOrderForUpdate(tx, record.order_id);
  if (!existing) throw orderNotFound();
  if (record.request_hash === hash) return { order: orderView(existing), created: false };
  if (!isPayable(existing.order.status) || paidCents(existing.payments) > 0) throw new OrderError('conflict', 'order_already_paid', ORDER_ALREADY_PAID_RETRY);
  // A payment pending or on hold is for the stored cart: the cart waits until it completes or fails.
  if (paymentLocksOrder(existing.order.status, existing.payments)) throw cartLocked();
  const changed = await rewriteOrder(tx, existing, input, totals, 'Order updated after a failed payment.');
  await tx.run(tx.db.updateTable('idempotency_record').set({ request_hash: hash }).where('id', '=', record.id));
  return { order: orderView(changed), created: false };
}

/** A new cart or new addresses on an unpaid order, with a line in its history (inside the caller's transaction, which holds its lock). */
async function rewriteOrder(tx: Queries, record: OrderRecord, input: OrderInput, totals: CartTotals, comment: string): Promise<OrderRecord> {
  const now = nowIso();
  const parts = await replaceLinesAndAddresses(tx, record.order.id, itemColumns(totals), [addressColumns(input.billing), addressColumns(input.shipping)]);
  const { order, history } = await changeOrder(tx, record.order.id, { ...totalsColumns(totals), ...customerColumns(input), updated_at: now }, [{ status: record.order.status, comment }], now);
  return { ...record, order, ...parts, history: [...record.history, ...history] };
}

export function cartLocked(): OrderError {
  return new OrderError('conflict', 'order_locked', CART_LOCKED);
}

/** New addresses for an unpaid order; totals follow the new shipping address. */
export function updateAddresses(deps: CartOrdersDeps, orderId: number, body: Record<string, unknown>): Promise<OrderView> {
  return deps.q.transaction(async (tx) => {
    // The order's lock before the check: a payment applied meanwhile waits, or went first and is seen.
    const record = await loadOrderForUpdate(tx, orderId);
    if (!record) throw orderNotFound();
    if (paymentLocksOrder(record.order.status, record.payments)) throw new OrderError('conflict', 'order_locked', 'Addresses can only be changed before payment.');
    // A quote's shipping, tax and discount were agreed for the quote's addresses: its order keeps them.
    if (record.order.quote_id !== null) throw new OrderError('conflict', 'order_locked', QUOTE_ADDRESSES_FIXED);
    const { billing, shipping } = readAddresses(body, record.order.email);
    const lines: CartLine[] = record.items.map((i) => {
      const sample = deps.catalog.findSample(i.sku) ?? { sku: i.sku, name: i.name, priceCents: i.price_cents, weight: i.weight, styleName: i.style_name ?? '', styleTitle: i.style_title ?? '' };
      return { sample: { ...sample, priceCents: i.price_cents }, qty: i.qty, customOptions: JSON.parse(i.custom_options) as CartLine['customOptions'] };
    });
    const method = deps.rules.paymentMethods.find((m) => m.name === record.order.payment_method);
    const input: OrderInput = {
      lines,
      billing,
      shipping,
      email: record.order.email,
      firstName: record.order.first_name,
      lastName: record.order.last_name,
      paymentMethod: method ?? { name: record.order.payment_method, title: record.order.payment_method_label, enabled: true, gateway: 'test' },
      additionalNotes: record.order.additional_notes,
      poNumber: record.order.po_number,
    };
    return orderView(await rewriteOrder(tx, record, input, totalsFor(deps.rules, input), 'Addresses updated before payment.'));
  });
}

/** Marks an order as a customer's: it shows in their account, no longer a guest order (an order placed while signed in is theirs from the start). */
export async function attachOrderToCustomer(q: Queries, orderId: number, customerId: number): Promise<void> {
  await q.run(q.db.updateTable('sales_order').set({ customer_id: String(customerId), customer_is_guest: 0 }).where('id', '=', orderId));
}
