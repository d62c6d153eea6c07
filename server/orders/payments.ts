/**
 * Recording a payment the gateway has confirmed (the browser's verify and the provider's webhook
 * alike), and voiding one that waited for the customer's bank. One transaction each, which first
 * locks the order's row and loads the order once (./order-view.ts loadOrderForUpdate): its payments,
 * balance and status change one payment at a time, on every server.
 *
 * Idempotent by the provider's reference: the verify and the webhook of one payment record it once;
 * a later, different status (pending -> completed) updates the one row. Completed payments above
 * what the order owes are never recorded silently: the excess is an overpayment, a refund is due.
 */
import { formatMoney, toDollars } from '../../schemas/money';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { Queries } from '../db/queries';
import { isWaitingStatus } from '../gateways/gateway';
import type { ConfirmedPayment } from '../services/payment-types';
import { nowIso } from '../services/request-input';
import { OrderError, orderNotFound } from './order-errors';
import { queueOrderConfirmation, queueRefundDueNotice, queueSplitPaymentConfirmation, type MailContext } from './order-mail';
import { changeOrder, type HistoryLine } from './order-rows';
import { assertTransition, STATE_OF_STATUS, statusAfterPayment } from './order-status';
import { balanceCents, loadOrderForUpdate, loadOrderForUpdateByRef, orderView, paidCents, type OrderRecord, type OrderView, type PaymentRow } from './order-view';
import { placeFromQuote } from './quote-orders';

export interface PaymentsDeps {
  q: Queries;
  paymentMethods: readonly PaymentMethod[];
  mail: MailContext;
}

/** What recording a payment did. */
export interface RecordedPayment {
  order: OrderView;
  paymentId: number;
  /** This call recorded (or changed) the payment; false for a repeat. */
  recorded: boolean;
  /** The payment is completed: the server has queued the confirmation e-mails. */
  sendConfirmationEmail: boolean;
  /** The order's status before and after, when this payment moved it. */
  statusChanged?: { from: string; to: string };
  /** What this payment took above what the order owed, in cents (a refund is due). */
  overpaidCents?: number;
}

/** The payment method definition for a gateway name or a method name. */
export function methodForPayment(methods: readonly PaymentMethod[], methodOrGateway: string | undefined, gateway: string): { method: string; label: string } {
  const byName = methods.find((m) => m.name === methodOrGateway && m.gateway === gateway);
  const byGateway = byName ?? methods.find((m) => m.gateway === gateway);
  return byGateway ? { method: byGateway.name, label: byGateway.title } : { method: methodOrGateway ?? gateway, label: gateway };
}

export function paymentMismatch(): OrderError {
  return new OrderError('invalid', 'payment_mismatch', 'This payment belongs to another order.');
}

/**
 * Records a payment the gateway has confirmed and moves the order. The order is the one in the
 * metadata (orderId), or the quote's order, placed here when the metadata has only a quoteId (a
 * quote paid by its link has no order until then). `expect…`: what the caller proved it owns; a
 * payment of anything else is refused.
 *
 * On PostgreSQL a new payment of an order costs eight round trips: BEGIN, the order's lock, the
 * rest of the order, the payment, the newsletter lookup and the mails, the order's row and history,
 * COMMIT.
 */
export function recordConfirmedPayment(deps: PaymentsDeps, payment: ConfirmedPayment, opts: { method?: string; expectOrderId?: number; expectQuoteId?: number } = {}): Promise<RecordedPayment> {
  return deps.q.transaction(async (tx) => {
    const record = await lockOrderOfPayment(deps, tx, payment, opts);
    // Under the order's lock: the same payment confirmed meanwhile (the webhook beside the verify,
    // maybe on another server) is in the record, and is updated instead of inserted twice.
    const existing = record.payments.find((p) => p.provider_reference === payment.providerReference);
    if (existing) return updateExisting(deps, tx, record, existing, payment);
    const { method, label } = methodForPayment(deps.paymentMethods, opts.method ?? record.order.payment_method, payment.gateway);
    const now = nowIso();
    const row = (await tx.first(
      tx.db
        .insertInto('payment')
        .values({
          order_id: record.order.id,
          method,
          method_label: label,
          gateway: payment.gateway,
          status: payment.status,
          amount_cents: payment.amountCents,
          currency: (payment.currency || 'USD').toUpperCase(),
          transaction_id: payment.transactionId,
          provider_reference: payment.providerReference,
          additional_data: JSON.stringify(payment.additionalData ?? {}),
          created_at: now,
          updated_at: now,
        })
        // Already recorded, but on another order than the one its metadata names: not this order's.
        .onConflict((oc) => oc.column('provider_reference').doNothing())
        .returningAll(),
    )) as PaymentRow | undefined;
    if (!row) throw paymentMismatch();
    const hadCompleted = paidCents(record.payments) > 0;
    const after = { ...record, payments: [...record.payments, row] };
    return { ...(await afterPaymentChange(deps, tx, after, row, payment, hadCompleted)), recorded: true };
  });
}

