/**
 * Which e-mails an order change queues (a paid order's confirmations, a split payment's
 * confirmation), written into the outbox inside the caller's transaction: pass its handle (`tx`)
 * as `q`.
 */
import type { Queries } from '../db/queries';
import type { MailConfig } from '../mail/mail-config';
import { renderAdminOrder, renderOrderConfirmation, renderRefundDue, renderSplitPaymentConfirmation, type OverpaymentInfo } from '../mail/mail-templates';
import { enqueueMail } from '../mail/outbox';
import { loadOrder, orderView, type OrderView } from './order-view';
import { nowIso } from './request-input';

export interface MailContext {
  mail: MailConfig;
  publicUrl: string;
}

/** Where the order's mails go: the billing address's e-mail, else the order's. */
export function billingEmail(order: OrderView): string {
  return order.addresses.find((a) => a.type === 'billing')?.email ?? order.email;
}

/** The customer and admin confirmations of a paid order; marks the order emailSent with a note. */
export async function queueOrderConfirmation(q: Queries, ctx: MailContext, orderId: number): Promise<void> {
  const record = await loadOrder(q, orderId);
  if (!record) return;
  const order = orderView(record);
  const [admin, ...cc] = ctx.mail.adminEmails;
  const customer = billingEmail(order);
  // publicUrl: an e-mail to a newsletter subscriber carries the unsubscribe link (mail/list-unsubscribe.ts).
  await enqueueMail(q, { type: 'order-confirmation', orderId, recipient: customer, cc: [], dedupeKey: `order-confirmation:${orderId}`, ...renderOrderConfirmation(order) }, { publicUrl: ctx.publicUrl });
  if (admin) await enqueueMail(q, { type: 'order-confirmation-admin', orderId, recipient: admin, cc, dedupeKey: `order-confirmation-admin:${orderId}`, ...renderAdminOrder(order) }, { publicUrl: ctx.publicUrl });
  if (record.order.email_sent === 0) {
    const now = nowIso();
    await q.run(q.db.updateTable('sales_order').set({ email_sent: 1, updated_at: now }).where('id', '=', orderId));
    await q.run(
      q.db.insertInto('sales_order_status_history').values({
        order_id: orderId,
        status: record.order.status,
        comment: `Order confirmation e-mail sent to ${customer}.`,
        is_customer_notified: 1,
        created_at: now,
      }),
    );
  }
}

export function completePaymentLink(ctx: MailContext, order: OrderView): string {
  const url = new URL('/order/split-payment', ctx.publicUrl);
  url.searchParams.set('orderId', order.orderIncrementId);
  url.searchParams.set('email', order.email);
  return url.href;
}

/** The split-payment confirmation of one payment, with a note in the history. */
export async function queueSplitPaymentConfirmation(q: Queries, ctx: MailContext, orderId: number, paymentId: number): Promise<void> {
  const record = await loadOrder(q, orderId);
  const payment = record?.payments.find((p) => p.id === paymentId);
  if (!record || !payment) return;
  const order = orderView(record);
  const queued = await enqueueMail(q, {
    type: 'split-payment-confirmation',
    orderId,
    recipient: billingEmail(order),
    cc: [],
    dedupeKey: `split-payment-confirmation:${paymentId}`,
    ...renderSplitPaymentConfirmation(order, { currentCents: payment.amount_cents, method: payment.method_label, completePaymentLink: completePaymentLink(ctx, order) }),
  }, { publicUrl: ctx.publicUrl });
  if (queued) {
    await q.run(
      q.db.insertInto('sales_order_status_history').values({
        order_id: orderId,
        status: record.order.status,
        comment: `Payment confirmation e-mail sent to ${billingEmail(order)}.`,
        is_customer_notified: 1,
        created_at: nowIso(),
      }),
    );
  }
}

/**
 * To the admins: a completed payment took more than the order owed, a refund is due. Once per
 * payment (its dedupe key), whatever the number of verify calls and webhooks.
 */
export async function queueRefundDueNotice(q: Queries, ctx: MailContext, orderId: number, paymentId: number, info: OverpaymentInfo): Promise<void> {
  const record = await loadOrder(q, orderId);
  const [admin, ...cc] = ctx.mail.adminEmails;
  if (!record || !admin) return;
  await enqueueMail(q, { type: 'refund-due-admin', orderId, recipient: admin, cc, dedupeKey: `refund-due-admin:${paymentId}`, ...renderRefundDue(orderView(record), info) });
}
