/**
 * One order as the back office's detail shows it (GET /api/studio/orders/:id): what the customer's
 * order view holds (../services/order-view.ts: items and addresses in the same form), and what only
 * the seller sees: each payment's gateway reference, the overpayments, the quote it came from, the
 * dealer, and the status moves an operator may make. Money as stored: cents to dollars, nothing recomputed.
 */
import type { OrderDetailWire, OrderPaymentState } from '../../schemas/api/back-office-orders';
import type { DealerAttribution } from '../../schemas/dealers.schema';
import { toDollars } from '../../schemas/money';
import type { Queries } from '../db/queries';
import { REFUND_REASON_LABELS, type RefundReason } from '../../schemas/api/refund-view';
import { refundableCents } from '../orders/refunds';
import { balanceCents, loadOrder, orderView, paidCents, refundedCentsOf, refundLinesOf, type OrderRecord } from '../orders/order-view';
import { paymentStateOf } from './order-list-query';
import { operatorMoves } from './order-moves';

/** The name of a dealer id of dealers.json; null for an origin or an id it does not know. */
export type DealerNames = (id: string) => string | null;

export function dealerView(origin: string | null, names: DealerNames): { id: string; name: string | null } | null {
  return origin === null ? null : { id: origin, name: names(origin) };
}

/** The detail's dealer: with what crediting it rests on (a commission is paid on proof: docs/dealers.md). */
function creditedDealer(origin: string | null, attribution: DealerAttribution | null, names: DealerNames) {
  const dealer = dealerView(origin, names);
  return dealer === null ? null : { ...dealer, attribution };
}

async function overpaymentsOf(q: Queries, orderId: number) {
  return q.all(q.db.selectFrom('payment_overpayment').selectAll().where('order_id', '=', orderId).orderBy('id'));
}

async function quoteOf(q: Queries, quoteId: number | null): Promise<{ id: number; incrementId: string } | null> {
  if (quoteId === null) return null;
  const quote = await q.first(q.db.selectFrom('quote').select(['id', 'increment_id']).where('id', '=', quoteId));
  return quote ? { id: quote.id, incrementId: quote.increment_id ?? String(quote.id) } : null;
}

/** The detail, or undefined for an order that does not exist. Inside a transaction, pass its handle. */
export async function orderDetail(q: Queries, orderId: number, dealerNames: DealerNames): Promise<OrderDetailWire | undefined> {
  const record = await loadOrder(q, orderId);
  if (!record) return undefined;
  const overpayments = await overpaymentsOf(q, orderId);
  return detailOf(record, overpayments, await quoteOf(q, record.order.quote_id), dealerNames);
}

function detailOf(
  record: OrderRecord,
  overpayments: { id: number; payment_id: number; amount_cents: number; created_at: string; refunded_at: string | null }[],
  quote: { id: number; incrementId: string } | null,
  dealerNames: DealerNames,
): OrderDetailWire {
  const o = record.order;
  const view = orderView(record);
  const paid = paidCents(record.payments);
  const paymentState: OrderPaymentState = paymentStateOf({
    paidCents: paid,
    totalCents: o.total_cents,
    refundDue: overpayments.some((v) => v.refunded_at === null),
    waiting: record.payments.some((p) => p.status === 'pending' || p.status === 'on_hold'),
    refundedCents: refundedCentsOf(record.refunds),
    refundRequested: record.refunds.some((r) => r.status === 'requested'),
  });
  return {
    id: o.id,
    incrementId: view.orderIncrementId,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    status: view.status as OrderDetailWire['status'],
    state: o.state,
    email: o.email,
    firstName: o.first_name,
    lastName: o.last_name,
    phone: o.phone,
    customerIsGuest: o.customer_is_guest === 1,
    customerId: o.customer_id,
    poNumber: o.po_number,
    additionalNotes: o.additional_notes,
    dealer: creditedDealer(o.dealer_origin, o.dealer_attribution, dealerNames),
    quote,
    items: view.items as OrderDetailWire['items'],
    addresses: view.addresses as OrderDetailWire['addresses'],
    totals: {
      subtotal: toDollars(o.subtotal_cents),
      shipping: toDollars(o.shipping_cents),
      shippingTax: toDollars(o.shipping_tax_cents),
      shippingLabel: o.shipping_label,
      shippingMethod: o.shipping_method,
      tax: toDollars(o.tax_cents),
      taxPercent: o.tax_percent,
      discount: toDollars(o.discount_cents),
      total: toDollars(o.total_cents),
      paid: toDollars(paid),
      refunded: toDollars(refundedCentsOf(record.refunds)),
      due: toDollars(balanceCents(o, record.payments)),
    },
    paymentMethod: { code: o.payment_method, label: o.payment_method_label },
    paymentState,
    payments: record.payments.map((p) => ({
      id: p.id,
      method: p.method,
      methodLabel: p.method_label,
      gateway: p.gateway,
      status: p.status as OrderDetailWire['payments'][number]['status'],
      amount: toDollars(p.amount_cents),
      transactionId: p.transaction_id,
      providerReference: p.provider_reference,
      createdAt: p.created_at,
      refunded: toDollars(refundedCentsOf(record.refunds, p.id)),
      refundable: toDollars(refundableCents(p, record.refunds)),
    })),
    refunds: record.refunds.map((r) => ({
      id: r.id,
      paymentId: r.payment_id,
      kind: r.kind,
      status: r.status,
      amount: toDollars(r.amount_cents),
      currency: r.currency,
      reason: r.reason as RefundReason,
      reasonLabel: REFUND_REASON_LABELS[r.reason as RefundReason] ?? r.reason,
      note: r.note,
      providerReference: r.provider_reference,
      failureMessage: r.failure_message,
      requestedBy: r.requested_by,
      decidedBy: r.decided_by,
      overpaymentId: r.overpayment_id,
      lines: refundLinesOf(record, r.id).map((l) => ({ itemId: l.itemId, sku: l.sku, name: l.name, qty: l.qty, amount: toDollars(l.amountCents) })),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
    overpayments: overpayments.map((v) => ({ id: v.id, paymentId: v.payment_id, amount: toDollars(v.amount_cents), createdAt: v.created_at, refundedAt: v.refunded_at })),
    // Newest first, as an operator reads a history; the id breaks ties of one instant.
    statusHistory: [...record.history]
      .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
      .map((h) => ({ id: h.id, status: h.status, comment: h.comment, customerNotified: h.is_customer_notified === 1, createdAt: h.created_at })),
    allowedStatuses: operatorMoves(o.status),
    emailSent: o.email_sent === 1,
  };
}