/**
 * Locks and loads the order a payment belongs to. The payment's own metadata (what the provider
 * carries back) names it, and must agree with what the caller proved it owns (`expect…`). A payment
 * whose metadata names no order is found by its reference (a quote's, already recorded) or by its
 * quote: a quote is placed as an order here, but only for a payment that is not failed (a declined
 * card never marks a quote ordered).
 */
async function lockOrderOfPayment(deps: PaymentsDeps, tx: Queries, payment: ConfirmedPayment, opts: { expectOrderId?: number; expectQuoteId?: number }): Promise<OrderRecord> {
  const metaQuote = payment.metadata.quoteId && /^\d{1,12}$/.test(String(payment.metadata.quoteId)) ? Number(payment.metadata.quoteId) : undefined;
  if (payment.metadata.quoteId && metaQuote === undefined) throw paymentMismatch();
  const theirs = (record: OrderRecord): OrderRecord => {
    if (opts.expectOrderId !== undefined && record.order.id !== opts.expectOrderId) throw paymentMismatch();
    if (opts.expectQuoteId !== undefined && record.order.quote_id !== opts.expectQuoteId) throw paymentMismatch();
    // A payment naming an order and a quote pays that order only if it was made from that quote.
    if (metaQuote !== undefined && record.order.quote_id !== metaQuote) throw paymentMismatch();
    return record;
  };
  if (payment.metadata.orderId) {
    // One round trip: the lock finds the order by its id or increment id.
    const record = await loadOrderForUpdateByRef(tx, String(payment.metadata.orderId));
    if (!record) throw paymentMismatch();
    return theirs(record);
  }
  if (opts.expectOrderId !== undefined) {
    const record = await loadOrderForUpdate(tx, opts.expectOrderId);
    if (!record) throw orderNotFound();
    return theirs(record);
  }
  // A known payment's order never changes: it names the order to lock.
  const known = await tx.firstBy('payment-order-by-reference', (ref: string) => tx.db.selectFrom('payment').select('order_id').where('provider_reference', '=', ref), payment.providerReference);
  if (known?.order_id != null) return theirs((await loadOrderForUpdate(tx, known.order_id))!);
  const quoteId = opts.expectQuoteId ?? metaQuote;
  if (quoteId === undefined) throw new OrderError('invalid', 'payment_not_linked', 'This payment is not linked to an order or a quote.');
  if (metaQuote !== undefined && metaQuote !== quoteId) throw paymentMismatch();
  const quote = await tx.first(tx.db.selectFrom('quote').select(['id', 'order_id']).where('id', '=', quoteId));
  if (!quote) throw new OrderError('not_found', 'quoteNotExist', 'Quote not found.');
  if (quote.order_id !== null) return theirs((await loadOrderForUpdate(tx, quote.order_id))!);
  if (payment.status === 'failed' || payment.status === 'voided') throw quotePaymentFailed(payment);
  // Another payment of the quote may have placed its order since the read above: the lock decides.
  const placed = await placeFromQuote(tx, quoteId, payment.gateway, deps.paymentMethods);
  return placed.created ?? theirs((await loadOrderForUpdate(tx, placed.orderId))!);
}

