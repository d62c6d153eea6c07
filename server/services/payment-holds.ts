/**
 * What holds an order's (or a quote's) amount while a payment may still complete (issue 17, "A
 * customer can be charged twice"): payments of the ledger that are pending or on hold, and the
 * provider objects the store created that the browser may still confirm on its own (a Stripe
 * PaymentIntent, a PayPal order: `payment_attempt`). While one waits, a new charge is refused with
 * the 409 of `paymentWaiting()`; the customer cancels it ("Pay another way") to pay another way.
 */
import { WAITING_PAYMENT_MESSAGES, PAYMENT_WAITING_CODE } from '../../schemas/evaluators/waiting-payment-messages';
import type { SyncQueries } from '../db/sync-query';
import type { PaymentAttemptTable } from '../db/tables';
import { isWaitingStatus, type GatewayName, type PaymentMetadata } from '../gateways/gateway';
import { ApiError } from '../http/api-error';
import type { PaymentRow } from './order-view';
import { nowIso } from './request-input';

export type AttemptState = PaymentAttemptTable['state'];

export interface PaymentAttempt {
  gateway: GatewayName;
  providerReference: string;
  orderId: number | null;
  quoteId: number | null;
  amountCents: number;
  state: AttemptState;
}

/** A payment of the ledger that waits for the customer's bank or the provider. */
export interface WaitingPayment {
  gateway: GatewayName;
  providerReference: string;
  transactionId: string;
  status: 'pending' | 'on_hold';
  amountCents: number;
}

/** The ledger's waiting payments, but the one being captured or confirmed itself (`exceptReference`). */
export function waitingPayments(payments: readonly PaymentRow[], exceptReference?: string): WaitingPayment[] {
  return payments
    .filter((p) => isWaitingStatus(p.status) && p.provider_reference !== exceptReference)
    .map((p) => ({ gateway: p.gateway as GatewayName, providerReference: p.provider_reference, transactionId: p.transaction_id, status: p.status as WaitingPayment['status'], amountCents: p.amount_cents }));
}

/** The 409 of a new charge while a payment of the same order waits (the words of issue 17). */
export function paymentWaiting(): ApiError {
  return new ApiError(409, PAYMENT_WAITING_CODE, WAITING_PAYMENT_MESSAGES.waiting);
}

/** The provider objects the store created to take a payment, by order and by quote. */
export class PaymentAttempts {
  constructor(private readonly q: SyncQueries) {}

  /** Records a new provider object (idempotent: a replayed create answers the same object). */
  record(attempt: { gateway: GatewayName; providerReference: string; orderId: number | null; quoteId: number | null; amountCents: number }): void {
    const now = nowIso();
    this.q.run(
      this.q.db
        .insertInto('payment_attempt')
        .values({ gateway: attempt.gateway, provider_reference: attempt.providerReference, order_id: attempt.orderId, quote_id: attempt.quoteId, amount_cents: attempt.amountCents, state: 'open', created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('provider_reference').doNothing()),
    );
  }

  /** The open attempts for an order, its quote, or a quote not yet ordered. */
  openFor(target: { orderId?: number; quoteId?: number }): PaymentAttempt[] {
    const { orderId, quoteId } = target;
    if (orderId === undefined && quoteId === undefined) return [];
    const rows = this.q.all(
      this.q.db
        .selectFrom('payment_attempt')
        .selectAll()
        .where('state', '=', 'open')
        .where((eb) => eb.or([...(orderId !== undefined ? [eb('order_id', '=', orderId)] : []), ...(quoteId !== undefined ? [eb('quote_id', '=', quoteId)] : [])]))
        .orderBy('id'),
    );
    return rows.map((r) => ({ gateway: r.gateway as GatewayName, providerReference: r.provider_reference, orderId: r.order_id, quoteId: r.quote_id, amountCents: r.amount_cents, state: r.state }));
  }

  stateOf(providerReference: string): AttemptState | undefined {
    return this.q.first(this.q.db.selectFrom('payment_attempt').select('state').where('provider_reference', '=', providerReference))?.state;
  }

  /** Closes an attempt: voided (the store cancelled it) or settled (the ledger has it, or it ended). A voided one stays voided. */
  mark(providerReference: string, state: Exclude<AttemptState, 'open'>): void {
    this.q.run(this.q.db.updateTable('payment_attempt').set({ state, updated_at: nowIso() }).where('provider_reference', '=', providerReference).where('state', '!=', 'voided'));
  }
}

/** The order and quote ids a provider's metadata names, as numbers (ids the store gave it). */
export function attemptTarget(metadata: PaymentMetadata, resolveOrderId: (raw: string) => number | undefined): { orderId: number | null; quoteId: number | null } {
  const orderId = metadata.orderId ? (resolveOrderId(String(metadata.orderId)) ?? null) : null;
  const quoteId = metadata.quoteId && /^\d{1,12}$/.test(String(metadata.quoteId)) ? Number(metadata.quoteId) : null;
  return { orderId, quoteId };
}
