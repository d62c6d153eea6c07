/**
 * What an operator changes on an order (the back office's POST /api/studio/orders/:id/...): its
 * status, through the server's state machine and only by an operator's moves (./order-moves.ts);
 * the confirmation e-mail, queued again; an overpayment, marked refunded. Each runs in one
 * transaction that first locks the order's row (lockOrderRow: FOR UPDATE on PostgreSQL, SQLite's
 * one writer), so two operators, or an operator and a payment webhook, never interleave: the second
 * reads what the first wrote and is refused if its move is no longer allowed.
 */
import { ORDER_NOT_FOUND, OVERPAYMENT_ALREADY_REFUNDED, OVERPAYMENT_NOT_FOUND } from '../../schemas/api/back-office-orders';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import { renderOrderConfirmation } from '../mail/mail-templates';
import { enqueueMail } from '../mail/outbox';
import { RECIPIENT_MAILS_PER_HOUR, RECIPIENT_WINDOW_MS, recipientKey } from '../mail/recipient-cap';
import { billingEmail, type MailContext } from '../services/mail-queue';
import { lockOrderRow } from '../services/order-service';
import { assertTransition, STATE_OF_STATUS } from '../services/order-status';
import { findOrderRow, loadOrder, orderView } from '../services/order-view';
import { nowIso } from '../services/request-input';
import { operatorMoves, type OperatorOrderStatus } from './order-moves';
import { renderOrderStatusMail } from './order-status-mail';

export const RESEND_NOT_CONFIRMED = 'No confirmation went out for this order yet: it is sent when the order is paid.';
export const RESEND_TOO_SOON = 'The confirmation was queued again less than a minute ago.';
export const RESEND_CAPPED = `This address was sent ${RECIPIENT_MAILS_PER_HOUR} e-mails in the last hour. Try again later, so the customer is not flooded.`;

export function orderNotFound(): ApiError {
  return new ApiError(404, 'not_found', ORDER_NOT_FOUND);
}

export interface StatusChange {
  status: OperatorOrderStatus;
  comment: string;
  notifyCustomer: boolean;
}

/**
 * The old and new status, for the audit log. With `notifyCustomer`, the customer's e-mail of the new
 * status and the comment is queued in the same transaction: it goes out exactly when the change holds.
 */
export async function changeOrderStatus(q: Queries, orderId: number, change: StatusChange, mail: MailContext): Promise<{ from: string; to: string }> {
  return q.transaction(async (tx) => {
    await lockOrderRow(tx, orderId);
    const row = await findOrderRow(tx, orderId);
    if (!row) throw orderNotFound();
    // The machine's own refusal first (a move no status allows), then the moves payments make.
    assertTransition(row.status, change.status);
    if (!operatorMoves(row.status).includes(change.status)) {
      throw new ApiError(409, 'invalid_status_transition', `An operator cannot move an order from ${row.status} to ${change.status}: payments do.`);
    }
    const now = nowIso();
    await tx.run(tx.db.updateTable('sales_order').set({ status: change.status, state: STATE_OF_STATUS[change.status], updated_at: now }).where('id', '=', orderId));
    await tx.insert('sales_order_status_history', {
      order_id: orderId,
      status: change.status,
      comment: change.comment.trim() || `Status changed to ${change.status}.`,
      is_customer_notified: change.notifyCustomer ? 1 : 0,
      created_at: now,
    });
    if (change.notifyCustomer) {
      const order = orderView((await loadOrder(tx, orderId))!);
      const rendered = renderOrderStatusMail({ incrementId: order.orderIncrementId, firstName: order.firstName, hasAccount: row.customer_id !== null }, change.status, change.comment, mail.publicUrl);
      await enqueueMail(tx, { type: 'order-status', orderId, recipient: billingEmail(order), cc: [], dedupeKey: `order-status:${orderId}:${now}:${change.status}`, ...rendered }, { publicUrl: mail.publicUrl });
    }
    return { from: row.status, to: change.status };
  });
}

/**
 * Queues the customer's confirmation again. Its own dedupe key per minute (the first confirmation's
 * key, order-confirmation:ID, is taken, so re-queuing under it would send nothing; a double click
 * within the minute sends one). The order confirmation is an "owed" mail the per-address cap never
 * drops (../mail/recipient-cap.ts), so an operator's resend is refused here once the address has had
 * its share this hour. Answers the address it goes to.
 */
export async function resendConfirmation(q: Queries, mail: MailContext, orderId: number, now: Date = new Date()): Promise<string> {
  return q.transaction(async (tx) => {
    await lockOrderRow(tx, orderId);
    const record = await loadOrder(tx, orderId);
    if (!record) throw orderNotFound();
    if (record.order.email_sent !== 1) throw new ApiError(409, 'not_confirmed', RESEND_NOT_CONFIRMED);
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
    if (Number(used?.n ?? 0) >= RECIPIENT_MAILS_PER_HOUR) throw new ApiError(429, 'recipient_capped', RESEND_CAPPED);
    const minute = now.toISOString().slice(0, 16);
    const queued = await enqueueMail(
      tx,
      { type: 'order-confirmation', orderId, recipient, cc: [], dedupeKey: `order-confirmation:${orderId}:resend:${minute}`, ...renderOrderConfirmation(order) },
      { publicUrl: mail.publicUrl, now: () => now },
    );
    if (!queued) throw new ApiError(409, 'already_queued', RESEND_TOO_SOON);
    await tx.insert('sales_order_status_history', {
      order_id: orderId,
      status: record.order.status,
      comment: `Order confirmation e-mail sent again to ${recipient}.`,
      is_customer_notified: 1,
      created_at: now.toISOString(),
    });
    return recipient;
  });
}

/** Marks the order's overpayment refunded, once; answers its amount in cents, for the audit log. */
export async function markOverpaymentRefunded(q: Queries, orderId: number, overpaymentId: number): Promise<number> {
  return q.transaction(async (tx) => {
    await lockOrderRow(tx, orderId);
    if (!(await findOrderRow(tx, orderId))) throw orderNotFound();
    const overpayment = await tx.first(tx.db.selectFrom('payment_overpayment').selectAll().where('id', '=', overpaymentId).where('order_id', '=', orderId));
    if (!overpayment) throw new ApiError(404, 'not_found', OVERPAYMENT_NOT_FOUND);
    if (overpayment.refunded_at !== null) throw new ApiError(409, 'already_refunded', OVERPAYMENT_ALREADY_REFUNDED);
    const now = nowIso();
    await tx.run(tx.db.updateTable('payment_overpayment').set({ refunded_at: now }).where('id', '=', overpaymentId));
    await tx.run(tx.db.updateTable('sales_order').set({ updated_at: now }).where('id', '=', orderId));
    return overpayment.amount_cents;
  });
}