/** A payment already recorded, confirmed again (inside the transaction that holds the order's lock). */
async function updateExisting(deps: PaymentsDeps, tx: Queries, record: OrderRecord, existing: PaymentRow, payment: ConfirmedPayment): Promise<RecordedPayment> {
  // A completed payment is history; a voided one stays voided, unless the provider says the money
  // moved after all (then it counts, and an excess is flagged as an overpayment).
  const changed = existing.status !== payment.status && existing.status !== 'completed' && (existing.status !== 'voided' || payment.status === 'completed');
  if (!changed) return { order: orderView(record), paymentId: existing.id, recorded: false, sendConfirmationEmail: existing.status === 'completed' };
  const hadCompleted = paidCents(record.payments) > 0;
  const row = (await tx.first(
    tx.db
      .updateTable('payment')
      .set({ status: payment.status, amount_cents: payment.amountCents, additional_data: JSON.stringify(payment.additionalData ?? {}), updated_at: nowIso() })
      .where('id', '=', existing.id)
      .returningAll(),
  )) as PaymentRow;
  const after = { ...record, payments: record.payments.map((p) => (p.id === row.id ? row : p)) };
  return { ...(await afterPaymentChange(deps, tx, after, row, payment, hadCompleted)), recorded: true };
}

/** Status, history and e-mails after a payment row was written (`record` holds it already). */
async function afterPaymentChange(deps: PaymentsDeps, tx: Queries, record: OrderRecord, row: PaymentRow, payment: ConfirmedPayment, hadCompletedBefore: boolean): Promise<Omit<RecordedPayment, 'recorded'>> {
  const now = nowIso();
  const orderId = record.order.id;
  const current = record.order.status;
  const lines: HistoryLine[] = [];
  let order = record.order;
  let statusChanged: RecordedPayment['statusChanged'];
  let overpaidCents: number | undefined;
  if (payment.status === 'failed') {
    const message = typeof payment.additionalData?.message === 'string' && payment.additionalData.message ? payment.additionalData.message : 'Unknown error';
    lines.push({ status: current, comment: `Payment failed: ${String(message).slice(0, 300)}` });
  } else if (payment.status === 'voided') {
    lines.push({ status: current, comment: voidedComment(payment) });
  } else {
    const paid = paidCents(record.payments);
    const next = statusAfterPayment(current, payment.status, paid, record.order.total_cents);
    if (next && next !== current) {
      assertTransition(current, next);
      statusChanged = { from: current, to: next };
    }
    const status = statusChanged?.to ?? current;
    const balance = balanceCents(record.order, record.payments);
    lines.push({
      status,
      comment:
        payment.status === 'completed'
          ? `Order paid ${formatMoney(toDollars(payment.amountCents))} with transaction ${payment.transactionId}.${balance > 0 ? ` Remaining balance ${formatMoney(toDollars(balance))}.` : ''}`
          : `Payment ${payment.status === 'on_hold' ? 'on hold (additional authentication required)' : 'pending'} with transaction ${payment.transactionId}.`,
    });
    if (payment.status === 'completed') {
      const moved = statusChanged ? { ...record, order: { ...record.order, status, state: STATE_OF_STATUS[statusChanged.to as keyof typeof STATE_OF_STATUS] } } : record;
      overpaidCents = await flagOverpayment(deps, tx, moved, row, payment, lines);
      if (overpaidCents === undefined) {
        if (hadCompletedBefore) lines.push(...(await queueSplitPaymentConfirmation(tx, deps.mail, moved, row)));
        else {
          const confirmation = await queueOrderConfirmation(tx, deps.mail, moved);
          lines.push(...confirmation.lines);
          if (confirmation.firstTime) order = { ...order, email_sent: 1 };
        }
      }
    }
  }
  const changed = await changeOrder(
    tx,
    orderId,
    {
      ...(statusChanged ? { status: statusChanged.to, state: STATE_OF_STATUS[statusChanged.to as keyof typeof STATE_OF_STATUS] } : {}),
      ...(order.email_sent !== record.order.email_sent ? { email_sent: order.email_sent } : {}),
      updated_at: now,
    },
    lines,
    now,
  );
  const after = { ...record, order: changed.order, history: [...record.history, ...changed.history] };
  return {
    order: orderView(after),
    paymentId: row.id,
    sendConfirmationEmail: row.status === 'completed',
    ...(statusChanged ? { statusChanged } : {}),
    ...(overpaidCents !== undefined ? { overpaidCents } : {}),
  };
}

