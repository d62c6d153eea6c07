/**
 * Money given back on an order's payments, or a payment voided before it took any.
 *
 * An editor asks (`requestRefund`); a publisher or an admin carries it out (`carryOutRefund`) or
 * turns it down (`refuseRefund`); a publisher may ask and carry out at once. Every step is one
 * transaction that first locks the order's row and loads the order once, so what may still be
 * refunded (what the payment took, less what was given back or is asked for) is decided with
 * nothing else changing it, on any server.
 *
 * Carrying out happens in three steps, the gateway asked outside any transaction: the refund is
 * claimed (requested -> processing) under the lock; the gateway is asked with the refund's own
 * idempotency key; the answer is recorded under the lock. A double click, two operators or two
 * servers: one claims it, the others answer it as it stands, and the gateway is asked once. A
 * server that stopped between the gateway's answer and the record leaves the refund processing; a
 * later "carry out" asks the gateway again with the same key, which gives the same refund.
 *
 * The gateways' webhooks report refunds too (`recordProviderRefunds`), each as the provider tells of
 * it when asked (server/api/webhooks.ts reads it back; the event is only a hint): a refund the store
 * asked for is found by the gateway's id of it (or, before the store recorded that id, as the one
 * being carried out for that payment and amount), so it is never counted twice, and its state only
 * moves forward; a refund made in the gateway's dashboard is recorded as such, never for more than
 * the payment has left.
 */
import { randomUUID } from 'node:crypto';
import { formatMoney, toDollars } from '../../schemas/money';
import { REFUND_HOLDING_STATUSES, REFUND_REASON_LABELS, type RefundReason } from '../../schemas/api/refund-view';
import { OVERPAYMENT_ALREADY_REFUNDED, OVERPAYMENT_NOT_FOUND } from '../../schemas/api/back-office-orders';
import { PAYMENT_NOT_FOUND, REFUND_KEY_REUSED, REFUND_LINE_NOT_FOUND, REFUND_NOT_FOUND } from '../../schemas/api/back-office-refunds';
import { isUniqueViolation, type Queries } from '../db/queries';
import { isWaitingStatus, type Gateways, type GatewayName, type ProviderRefund, type RefundOutcome } from '../gateways/gateway';
import { nowIso } from '../services/request-input';
import { lineRefund, type LineRefund, type LineReturn } from '../../schemas/evaluators/line-refunds';
import { OrderError } from './order-errors';
import { queueRefundMail, type MailContext } from './order-mail';
import { changeOrder, updateOrder, type HistoryLine } from './order-rows';
import { loadOrderForUpdate, refundedCentsOf, returnedQuantities, type OrderRecord, type PaymentRow, type RefundRow } from './order-view';
import { operatorOrderNotFound } from './status-changes';

export type { RefundRow };

/** Who acts: an operator's e-mail. */
export interface Actor {
  email: string;
}

export interface RefundAsk {
  orderId: number;
  paymentId: number;
  /** An amount (goodwill, a price adjustment); ignored when `lines` are given. */
  amountCents: number;
  /** A refund by line: the units that came back; the store computes what they give back (server/orders/line-refunds.ts). */
  lines?: LineReturn[];
  currency: string;
  reason: RefundReason;
  note: string | null;
  /** The Idempotency-Key of the request: the same key answers the refund it made. */
  requestKey: string | null;
  overpaymentId?: number;
}

/** What a refund command did. */
export interface RefundResult {
  refund: RefundRow;
  /** A new request (false: the same request again, answered with what it made). */
  created?: boolean;
  /** The refund was claimed by this call and the gateway asked (false: it was decided or being carried out already). */
  carriedOut?: boolean;
}

export interface RefundsDeps {
  q: Queries;
  mail: MailContext;
  gateways: Pick<Gateways, 'get'>;
}

/** A refund carried out but not recorded for this long belongs to a server that stopped: it may be asked again. */
export const STUCK_REFUND_MS = 60_000;

const money = (cents: number) => formatMoney(toDollars(cents));

/** What a payment may still give back: what it took, less every refund asked for, on its way or given. */
export function refundableCents(payment: PaymentRow, refunds: readonly RefundRow[]): number {
  if (payment.status !== 'completed' && !isWaitingStatus(payment.status)) return 0;
  const held = refunds.filter((r) => r.payment_id === payment.id && REFUND_HOLDING_STATUSES.includes(r.status)).reduce((a, r) => a + r.amount_cents, 0);
  return Math.max(0, payment.amount_cents - held);
}

