/**
 * The e-mails an order change sends, written into the outbox inside the command's transaction (pass
 * its handle): they go out exactly when the change holds. Each takes the order as the command
 * loaded it, never reads it again, and answers the lines the order's history gets for it (the
 * command writes them with its own).
 */
import type { Queries } from '../db/queries';
import type { MailConfig } from '../mail/mail-config';
import { renderAdminOrder, renderOrderConfirmation, renderRefund, renderRefundDue, renderSplitPaymentConfirmation, type OverpaymentInfo } from '../mail/mail-templates';
import { REFUND_REASON_LABELS, type RefundReason } from '../../schemas/api/refund-view';
import { enqueueMail, enqueueMails, type OutgoingMail } from '../mail/outbox';
import type { HistoryLine } from './order-rows';
import { orderView, refundLinesOf, type OrderRecord, type OrderView, type PaymentRow, type RefundRow } from './order-view';

export interface MailContext {
  mail: MailConfig;
  publicUrl: string;
  /** A dealer's name by its id (dealers.json); null for an id it does not know. */
  dealerName?(id: string): string | null;
}

/** The name of the dealer an order came through, for its mails; null for the store's own pages. */
export function dealerNameOf(ctx: MailContext, record: OrderRecord): string | null {
  const id = record.order.dealer_origin;
  return id === null ? null : (ctx.dealerName?.(id) ?? null);
}

/** Where the order's mails go: the billing address's e-mail, else the order's. */
export function billingEmail(order: Pick<OrderView, 'addresses' | 'email'>): string {
  return order.addresses.find((a) => a.type === 'billing')?.email ?? order.email;
}

/**
 * The customer's and the admins' confirmations of a paid order. `firstTime`: the order was not
 * confirmed before (the command marks it emailSent, and the history says who was told).
 */
export async function queueOrderConfirmation(tx: Queries, ctx: MailContext, record: OrderRecord): Promise<{ lines: HistoryLine[]; firstTime: boolean }> {
  const order = orderView(record);
  const [admin, ...cc] = ctx.mail.adminEmails;
  const customer = billingEmail(order);
  // publicUrl: an e-mail to a newsletter subscriber carries the unsubscribe link (mail/list-unsubscribe.ts).
  const mails: OutgoingMail[] = [{ type: 'order-confirmation', orderId: order.id, recipient: customer, cc: [], dedupeKey: `order-confirmation:${order.id}`, ...renderOrderConfirmation(order, { completePaymentLink: completePaymentLink(ctx, order), dealerName: dealerNameOf(ctx, record) }) }];
  if (admin) mails.push({ type: 'order-confirmation-admin', orderId: order.id, recipient: admin, cc, dedupeKey: `order-confirmation-admin:${order.id}`, ...renderAdminOrder(order, { dealerName: dealerNameOf(ctx, record) }) });
  await enqueueMails(tx, mails, { publicUrl: ctx.publicUrl });
  const firstTime = record.order.email_sent === 0;
  return { lines: firstTime ? [{ status: record.order.status, comment: `Order confirmation e-mail sent to ${customer}.`, notified: true }] : [], firstTime };
}

/** The split-payment page of the order, with its number and e-mail filled in (the page looks it up at once). */
export function completePaymentLink(ctx: Pick<MailContext, 'publicUrl'>, order: Pick<OrderView, 'orderIncrementId' | 'email'>): string {
  const url = new URL('/order/split-payment', ctx.publicUrl);
  url.searchParams.set('orderId', order.orderIncrementId);
  url.searchParams.set('email', order.email);
  return url.href;
}

/** The confirmation of one payment of an order paid in parts. */
export async function queueSplitPaymentConfirmation(tx: Queries, ctx: MailContext, record: OrderRecord, payment: PaymentRow): Promise<HistoryLine[]> {
  const order = orderView(record);
  const queued = await enqueueMail(
    tx,
    {
      type: 'split-payment-confirmation',
      orderId: order.id,
      recipient: billingEmail(order),
      cc: [],
      dedupeKey: `split-payment-confirmation:${payment.id}`,
      ...renderSplitPaymentConfirmation(order, { currentCents: payment.amount_cents, method: payment.method_label, completePaymentLink: completePaymentLink(ctx, order) }),
    },
    { publicUrl: ctx.publicUrl },
  );
  return queued ? [{ status: record.order.status, comment: `Payment confirmation e-mail sent to ${billingEmail(order)}.`, notified: true }] : [];
}

/**
 * To the admins: a completed payment took more than the order owed, a refund is due. Once per
 * payment (its dedupe key), whatever the number of verify calls and webhooks.
 */
export async function queueRefundDueNotice(tx: Queries, ctx: MailContext, record: OrderRecord, paymentId: number, info: OverpaymentInfo): Promise<void> {
  const [admin, ...cc] = ctx.mail.adminEmails;
  if (!admin) return;
  await enqueueMail(tx, { type: 'refund-due-admin', orderId: record.order.id, recipient: admin, cc, dedupeKey: `refund-due-admin:${paymentId}`, ...renderRefundDue(orderView(record), info) });
}

/** What a refund by line brought back, as the customer reads it: "1 × W3030 Wall cabinet". */
function returnedWords(record: OrderRecord, refundId: number): string[] {
  return refundLinesOf(record, refundId).map((l) => `${l.qty} × ${l.sku}${l.name && l.name !== l.sku ? ` ${l.name}` : ''}`);
}

/**
 * To the customer: money given back on their order (`record` already holds the refund). Once per
 * refund (its dedupe key), whichever of the store's call and the gateway's webhook records it first.
 */
export async function queueRefundMail(tx: Queries, ctx: MailContext, record: OrderRecord, refund: RefundRow): Promise<HistoryLine[]> {
  const order = orderView(record);
  const payment = record.payments.find((p) => p.id === refund.payment_id);
  const data = payment ? (JSON.parse(payment.additional_data || '{}') as Record<string, unknown>) : {};
  const card = typeof data.cardLast4 === 'string' ? ` ending ${data.cardLast4}` : '';
  const paidWith = `${payment?.method_label ?? 'Your payment'}${card}`;
  const accountLink = record.order.customer_id !== null ? new URL(`/my-account/orders/${encodeURIComponent(order.orderIncrementId)}`, ctx.publicUrl).href : null;
  const queued = await enqueueMail(
    tx,
    {
      type: 'refund',
      orderId: order.id,
      recipient: billingEmail(order),
      cc: [],
      dedupeKey: `refund:${refund.id}`,
      ...renderRefund(order, { amountCents: refund.amount_cents, reason: REFUND_REASON_LABELS[refund.reason as RefundReason] ?? 'Refund', paidWith, settling: refund.status === 'pending', accountLink, returned: returnedWords(record, refund.id) }),
    },
    { publicUrl: ctx.publicUrl },
  );
  return queued ? [{ status: record.order.status, comment: `Refund e-mail sent to ${billingEmail(order)}.`, notified: true }] : [];
}