/**
 * Completed payments above the order's total are never recorded silently: the excess of this
 * payment is stored as an overpayment, the history says a refund is due and the admins get an
 * e-mail saying so. Answers the excess when this payment went over (the customer's "payment
 * received" e-mail is not sent again for money the store must give back).
 */
async function flagOverpayment(deps: PaymentsDeps, tx: Queries, record: OrderRecord, row: PaymentRow, payment: ConfirmedPayment, lines: HistoryLine[]): Promise<number | undefined> {
  const flagged = record.overpayments.reduce((sum, o) => sum + o.amount_cents, 0);
  const unflagged = paidCents(record.payments) - flagged - record.order.total_cents;
  if (unflagged <= 0) return undefined;
  const excessCents = Math.min(unflagged, payment.amountCents);
  await tx.run(tx.db.insertInto('payment_overpayment').values({ order_id: record.order.id, payment_id: row.id, amount_cents: excessCents, created_at: nowIso(), refunded_at: null }));
  lines.push({ status: record.order.status, comment: `Overpayment: transaction ${payment.transactionId} (${payment.gateway}) took ${formatMoney(toDollars(excessCents))} more than the order owed. A refund of ${formatMoney(toDollars(excessCents))} is due.` });
  await queueRefundDueNotice(tx, deps.mail, record, row.id, { transactionId: payment.transactionId, gateway: payment.gateway, paymentCents: payment.amountCents, excessCents });
  return excessCents;
}

/**
 * The customer cancelled a payment that waited for their bank, and the gateway voided it: its row
 * becomes voided and the history says so, and the order may be paid another way. Only a waiting
 * row changes; anything else (completed meanwhile, already voided) is left as is.
 */
export function recordVoidedPayment(deps: PaymentsDeps, providerReference: string): Promise<{ voided: boolean; order?: OrderView }> {
  return deps.q.transaction(async (tx) => {
    const known = await tx.first(tx.db.selectFrom('payment').select('order_id').where('provider_reference', '=', providerReference));
    if (!known || known.order_id === null) return { voided: false };
    // The order's row lock, then the payment's status as it is now: a completion applied meanwhile is seen.
    const record = (await loadOrderForUpdate(tx, known.order_id))!;
    const existing = record.payments.find((p) => p.provider_reference === providerReference)!;
    if (!isWaitingStatus(existing.status)) return { voided: false, order: orderView(record) };
    const data = { ...(JSON.parse(existing.additional_data || '{}') as Record<string, unknown>), providerStatus: 'voided', voidedBy: 'customer' };
    const row = (await tx.first(tx.db.updateTable('payment').set({ status: 'voided', additional_data: JSON.stringify(data), updated_at: nowIso() }).where('id', '=', existing.id).returningAll())) as PaymentRow;
    const voided: ConfirmedPayment = {
      gateway: existing.gateway as ConfirmedPayment['gateway'],
      providerReference,
      transactionId: existing.transaction_id,
      status: 'voided',
      amountCents: existing.amount_cents,
      currency: existing.currency,
      metadata: {},
      additionalData: data,
    };
    const after = { ...record, payments: record.payments.map((p) => (p.id === row.id ? row : p)) };
    const result = await afterPaymentChange(deps, tx, after, row, voided, paidCents(after.payments) > 0);
    return { voided: true, order: result.order };
  });
}

/** A failed payment for a quote not yet ordered: nothing to record it on, and the quote stays open. */
function quotePaymentFailed(payment: ConfirmedPayment): OrderError {
  const message = typeof payment.additionalData?.message === 'string' && payment.additionalData.message ? payment.additionalData.message : 'Error while handling Payment';
  return new OrderError('payment_failed', 'payment_failed', message.slice(0, 300), undefined, { status: payment.status, transactionId: payment.transactionId });
}

function voidedComment(payment: ConfirmedPayment): string {
  return `Payment of ${formatMoney(toDollars(payment.amountCents))} with transaction ${payment.transactionId} cancelled by the customer to pay another way; voided with the ${payment.gateway} gateway.`;
}