/** Given back on a payment (succeeded, or accepted by the gateway and settling). */
export const refundedCents = refundedCentsOf;

function refundNotFound(): OrderError {
  return new OrderError('not_found', 'not_found', REFUND_NOT_FOUND);
}

/**
 * Asks for a refund (an editor; a publisher may carry it out right after, `carryOutRefund`). Checked
 * under the order's lock: the payment is the order's, the currency is the payment's, and the amount
 * is at most what is left. A payment still waiting for the bank is voided, in full.
 */
export async function requestRefund(q: Queries, ask: RefundAsk, by: Actor): Promise<RefundResult> {
  try {
    return await requestRefundOnce(q, ask, by);
  } catch (err) {
    // Two orders asked at once under one key: each held only its own order's lock, and the key's unique index refused the second.
    if (ask.requestKey && isUniqueViolation(err)) throw keyReused();
    throw err;
  }
}

/** The refund of the units asked back, under the order's lock; a line not of the order, or more than is left of it, is refused by name. */
function linesOf(record: OrderRecord, asked: readonly LineReturn[]): LineRefund {
  const result = lineRefund(record.order, record.items, returnedQuantities(record), asked);
  if ('amountCents' in result) return result;
  if (result.kind === 'unknown') throw new OrderError('not_found', 'not_found', REFUND_LINE_NOT_FOUND, { lines: REFUND_LINE_NOT_FOUND });
  const sku = record.items.find((i) => i.id === result.itemId)!.sku;
  const message = result.left === 0 ? `Every ${sku} of this order has come back already: none is left to return.` : `Only ${result.left} × ${sku} can still be returned.`;
  throw new OrderError('conflict', 'refund_exceeds_line', message, { lines: message });
}

/** The same request again: the same payment and, by line, the same units (by amount, the same amount). */
function sameAsk(record: OrderRecord, same: RefundRow, ask: RefundAsk): boolean {
  if (same.payment_id !== ask.paymentId) return false;
  const lines = record.refundLines.filter((l) => l.refund_id === same.id);
  if (!ask.lines?.length) return lines.length === 0 && same.amount_cents === ask.amountCents;
  const wanted = new Map<number, number>();
  for (const l of ask.lines) wanted.set(l.itemId, (wanted.get(l.itemId) ?? 0) + l.qty);
  return lines.length === wanted.size && lines.every((l) => wanted.get(l.item_id) === l.qty);
}

/** The Idempotency-Key names one refund: reused on another order, or for another payment or amount, it is refused (never a second refund, never a 500). */
function keyReused(): OrderError {
  return new OrderError('conflict', 'idempotency_key_reused', REFUND_KEY_REUSED, { 'Idempotency-Key': REFUND_KEY_REUSED });
}

