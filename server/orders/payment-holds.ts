/**
 * What holds an order's (or a quote's) amount while a payment may still complete, so a customer is
 * never charged twice: payments of the ledger that are pending or on hold, and the provider objects
 * the store created that the browser may still confirm on its own (a Stripe PaymentIntent, a PayPal
 * order: `payment_attempt`). While one waits, a new charge is refused with the 409 of
 * `paymentWaiting()`; the customer cancels it ("Pay another way") to pay another way.
 *
 * Several servers may take charges for one order at once, so a charge is decided and claimed in
 * one transaction under the row lock of the order (or the quote): the claim is a `payment_attempt`
 * row of its own (reference `claim:…`) that holds the order while the provider is asked, outside
 * any transaction. A decision on another server waits for the lock, then finds the claim and is
 * refused; the claim ends once the ledger or an open attempt knows what the provider did.
 */
import crypto from 'node:crypto';
import { WAITING_PAYMENT_MESSAGES, PAYMENT_WAITING_CODE } from '../../schemas/evaluators/waiting-payment-messages';
import type { Queries } from '../db/queries';
import type { PaymentAttemptTable } from '../db/tables';
import { isWaitingStatus, type GatewayName, type PaymentMetadata } from '../gateways/gateway';
import { OrderError } from './order-errors';
import type { PaymentRow } from './order-view';
import { nowIso } from '../services/request-input';

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

/**
 * How long a claim holds its order. A charge asks its provider within the gateways' 20-second
 * timeouts and then records the answer; a claim older than this belongs to a server that stopped
 * in the middle of a charge, and no longer holds anything (the overpayment flag remains the backstop).
 */
export const CLAIM_LIFETIME_MS = 2 * 60 * 1000;

const CLAIM_PREFIX = 'claim:';

/** A charge's claim on its order, not a provider object: never settled with a provider. */
export function isClaim(providerReference: string): boolean {
  return providerReference.startsWith(CLAIM_PREFIX);
}

/** The ledger's waiting payments, but the one being captured or confirmed itself (`exceptReference`). */
export function waitingPayments(payments: readonly PaymentRow[], exceptReference?: string): WaitingPayment[] {
  return payments
    .filter((p) => isWaitingStatus(p.status) && p.provider_reference !== exceptReference)
    .map((p) => ({ gateway: p.gateway as GatewayName, providerReference: p.provider_reference, transactionId: p.transaction_id, status: p.status as WaitingPayment['status'], amountCents: p.amount_cents }));
}

/** The 409 of a new charge while a payment of the same order waits, with the waiting message. */
export function paymentWaiting(): OrderError {
  return new OrderError('conflict', PAYMENT_WAITING_CODE, WAITING_PAYMENT_MESSAGES.waiting);
}

/**
 * A charge's decision found an open provider object its caller has not settled (another request
 * created it meanwhile): the caller settles the open attempts again and asks again. Should it
 * escape, it is the 409 of `paymentWaiting()`.
 */
export class AttemptsOpen extends OrderError {
  constructor() {
    super('conflict', PAYMENT_WAITING_CODE, WAITING_PAYMENT_MESSAGES.waiting);
  }
}

/** What a payment is for, as the store's ids: an order, its quote, or a quote not yet ordered. */
export interface AttemptTarget {
  orderId?: number;
  quoteId?: number;
}

/** The provider objects the store created to take a payment, by order and by quote, and the charges' claims. */
export class PaymentAttempts {
  constructor(readonly q: Queries) {}

