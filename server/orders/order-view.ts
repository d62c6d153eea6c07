/**
 * Reading an order with its items, addresses, payments and history, and its API form (dollars with
 * two decimals, the storefront's field names).
 */
import { sql } from 'kysely';
import { toDollars } from '../../schemas/money';
import type { LineDetail } from '../../schemas/evaluators/quote-lines';
import type { Queries } from '../db/queries';
import type { PaymentOverpaymentTable, PaymentRefundLineTable, PaymentRefundTable, PaymentTable, SalesOrderAddressTable, SalesOrderItemTable, SalesOrderStatusHistoryTable, SalesOrderTable } from '../db/tables';
import { REFUND_HOLDING_STATUSES, REFUND_REASON_LABELS, type RefundReason } from '../../schemas/api/refund-view';
import { lineShares } from '../../schemas/evaluators/line-refunds';

type Row<T> = { [K in keyof T]: T[K] extends import('kysely').Generated<infer U> ? U : T[K] };

export type OrderRow = Row<SalesOrderTable>;
export type OrderItemRow = Row<SalesOrderItemTable>;
export type OrderAddressRow = Row<SalesOrderAddressTable>;
export type PaymentRow = Row<PaymentTable>;
export type HistoryRow = Row<SalesOrderStatusHistoryTable>;
export type RefundRow = Row<PaymentRefundTable>;
export type RefundLineRow = Row<PaymentRefundLineTable>;
export type OverpaymentRow = Row<PaymentOverpaymentTable>;

export interface OrderRecord {
  order: OrderRow;
  items: OrderItemRow[];
  addresses: OrderAddressRow[];
  payments: PaymentRow[];
  history: HistoryRow[];
  /** Refunds and voids asked for on its payments (server/orders/refunds.ts), oldest first. */
  refunds: RefundRow[];
  /** The lines refunds by line give back (server/orders/line-refunds.ts), oldest first. */
  refundLines: RefundLineRow[];
  /** What completed payments took above the total, flagged (a refund is due until refunded_at). */
  overpayments: OverpaymentRow[];
}

export function findOrderRow(q: Queries, id: number): Promise<OrderRow | undefined> {
  return q.firstBy('order-by-id', (v: number) => q.db.selectFrom('sales_order').selectAll().where('id', '=', v), id);
}

/** The largest id an integer column holds: a longer number is no order's id. */
const MAX_ID = 2_147_483_647;

/**
 * The id of the order a reference names, as a subquery: its increment id (the number customers
 * see), else, for digits, its id. One query whichever it is. Undefined for what is no reference.
 */
function idOfRef(q: Queries, raw: string) {
  const ref = raw.trim();
  if (!/^[A-Za-z0-9-]{1,40}$/.test(ref)) return undefined;
  const id = /^\d{1,12}$/.test(ref) && Number(ref) <= MAX_ID ? Number(ref) : undefined;
  return q.db
    .selectFrom('sales_order')
    .select('id')
    .where((eb) => (id === undefined ? eb('increment_id', '=', ref) : eb.or([eb('increment_id', '=', ref), eb('id', '=', id)])))
    .orderBy(sql`case when increment_id = ${ref} then 0 else 1 end`)
    .limit(1);
}

/** The id of the order an id or increment id names. In a transaction, pass its handle. */
export async function resolveOrderId(q: Queries, raw: string): Promise<number | undefined> {
  const query = idOfRef(q, raw);
  return query ? (await q.first(query))?.id : undefined;
}

/** The order row an id or increment id names, in one query. */
export async function findOrderByRef(q: Queries, raw: string): Promise<OrderRow | undefined> {
  const id = idOfRef(q, raw);
  return id ? q.first(q.db.selectFrom('sales_order').selectAll().where('id', '=', id)) : undefined;
}

/** The order's payments, oldest first: all a charge decides on besides the order's row. */
export function loadPayments(q: Queries, orderId: number): Promise<PaymentRow[]> {
  return q.allBy('payments-by-order', (v: number) => q.db.selectFrom('payment').selectAll().where('order_id', '=', v).orderBy('id'), orderId) as Promise<PaymentRow[]>;
}

/** The order and what belongs to it; inside a transaction, pass its handle. */
export async function loadOrder(q: Queries, id: number): Promise<OrderRecord | undefined> {
  const order = await findOrderRow(q, id);
  if (!order) return undefined;
  return {
    order,
    items: await q.allBy('items-by-order', (v: number) => q.db.selectFrom('sales_order_item').selectAll().where('order_id', '=', v).orderBy('id'), id),
    addresses: await q.allBy('addresses-by-order', (v: number) => q.db.selectFrom('sales_order_address').selectAll().where('order_id', '=', v).orderBy('id'), id),
    payments: await q.allBy('payments-by-order', (v: number) => q.db.selectFrom('payment').selectAll().where('order_id', '=', v).orderBy('id'), id),
    history: await q.allBy('history-by-order', (v: number) => q.db.selectFrom('sales_order_status_history').selectAll().where('order_id', '=', v).orderBy('id'), id),
    refunds: await q.allBy('refunds-by-order', (v: number) => q.db.selectFrom('payment_refund').selectAll().where('order_id', '=', v).orderBy('id'), id),
    refundLines: await q.allBy('refund-lines-by-order', (v: number) => q.db.selectFrom('payment_refund_line').selectAll().where('order_id', '=', v).orderBy('id'), id),
    overpayments: await q.allBy('overpayments-by-order', (v: number) => q.db.selectFrom('payment_overpayment').selectAll().where('order_id', '=', v).orderBy('id'), id),
  };
}