function requestRefundOnce(q: Queries, ask: RefundAsk, by: Actor): Promise<RefundResult> {
  return q.transaction(async (tx) => {
    const record = await loadOrderForUpdate(tx, ask.orderId);
    if (!record) throw operatorOrderNotFound();
    if (ask.requestKey) {
      const same = record.refunds.find((r) => r.request_key === ask.requestKey);
      if (same) {
        if (!sameAsk(record, same, ask)) throw keyReused();
        return { refund: same, created: false };
      }
      const elsewhere = await tx.first(tx.db.selectFrom('payment_refund').select('id').where('request_key', '=', ask.requestKey));
      if (elsewhere) throw keyReused();
    }
    const payment = record.payments.find((p) => p.id === ask.paymentId);
    if (!payment) throw new OrderError('not_found', 'not_found', PAYMENT_NOT_FOUND, { paymentId: PAYMENT_NOT_FOUND });
    if (ask.currency.toUpperCase() !== payment.currency.toUpperCase()) {
      throw new OrderError('conflict', 'currency_mismatch', `This payment was made in ${payment.currency}: a refund of it is in ${payment.currency} too.`, { currency: `The payment's currency is ${payment.currency}.` });
    }
    if (ask.overpaymentId !== undefined && record.refunds.some((r) => r.overpayment_id === ask.overpaymentId && REFUND_HOLDING_STATUSES.includes(r.status))) {
      throw new OrderError('conflict', 'refund_decided', 'A refund of this overpayment is asked for or carried out already.');
    }
    const byLine = ask.lines?.length ? linesOf(record, ask.lines) : null;
    const amountCents = byLine ? byLine.amountCents : ask.amountCents;
    ask = { ...ask, amountCents };
    const waiting = isWaitingStatus(payment.status);
    const left = refundableCents(payment, record.refunds);
    if (waiting && ask.amountCents !== left) {
      const message = `This payment has not taken the money yet: it can only be voided, in full (${money(left)}).`;
      throw new OrderError('conflict', 'refund_exceeds_payment', message, { amount: message });
    }
    if (ask.amountCents > left) {
      const message = left === 0 ? 'Nothing is left to refund on this payment: $0.00.' : `Only ${money(left)} of this payment can still be refunded.`;
      throw new OrderError('conflict', 'refund_exceeds_payment', message, { amount: message });
    }
    const now = nowIso();
    const refund = (await tx.first(
      tx.db
        .insertInto('payment_refund')
        .values({
          order_id: record.order.id,
          payment_id: payment.id,
          overpayment_id: ask.overpaymentId ?? null,
          kind: waiting ? 'void' : 'refund',
          status: 'requested',
          amount_cents: ask.amountCents,
          currency: payment.currency.toUpperCase(),
          reason: ask.reason,
          note: ask.note,
          idempotency_key: `refund-${randomUUID()}`,
          request_key: ask.requestKey,
          provider_reference: null,
          failure_message: null,
          requested_by: by.email,
          decided_by: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll(),
    )) as RefundRow;
    if (byLine) {
      for (const line of byLine.lines) {
        await tx.run(tx.db.insertInto('payment_refund_line').values({ order_id: record.order.id, refund_id: refund.id, item_id: line.itemId, qty: line.qty, amount_cents: line.amountCents }));
      }
    }
    const forLines = byLine ? ` for ${byLine.lines.map((l) => `${l.qty} × ${record.items.find((i) => i.id === l.itemId)!.sku}`).join(', ')}${byLine.withShipping ? ' and the shipping' : ''}` : '';
    const what = waiting ? `A void of the ${money(ask.amountCents)} waiting` : `A refund of ${money(ask.amountCents)}${forLines}`;
    await changeOrder(tx, record.order.id, { updated_at: now }, [{ status: record.order.status, comment: `${what} on transaction ${payment.transaction_id} requested by ${by.email}: ${REFUND_REASON_LABELS[ask.reason]}${ask.note ? ` (${ask.note})` : ''}.`, internal: true }], now);
    return { refund, created: true };
  });
}

/** Turns a requested refund down, with the publisher's comment. */
export function refuseRefund(q: Queries, orderId: number, refundId: number, comment: string, by: Actor): Promise<RefundResult> {
  return q.transaction(async (tx) => {
    const record = await loadOrderForUpdate(tx, orderId);
    if (!record) throw operatorOrderNotFound();
    const refund = record.refunds.find((r) => r.id === refundId);
    if (!refund) throw refundNotFound();
    if (refund.status !== 'requested') throw decided(refund);
    const now = nowIso();
    const row = (await tx.first(tx.db.updateTable('payment_refund').set({ status: 'refused', decided_by: by.email, failure_message: comment.trim() || null, updated_at: now }).where('id', '=', refund.id).returningAll())) as RefundRow;
    await changeOrder(tx, orderId, { updated_at: now }, [{ status: record.order.status, comment: `The refund of ${money(refund.amount_cents)} asked by ${refund.requested_by} was turned down by ${by.email}${comment.trim() ? `: ${comment.trim()}` : '.'}`, internal: true }], now);
    return { refund: row };
  });
}

function decided(refund: RefundRow): OrderError {
  const said: Record<RefundRow['status'], string> = {
    requested: 'is waiting',
    processing: 'is being carried out',
    pending: 'was carried out and is settling',
    succeeded: 'was carried out',
    failed: 'was refused by the gateway',
    refused: 'was turned down',
  };
  return new OrderError('conflict', 'refund_decided', `This refund ${said[refund.status]} already.`);
}

/**
 * Carries out a requested refund through the payment's gateway: claimed under the lock, the gateway
 * asked with the refund's idempotency key, the answer recorded under the lock. A refund claimed and
 * not yet recorded is answered as it stands (another click, another server is carrying it out),
 * unless it was claimed long ago (its server stopped): then it is asked again, with the same key.
 * `sameRequest`: the call repeats a request that asked for this refund (the same Idempotency-Key),
 * so a refund its first sending carried out meanwhile is that request's answer, not a conflict.
 */
export async function carryOutRefund(deps: RefundsDeps, orderId: number, refundId: number, by: Actor, options: { sameRequest?: boolean } = {}): Promise<RefundResult> {
  const claim = await deps.q.transaction(async (tx) => {
    const record = await loadOrderForUpdate(tx, orderId);
    if (!record) throw operatorOrderNotFound();
    const refund = record.refunds.find((r) => r.id === refundId);
    if (!refund) throw refundNotFound();
    const stuck = refund.status === 'processing' && Date.now() - Date.parse(refund.updated_at) > STUCK_REFUND_MS;
    if (refund.status !== 'requested' && !stuck) return { refund, payment: undefined };
    const now = nowIso();
    const row = (await tx.first(tx.db.updateTable('payment_refund').set({ status: 'processing', decided_by: by.email, updated_at: now }).where('id', '=', refund.id).returningAll())) as RefundRow;
    return { refund: row, payment: record.payments.find((p) => p.id === refund.payment_id)! };
  });
  if (!claim.payment) {
    if (claim.refund.status === 'processing') return { refund: claim.refund, carriedOut: false };
    if (claim.refund.status === 'requested') return { refund: claim.refund, carriedOut: false };
    // The same request again (its Idempotency-Key), after the first carried it out: answered with what that made.
    if (options.sameRequest) return { refund: claim.refund, carriedOut: false };
    throw decided(claim.refund);
  }
  let outcome: RefundOutcome;
  try {
    outcome = await deps.gateways.get(claim.payment.gateway as GatewayName).refund({
      payment: {
        providerReference: claim.payment.provider_reference,
        transactionId: claim.payment.transaction_id,
        amountCents: claim.payment.amount_cents,
        currency: claim.payment.currency,
        additionalData: JSON.parse(claim.payment.additional_data || '{}') as Record<string, unknown>,
      },
      amountCents: claim.refund.amount_cents,
      idempotencyKey: claim.refund.idempotency_key,
      reason: claim.refund.reason,
      ...(claim.refund.note ? { note: claim.refund.note } : {}),
    });
  } catch {
    // Nothing is known of the gateway's answer: the refund stays claimed, and its key makes a later try the same refund.
    throw new OrderError('unavailable', 'provider_unreachable', `The ${claim.payment.gateway} gateway did not answer. Nothing is recorded as refunded; carry the refund out again in a minute.`);
  }
  return { refund: await recordOutcome(deps, orderId, claim.refund, claim.payment, outcome, by), carriedOut: true };
}

/** The gateway's answer, recorded under the order's lock: the refund's status, the history, the customer's e-mail. */
function recordOutcome(deps: RefundsDeps, orderId: number, claimed: RefundRow, payment: PaymentRow, outcome: RefundOutcome, by: Actor): Promise<RefundRow> {
  return deps.q.transaction(async (tx) => {
    const record = (await loadOrderForUpdate(tx, orderId))!;
    const current = record.refunds.find((r) => r.id === claimed.id)!;
    // A webhook of this refund may have recorded it meanwhile: what it said stands, and nothing is counted twice.
    if (current.status !== 'processing') return current;
    const now = nowIso();
    const status = outcome.status === 'failed' ? 'failed' : outcome.status;
    const taken = outcome.providerReference ? record.refunds.find((r) => r.provider_reference === outcome.providerReference && r.id !== current.id) : undefined;
    const row = (await tx.first(
      tx.db
        .updateTable('payment_refund')
        .set({
          status,
          kind: outcome.kind,
          provider_reference: taken || status === 'failed' ? null : outcome.providerReference || null,
          failure_message: status === 'failed' ? (outcome.message ?? 'The gateway refused the refund.').slice(0, 500) : null,
          updated_at: now,
        })
        .where('id', '=', current.id)
        .returningAll(),
    )) as RefundRow;
    const lines: HistoryLine[] = [];
    if (status === 'failed') {
      lines.push({ status: record.order.status, comment: `The refund of ${money(row.amount_cents)} on transaction ${payment.transaction_id} failed at ${payment.gateway}: ${row.failure_message}`, internal: true });
    } else {
      lines.push(...(await settled(tx, deps.mail, record, payment, row, by.email, now)));
    }
    await changeOrder(tx, orderId, { updated_at: now }, lines, now);
    return row;
  });
}

/**
 * A refund the gateway took (or a void it made): a voided payment takes nothing any more, an
 * overpayment refunded is marked so, and the customer is told of money given back.
 */
async function settled(tx: Queries, mail: MailContext, record: OrderRecord, payment: PaymentRow, refund: RefundRow, by: string, now: string): Promise<HistoryLine[]> {
  const reference = refund.provider_reference ? ` (${refund.provider_reference})` : '';
  if (refund.kind === 'void') {
    await tx.run(tx.db.updateTable('payment').set({ status: 'voided', updated_at: now }).where('id', '=', payment.id));
    return [{ status: record.order.status, comment: `The payment of ${money(payment.amount_cents)} with transaction ${payment.transaction_id} was voided with the ${payment.gateway} gateway by ${by}: it took no money.`, internal: true }];
  }
  if (refund.overpayment_id !== null) await tx.run(tx.db.updateTable('payment_overpayment').set({ refunded_at: now }).where('id', '=', refund.overpayment_id).where('refunded_at', 'is', null));
  const refunds = record.refunds.map((r) => (r.id === refund.id ? refund : r));
  const settling = refund.status === 'pending' ? ', settling with the bank' : '';
  const lines: HistoryLine[] = [{ status: record.order.status, comment: `Refund of ${money(refund.amount_cents)} on transaction ${payment.transaction_id} carried out by ${by} through ${payment.gateway}${reference}${settling}: ${REFUND_REASON_LABELS[refund.reason as RefundReason] ?? refund.reason}.`, internal: true }];
  lines.push(...(await queueRefundMail(tx, mail, { ...record, refunds }, refund)));
  return lines;
}

/**
 * Refunds the gateways report by webhook. Each is found by the gateway's id of it; a refund the
 * store is carrying out and has not recorded yet is found as the one processing for that payment
 * and amount (the webhook can come before the store's own call returns); any other is a refund made
 * outside Showroom (the gateway's dashboard), recorded as such. Answers how many changed.
 */
export async function recordProviderRefunds(deps: Pick<RefundsDeps, 'q' | 'mail'>, reported: readonly ProviderRefund[]): Promise<number> {
  let changed = 0;
  for (const refund of reported) if (await recordProviderRefund(deps, refund)) changed += 1;
  return changed;
}

/**
 * A refund's state only moves forward: pending, then succeeded, then failed (a bank may return a
 * refund that succeeded; nothing brings a failed one back). Two deliveries read from the provider at
 * different moments may be recorded in either order; the later state stands, so they converge.
 */
const PROVIDER_STATE_ORDER: Partial<Record<RefundRow['status'], number>> = { pending: 0, succeeded: 1, failed: 2 };

function laterOf(stored: RefundRow['status'], reported: ProviderRefund['status']): ProviderRefund['status'] {
  const was = PROVIDER_STATE_ORDER[stored];
  return was !== undefined && was > PROVIDER_STATE_ORDER[reported]! ? (stored as ProviderRefund['status']) : reported;
}

function recordProviderRefund(deps: Pick<RefundsDeps, 'q' | 'mail'>, reported: ProviderRefund): Promise<boolean> {
  return deps.q.transaction(async (tx) => {
    const known = await tx.first(tx.db.selectFrom('payment').select('order_id').where('provider_reference', '=', reported.paymentReference).where('gateway', '=', reported.gateway));
    if (!known?.order_id) return false;
    const record = (await loadOrderForUpdate(tx, known.order_id))!;
    const payment = record.payments.find((p) => p.provider_reference === reported.paymentReference)!;
    const now = nowIso();
    const status = reported.status;
    const mine =
      record.refunds.find((r) => r.provider_reference === reported.providerReference) ??
      record.refunds.filter((r) => r.payment_id === payment.id && r.status === 'processing' && r.amount_cents === reported.amountCents).sort((a, b) => a.id - b.id)[0];
    if (mine) {
      const next = laterOf(mine.status, status);
      if (mine.status === next && mine.provider_reference === reported.providerReference) return false;
      const row = (await tx.first(
        tx.db
          .updateTable('payment_refund')
          .set({ status: next, provider_reference: reported.providerReference, failure_message: next === 'failed' ? 'The gateway reported the refund failed.' : null, updated_at: now })
          .where('id', '=', mine.id)
          .returningAll(),
      )) as RefundRow;
      const lines =
        next === 'failed'
          ? [{ status: record.order.status, comment: `${reported.gateway} reported the refund of ${money(row.amount_cents)} (${reported.providerReference}) failed.`, internal: true }]
          : mine.status === 'processing' || mine.status === 'requested'
            ? await settled(tx, deps.mail, record, payment, row, mine.decided_by ?? reported.gateway, now)
            : [];
      await changeOrder(tx, record.order.id, { updated_at: now }, lines, now);
      return true;
    }
    if (status === 'failed') return false;
    // Never more than the payment has left to give: what the provider tells of a refund cannot make the books give back more than was taken.
    const amountCents = Math.min(reported.amountCents, refundableCents(payment, record.refunds));
    if (amountCents <= 0) return false;
    // Made outside Showroom (the gateway's dashboard): recorded so the store's books agree with the gateway's.
    const row = (await tx.first(
      tx.db
        .insertInto('payment_refund')
        .values({
          order_id: record.order.id,
          payment_id: payment.id,
          overpayment_id: null,
          kind: 'refund',
          status,
          amount_cents: amountCents,
          currency: payment.currency,
          reason: 'other',
          note: `Made at ${reported.gateway}, outside Showroom.`,
          idempotency_key: `provider-${reported.gateway}-${reported.providerReference}`,
          request_key: null,
          provider_reference: reported.providerReference,
          failure_message: null,
          requested_by: reported.gateway,
          decided_by: reported.gateway,
          created_at: now,
          updated_at: now,
        })
        .returningAll(),
    )) as RefundRow;
    const refunds = [...record.refunds, row];
    const lines: HistoryLine[] = [
      { status: record.order.status, comment: `${reported.gateway} reported a refund of ${money(row.amount_cents)} on transaction ${payment.transaction_id} (${reported.providerReference}), made outside Showroom.`, internal: true },
      ...(await queueRefundMail(tx, deps.mail, { ...record, refunds }, row)),
    ];
    await changeOrder(tx, record.order.id, { updated_at: now }, lines, now);
    return true;
  });
}

/** An overpayment's "refund due", asked for and carried out in one step (a publisher). */
export async function refundOverpayment(deps: RefundsDeps, orderId: number, overpaymentId: number, requestKey: string | null, by: Actor): Promise<RefundResult> {
  const overpayment = await deps.q.first(deps.q.db.selectFrom('payment_overpayment').selectAll().where('id', '=', overpaymentId).where('order_id', '=', orderId));
  if (!overpayment) throw new OrderError('not_found', 'not_found', OVERPAYMENT_NOT_FOUND);
  if (overpayment.refunded_at !== null) throw new OrderError('conflict', 'already_refunded', OVERPAYMENT_ALREADY_REFUNDED);
  const payment = await deps.q.first(deps.q.db.selectFrom('payment').select('currency').where('id', '=', overpayment.payment_id));
  const asked = await requestRefund(
    deps.q,
    { orderId, paymentId: overpayment.payment_id, amountCents: overpayment.amount_cents, currency: payment?.currency ?? 'USD', reason: 'overpayment', note: null, requestKey, overpaymentId },
    by,
  );
  return carryOutRefund(deps, orderId, asked.refund.id, by);
}

/** Marks the order's overpayment refunded outside Showroom (a cheque, the gateway's dashboard), once; answers its amount in cents, for the audit log. */
export function markOverpaymentRefunded(q: Queries, orderId: number, overpaymentId: number): Promise<number> {
  return q.transaction(async (tx) => {
    if (!(await loadOrderForUpdate(tx, orderId))) throw operatorOrderNotFound();
    const overpayment = await tx.first(tx.db.selectFrom('payment_overpayment').selectAll().where('id', '=', overpaymentId).where('order_id', '=', orderId));
    if (!overpayment) throw new OrderError('not_found', 'not_found', OVERPAYMENT_NOT_FOUND);
    if (overpayment.refunded_at !== null) throw new OrderError('conflict', 'already_refunded', OVERPAYMENT_ALREADY_REFUNDED);
    const now = nowIso();
    await tx.run(tx.db.updateTable('payment_overpayment').set({ refunded_at: now }).where('id', '=', overpaymentId));
    await updateOrder(tx, orderId, { updated_at: now });
    return overpayment.amount_cents;
  });
}