  /** Records a new provider object (idempotent: a replayed create answers the same object). */
  async record(attempt: { gateway: GatewayName; providerReference: string; orderId: number | null; quoteId: number | null; amountCents: number }): Promise<void> {
    const now = nowIso();
    await this.q.run(
      this.q.db
        .insertInto('payment_attempt')
        .values({ gateway: attempt.gateway, provider_reference: attempt.providerReference, order_id: attempt.orderId, quote_id: attempt.quoteId, amount_cents: attempt.amountCents, state: 'open', created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('provider_reference').doNothing()),
    );
  }

  /** The open attempts (provider objects, not claims) for an order, its quote, or a quote not yet ordered. */
  async openFor(target: AttemptTarget, q: Queries = this.q): Promise<PaymentAttempt[]> {
    const rows = await this.openRows(target, q);
    return rows.filter((r) => !isClaim(r.provider_reference)).map(toAttempt);
  }

  /**
   * Inside the transaction that holds the row lock of the order (or quote): refuses while anything
   * but the caller's own settled attempts may still take money for it, else records the caller's
   * claim and answers its reference. `known`: the open attempts the caller has just settled with
   * their provider and left open (a PayPal order not captured, the intent it answers again).
   */
  async claim(tx: Queries, claim: { gateway: GatewayName; orderId: number | null; quoteId: number | null; amountCents: number }, known: readonly string[]): Promise<string> {
    const now = new Date();
    const open = await this.openRows({ orderId: claim.orderId ?? undefined, quoteId: claim.quoteId ?? undefined }, tx);
    for (const row of open) {
      if (isClaim(row.provider_reference)) {
        // Another charge for it is with its provider right now (on this server or another).
        if (Date.parse(row.created_at) > now.getTime() - CLAIM_LIFETIME_MS) throw paymentWaiting();
        await this.mark(row.provider_reference, 'voided', tx);
      } else if (!known.includes(row.provider_reference)) {
        throw new AttemptsOpen();
      }
    }
    const reference = `${CLAIM_PREFIX}${crypto.randomUUID()}`;
    const at = now.toISOString();
    await tx.insert('payment_attempt', { gateway: claim.gateway, provider_reference: reference, order_id: claim.orderId, quote_id: claim.quoteId, amount_cents: claim.amountCents, state: 'open', created_at: at, updated_at: at });
    return reference;
  }

  async stateOf(providerReference: string): Promise<AttemptState | undefined> {
    return (await this.q.first(this.q.db.selectFrom('payment_attempt').select('state').where('provider_reference', '=', providerReference)))?.state;
  }

  /** Closes an attempt: voided (the store cancelled it) or settled (the ledger has it, or it ended). A voided one stays voided. */
  async mark(providerReference: string, state: Exclude<AttemptState, 'open'>, q: Queries = this.q): Promise<void> {
    await q.run(q.db.updateTable('payment_attempt').set({ state, updated_at: nowIso() }).where('provider_reference', '=', providerReference).where('state', '!=', 'voided'));
  }

  private async openRows(target: AttemptTarget, q: Queries) {
    const { orderId, quoteId } = target;
    if (orderId === undefined && quoteId === undefined) return [];
    return q.all(
      q.db
        .selectFrom('payment_attempt')
        .selectAll()
        .where('state', '=', 'open')
        .where((eb) => eb.or([...(orderId !== undefined ? [eb('order_id', '=', orderId)] : []), ...(quoteId !== undefined ? [eb('quote_id', '=', quoteId)] : [])]))
        .orderBy('id'),
    );
  }
}

function toAttempt(r: { gateway: string; provider_reference: string; order_id: number | null; quote_id: number | null; amount_cents: number; state: AttemptState }): PaymentAttempt {
  return { gateway: r.gateway as GatewayName, providerReference: r.provider_reference, orderId: r.order_id, quoteId: r.quote_id, amountCents: r.amount_cents, state: r.state };
}

/** The order and quote ids a provider's metadata names, as numbers (ids the store gave it). */
export async function attemptTarget(metadata: PaymentMetadata, resolveOrderId: (raw: string) => Promise<number | undefined> | number | undefined): Promise<{ orderId: number | null; quoteId: number | null }> {
  const orderId = metadata.orderId ? ((await resolveOrderId(String(metadata.orderId))) ?? null) : null;
  const quoteId = metadata.quoteId && /^\d{1,12}$/.test(String(metadata.quoteId)) ? Number(metadata.quoteId) : null;
  return { orderId, quoteId };
}
