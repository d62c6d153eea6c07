/**
 * What changes an order's status and what sends its confirmation again: an operator's move through
 * the status machine (only the moves of ../back-office/order-moves.ts: payments make the others,
 * ./payments.ts), with or without telling the customer, and the confirmation e-mail queued again
 * (by an operator, or by the storefront's POST /api/email/send-email). Each is one transaction that
 * first locks the order's row and loads it once, so two operators, or an operator and a payment
 * webhook, never interleave: the second reads what the first wrote.
 */
import { ORDER_NOT_FOUND } from '../../schemas/api/back-office-orders';
import { operatorMoves, type OperatorOrderStatus } from '../back-office/order-moves';
import { renderOrderStatusMail } from '../back-office/order-status-mail';
import type { Queries } from '../db/queries';
import { renderOrderConfirmation } from '../mail/mail-templates';
import { enqueueMail } from '../mail/outbox';
import { RECIPIENT_MAILS_PER_HOUR, RECIPIENT_WINDOW_MS, recipientKey } from '../mail/recipient-cap';
import { nowIso } from '../services/request-input';
import { OrderError, orderNotFound } from './order-errors';
import { billingEmail, completePaymentLink, dealerNameOf, queueOrderConfirmation, type MailContext } from './order-mail';
import { addHistory, changeOrder } from './order-rows';
import { assertTransition, STATE_OF_STATUS } from './order-status';
import { loadOrderForUpdate, orderView, paidCents, type OrderView } from './order-view';

export const RESEND_NOT_CONFIRMED = 'No confirmation went out for this order yet: it is sent when the order is paid.';
export const RESEND_TOO_SOON = 'The confirmation was queued again less than a minute ago.';
export const RESEND_CAPPED = `This address was sent ${RECIPIENT_MAILS_PER_HOUR} e-mails in the last hour. Try again later, so the customer is not flooded.`;

/** The back office's "not found", in its own words (the storefront's is 'Order not found.' too, with its own code). */
export function operatorOrderNotFound(): OrderError {
  return new OrderError('not_found', 'not_found', ORDER_NOT_FOUND);
}

export interface StatusChange {
  status: OperatorOrderStatus;
  comment: string;
  notifyCustomer: boolean;
}

/**
 * An operator's move: the old and new status, for the audit log. With `notifyCustomer`, the
 * customer's e-mail of the new status and the comment is queued in the same transaction: it goes
 * out exactly when the change holds.
 */
export function moveStatusByOperator(q: Queries, mail: MailContext, orderId: number, change: StatusChange): Promise<{ from: string; to: string }> {
  return q.transaction(async (tx) => {
    const record = await loadOrderForUpdate(tx, orderId);
    if (!record) throw operatorOrderNotFound();
    const from = record.order.status;
    // The machine's own refusal first (a move no status allows), then the moves payments make.
    assertTransition(from, change.status);
    if (!operatorMoves(from).includes(change.status)) {
      throw new OrderError('conflict', 'invalid_status_transition', `An operator cannot move an order from ${from} to ${change.status}: payments do.`);
    }
    const now = nowIso();
    const { order } = await changeOrder(tx, orderId, { status: change.status, state: STATE_OF_STATUS[change.status], updated_at: now }, [{ status: change.status, comment: change.comment.trim() || `Status changed to ${change.status}.`, notified: change.notifyCustomer }], now);
    if (change.notifyCustomer) {
      const view = orderView({ ...record, order });
      const rendered = renderOrderStatusMail({ incrementId: view.orderIncrementId, firstName: view.firstName, hasAccount: order.customer_id !== null }, change.status, change.comment, mail.publicUrl);
      await enqueueMail(tx, { type: 'order-status', orderId, recipient: billingEmail(view), cc: [], dedupeKey: `order-status:${orderId}:${now}:${change.status}`, ...rendered }, { publicUrl: mail.publicUrl });
    }
    return { from, to: change.status };
  });
}

/**
 * The storefront's "send the confirmation again" (POST /api/email/send-email): the server's own
 * e-mails of a paid order, queued under their first dedupe keys, so whoever calls it never makes the
 * store send them twice (it is a public endpoint: no relay).
 */
export function requeueConfirmation(q: Queries, mail: MailContext, orderId: number): Promise<OrderView> {
  return q.transaction(async (tx) => {
    const record = await loadOrderForUpdate(tx, orderId);
    if (!record) throw orderNotFound();
    if (paidCents(record.payments) === 0) throw new OrderError('conflict', 'order_not_paid', 'Confirmation e-mails are sent once the order is paid.');
    const { lines, firstTime } = await queueOrderConfirmation(tx, mail, record);
    if (!firstTime) return orderView(record);
    const now = nowIso();
    const { order, history } = await changeOrder(tx, orderId, { email_sent: 1, updated_at: now }, lines, now);
    return orderView({ ...record, order, history: [...record.history, ...history] });
  });
}

/**
 * An operator sends the customer's confirmation again. Its own dedupe key per minute (the first
 * confirmation's key, order-confirmation:ID, is taken, so queuing under it would send nothing; a
 * double click within the minute sends one). The order confirmation is an "owed" mail the
 * per-address cap never drops (../mail/recipient-cap.ts), so an operator's resend is refused here
 * once the address has had its share this hour. Answers the address it goes to.
 */
export function resendConfirmationByOperator(q: Queries, mail: MailContext, orderId: number, now: Date = new Date()): Promise<string> {
  return q.transaction(async (tx) => {
    const record = await loadOrderForUpdate(tx, orderId);
    if (!record) throw operatorOrderNotFound();
    if (record.order.email_sent !== 1) throw new OrderError('conflict', 'not_confirmed', RESEND_NOT_CONFIRMED);
    const order = orderView(record);
    const recipient = billingEmail(order);
    const since = new Date(now.getTime() - RECIPIENT_WINDOW_MS).toISOString();
    const used = await tx.first(
      tx.db
        .selectFrom('mail_recipient_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient_key', '=', recipientKey(recipient))
        .where('created_at', '>', since)
        .where('outcome', '!=', 'dropped'),
    );
    if (Number(used?.n ?? 0) >= RECIPIENT_MAILS_PER_HOUR) throw new OrderError('too_many', 'recipient_capped', RESEND_CAPPED);
    const minute = now.toISOString().slice(0, 16);
    const queued = await enqueueMail(
      tx,
      { type: 'order-confirmation', orderId, recipient, cc: [], dedupeKey: `order-confirmation:${orderId}:resend:${minute}`, ...renderOrderConfirmation(order, { completePaymentLink: completePaymentLink(mail, order), dealerName: dealerNameOf(mail, record) }) },
      { publicUrl: mail.publicUrl, now: () => now },
    );
    if (!queued) throw new OrderError('conflict', 'already_queued', RESEND_TOO_SOON);
    await addHistory(tx, orderId, [{ status: record.order.status, comment: `Order confirmation e-mail sent again to ${recipient}.`, notified: true }], now.toISOString());
    return recipient;
  });
}