/**
 * Locks the order's row and loads the order with everything that belongs to it, inside the
 * caller's transaction: the first step of every command that changes an order (FOR UPDATE on
 * PostgreSQL; SQLite's write transaction already holds its one lock). Whoever changes the order
 * next reads it after this one's commit. On PostgreSQL, two round trips: the lock, then everything
 * else in one query, read after the lock is held (a query that waited for a lock sees the rows
 * committed before it began, not those of the transaction it waited for).
 */
export async function loadOrderForUpdate(tx: Queries, id: number): Promise<OrderRecord | undefined> {
  if (tx.engine !== 'postgres') return loadOrder(tx, id);
  const order = await tx.first(tx.lockRow(tx.db.selectFrom('sales_order').selectAll().where('id', '=', id)));
  return order ? withParts(tx, order as OrderRow) : undefined;
}

/** `loadOrderForUpdate` for an id or increment id (a payment's metadata): the lock finds the order itself. */
export async function loadOrderForUpdateByRef(tx: Queries, raw: string): Promise<OrderRecord | undefined> {
  const id = idOfRef(tx, raw);
  if (!id) return undefined;
  if (tx.engine !== 'postgres') {
    const found = await tx.first(id);
    return found ? loadOrder(tx, found.id) : undefined;
  }
  const order = await tx.first(tx.lockRow(tx.db.selectFrom('sales_order').selectAll().where('id', '=', id)));
  return order ? withParts(tx, order as OrderRow) : undefined;
}

/** Everything that belongs to a locked order, in one query read after the lock (PostgreSQL). */
async function withParts(tx: Queries, order: OrderRow): Promise<OrderRecord> {
  const parts = (table: string) => sql.raw(`(select coalesce(json_agg(t order by t.id), '[]'::json) from ${table} t where t.order_id = ${Number(order.id)})`);
  const [rest] = await tx.rows<Omit<OrderRecord, 'order'>>(
    sql`select ${parts('sales_order_item')} as items, ${parts('sales_order_address')} as addresses, ${parts('payment')} as payments, ${parts('sales_order_status_history')} as history, ${parts('payment_refund')} as refunds, ${parts('payment_refund_line')} as "refundLines", ${parts('payment_overpayment')} as overpayments`,
  );
  return { order, ...rest! };
}

/** Sum of completed payments, in cents. */
export function paidCents(payments: readonly PaymentRow[]): number {
  return payments.filter((p) => p.status === 'completed').reduce((a, p) => a + p.amount_cents, 0);
}

/** Balance = total minus completed payments, never below zero. */
export function balanceCents(order: OrderRow, payments: readonly PaymentRow[]): number {
  return Math.max(0, order.total_cents - paidCents(payments));
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function addressView(a: OrderAddressRow) {
  return {
    id: a.id,
    type: a.type,
    email: a.email,
    firstName: a.first_name,
    lastName: a.last_name,
    street1: a.street1,
    street2: a.street2 ?? '',
    city: a.city,
    state: a.state,
    zipCode: a.zip_code,
    countryId: a.country_id,
    phoneNumber: a.phone_number,
    ...(a.customer_id ? { customerId: a.customer_id } : {}),
  };
}

export function paymentView(p: PaymentRow) {
  const amount = toDollars(p.amount_cents);
  return {
    id: p.id,
    method: p.method,
    methodLabel: p.method_label,
    gateway: p.gateway,
    status: p.status,
    amount,
    amountPaid: p.status === 'completed' ? amount : 0,
    transactionId: p.transaction_id,
    createdAt: p.created_at,
    additionalData: parseJson<Record<string, unknown>>(p.additional_data, {}),
  };
}

/** Given back on the order's payments: refunds that succeeded or settle (a void gives nothing back: it took nothing). */
export function refundedCentsOf(refunds: readonly RefundRow[], paymentId?: number): number {
  return refunds.filter((r) => (paymentId === undefined || r.payment_id === paymentId) && r.kind === 'refund' && (r.status === 'succeeded' || r.status === 'pending')).reduce((a, r) => a + r.amount_cents, 0);
}

/** The units a refund by line brought back, with their lines' SKU and name. */
export function refundLinesOf(record: Pick<OrderRecord, 'items' | 'refundLines'>, refundId: number) {
  return record.refundLines
    .filter((l) => l.refund_id === refundId)
    .map((l) => {
      const item = record.items.find((i) => i.id === l.item_id);
      return { itemId: l.item_id, sku: item?.sku ?? '', name: item?.name ?? '', qty: l.qty, amountCents: l.amount_cents };
    });
}

/** What each line of the order has given back or is asked to: the units of refunds that still hold their money. */
export function returnedQuantities(record: Pick<OrderRecord, 'refunds' | 'refundLines'>): Map<number, number> {
  const holding = new Set(record.refunds.filter((r) => REFUND_HOLDING_STATUSES.includes(r.status)).map((r) => r.id));
  const returned = new Map<number, number>();
  for (const line of record.refundLines) if (holding.has(line.refund_id)) returned.set(line.item_id, (returned.get(line.item_id) ?? 0) + line.qty);
  return returned;
}

/** The refunds a customer sees on their order: money given back, or on its way, and what came back. */
export function customerRefundsView(record: Pick<OrderRecord, 'items' | 'refunds' | 'refundLines'>) {
  return record.refunds
    .filter((r) => r.kind === 'refund' && (r.status === 'succeeded' || r.status === 'pending'))
    .map((r) => {
      const returned = refundLinesOf(record, r.id).map((l) => ({ sku: l.sku, name: l.name, qty: l.qty }));
      return { amount: toDollars(r.amount_cents), status: r.status as 'succeeded' | 'pending', reason: REFUND_REASON_LABELS[r.reason as RefundReason] ?? 'Refund', ...(returned.length ? { returned } : {}), createdAt: r.created_at };
    });
}

export type OrderView = ReturnType<typeof orderView>;

export function orderView(r: OrderRecord) {
  const o = r.order;
  const returned = returnedQuantities(r);
  const shares = lineShares(o, r.items);
  const paid = paidCents(r.payments);
  const balance = balanceCents(o, r.payments);
  const refunded = refundedCentsOf(r.refunds);
  const paymentStatus =
    paid > 0 && refunded >= paid ? 'refunded' : refunded > 0 ? 'partially_refunded' : paid === 0 ? (r.payments.some((p) => p.status === 'pending' || p.status === 'on_hold') ? 'pending' : 'unpaid') : balance === 0 ? 'paid' : 'partially_paid';
  return {
    id: o.id,
    orderIncrementId: o.increment_id ?? String(o.id),
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    state: o.state,
    status: o.status,
    paymentStatus,
    orderCurrencyCode: o.currency,
    email: o.email,
    firstName: o.first_name,
    lastName: o.last_name,
    ...(o.phone ? { phone: o.phone } : {}),
    customerIsGuest: o.customer_is_guest === 1,
    ...(o.customer_id ? { customerId: o.customer_id } : {}),
    poNumber: o.po_number,
    quoteId: o.quote_id,
    items: r.items.map((i, n) => ({
      id: i.id,
      sku: i.sku,
      name: i.name,
      styleName: i.style_name,
      styleTitle: i.style_title,
      price: toDollars(i.price_cents),
      originalPrice: toDollars(i.original_price_cents),
      priceInclTax: toDollars(i.price_incl_tax_cents),
      qty: i.qty,
      weight: i.weight,
      rowWeight: i.row_weight,
      rowTotal: toDollars(i.row_total_cents),
      taxPercent: i.tax_percent,
      taxAmount: toDollars(i.tax_cents),
      rowTotalInclTax: toDollars(i.row_total_incl_tax_cents),
      customOptions: parseJson<unknown[]>(i.custom_options, []),
      notes: i.notes ?? '',
      ...(i.detail ? { detail: parseJson<LineDetail | null>(i.detail, null) ?? undefined } : {}),
      qtyReturned: returned.get(i.id) ?? 0,
      discountShare: toDollars(shares[n]!.discountCents),
      taxShare: toDollars(shares[n]!.taxCents),
    })),
    addresses: r.addresses.map(addressView),
    payments: r.payments.map(paymentView),
    payment: { method: o.payment_method, methodLabel: o.payment_method_label },
    // The seller's own lines (who asked for a refund and why) are not the customer's to read.
    statusHistory: r.history.filter((h) => h.internal !== 1).map((h) => ({ status: h.status, comment: h.comment, isCustomerNotified: h.is_customer_notified === 1, createdAt: h.created_at })),
    subtotal: toDollars(o.subtotal_cents),
    subtotalInclTax: toDollars(o.subtotal_cents + r.items.reduce((a, i) => a + i.tax_cents, 0)),
    shippingAmount: toDollars(o.shipping_cents),
    shippingTaxAmount: toDollars(o.shipping_tax_cents),
    shippingInclTax: toDollars(o.shipping_cents + o.shipping_tax_cents),
    shippingMethod: o.shipping_method,
    shippingLabel: o.shipping_label,
    taxAmount: toDollars(o.tax_cents),
    taxPercent: o.tax_percent,
    discountAmount: toDollars(o.discount_cents),
    total: toDollars(o.total_cents),
    weight: o.weight,
    totalItemCount: o.total_item_count,
    additionalNotes: o.additional_notes ?? '',
    emailSent: o.email_sent === 1,
    splitPaymentEnabled: o.split_payment_enabled === 1,
    minimumSplitAmount: toDollars(o.minimum_split_cents),
    paidAmount: toDollars(paid),
    refundedAmount: toDollars(refunded),
    refunds: customerRefundsView(r),
    remainingBalance: toDollars(balance),
  };
}
