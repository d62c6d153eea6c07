/**
 * The seam with the gateway routes (server/api/payments): `chargeAmount` says how much a payment
 * may be for (the orders module decides, from the order's or quote's due amount; as a claim it also
 * holds it for the charge about to be taken: ../orders/charges.ts), and `onConfirmedPayment`
 * records a payment the gateway confirmed (browser verify and webhook alike; one row per provider
 * reference). Who may name an order or a quote is decided by ../orders/order-access.ts.
 */
import { toDollars } from '../../schemas/money';
import type { GatewayName, PaymentMetadata } from '../gateways/gateway';
import { ApiError } from '../http/api-error';
import type { ChargeAmount, ChargeRequest } from '../orders/charges';
import type { Owned, OwnerProof } from '../orders/order-access';
import { OrderError, orderNotFound } from '../orders/order-errors';
import { findOrderRow, loadOrder } from '../orders/order-view';
import type { Orders } from '../orders/orders';
import { attemptTarget, waitingPayments, type AttemptState, type AttemptTarget, type PaymentAttempt, type WaitingPayment } from '../orders/payment-holds';
import type { RecordedPayment } from '../orders/payments';
import type { ConfirmedPayment, ConfirmPayment } from './payment-types';

export type { ChargeAmount, ChargeRequest, Owned, OwnerProof };

/** What holds an order's or a quote's amount, for its proven owner. */
export interface HeldPayments {
  orderId?: number;
  quoteId?: number;
  /** Payments of the ledger pending or on hold. */
  waiting: WaitingPayment[];
  /** Provider objects the store created that may still be confirmed (Stripe intents, PayPal orders). */
  attempts: PaymentAttempt[];
}

export interface VerifiedPayment {
  confirmed: ConfirmedPayment;
  applied: RecordedPayment;
  owned: Owned;
}

/**
 * The payment routes' seam with the orders module: the gateways are asked here, outside any
 * transaction, and what they confirm is recorded by ../orders (which alone writes payments).
 */
export class PaymentService {
  constructor(
    private readonly orders: Orders,
    private readonly confirmWithGateway: ConfirmPayment,
  ) {}

  authorize(target: { orderId?: string | number; quoteId?: string | number }, proof: OwnerProof | undefined): Promise<Owned> {
    return this.orders.authorize(target, proof);
  }

  chargeAmount = (request: ChargeRequest): Promise<ChargeAmount> => this.orders.decideCharge(request);

  /**
   * The waiting payments and open provider attempts of the order or quote named, for its owner only
   * (the same proof as a charge: a stranger gets the answer of an unknown id and learns nothing).
   */
  held = async (request: { orderId?: string | number; quoteId?: string | number; owner?: OwnerProof }): Promise<HeldPayments> => {
    const owned = await this.authorize(request, request.owner);
    const record = owned.orderId !== undefined ? await loadOrder(this.orders.attempts.q, owned.orderId) : undefined;
    const quoteId = owned.quoteId ?? record?.order.quote_id ?? undefined;
    return {
      ...(owned.orderId !== undefined ? { orderId: owned.orderId } : {}),
      ...(quoteId !== undefined ? { quoteId } : {}),
      waiting: record ? waitingPayments(record.payments) : [],
      attempts: await this.orders.attempts.openFor({ orderId: owned.orderId, quoteId }),
    };
  };

  /** The open attempts of an order or quote the caller already proved it owns (chargeAmount's `target`). */
  openAttempts = (target: AttemptTarget): Promise<PaymentAttempt[]> => this.orders.attempts.openFor(target);

  /** Records a provider object the store created (after its owner check), so a later charge can settle it. */
  recordAttempt = async (attempt: { gateway: GatewayName; providerReference: string; metadata: PaymentMetadata; amountCents: number }): Promise<void> => {
    const target = await attemptTarget(attempt.metadata, (raw) => this.orders.resolveOrderId(raw));
    await this.orders.attempts.record({ gateway: attempt.gateway, providerReference: attempt.providerReference, amountCents: attempt.amountCents, ...target });
  };

  /** Closes an attempt, or ends a charge's claim (its provider answered, or the charge stopped). */
  markAttempt = (providerReference: string, state: Exclude<AttemptState, 'open'>): Promise<void> => this.orders.attempts.mark(providerReference, state);

  /** An attempt's state; 'voided' also when its ledger row was voided (an attempt made before the table existed). */
  attemptState = async (providerReference: string): Promise<AttemptState | undefined> => {
    const q = this.orders.attempts.q;
    const row = await q.first(q.db.selectFrom('payment').select('status').where('provider_reference', '=', providerReference));
    return row?.status === 'voided' ? 'voided' : this.orders.attempts.stateOf(providerReference);
  };

  /** The gateway voided a waiting payment: the ledger row becomes voided, with a line in the history. */
  onVoidedPayment = async (providerReference: string): Promise<boolean> => {
    await this.orders.attempts.mark(providerReference, 'voided');
    return (await this.orders.recordVoidedPayment(providerReference)).voided;
  };

  onConfirmedPayment = async (payment: ConfirmedPayment): Promise<void> => {
    await this.orders.recordConfirmedPayment(payment);
  };

  /**
   * Records a payment the browser names, for an order or quote the caller already proved it owns
   * (PATCH /api/order, split payment, convertToOrder): the payment must belong to it.
   */
  async confirmAndApply(gateway: string, transactionId: string, owned: Owned, opts: { method?: string } = {}): Promise<{ confirmed: ConfirmedPayment; applied: RecordedPayment }> {
    const confirmed = await this.confirm(gateway, transactionId);
    return { confirmed, applied: await this.applyFor(confirmed, owned, opts.method) };
  }

  /**
   * Verify: asks the gateway about a transaction, then records it only for a caller who proves it
   * owns the order or quote the payment is for. The transaction id alone is no proof.
   */
  async verify(gateway: string, transactionId: string, proof: OwnerProof, opts: { method?: string } = {}): Promise<VerifiedPayment> {
    const confirmed = await this.confirm(gateway, transactionId);
    let owned: Owned;
    try {
      owned = await this.authorize({ orderId: confirmed.metadata.orderId, quoteId: confirmed.metadata.quoteId }, proof);
    } catch (err) {
      // A payment not linked to anything we hold, or not the caller's: one answer for both.
      if (err instanceof OrderError && err.kind === 'invalid' && err.code === 'validation_failed') throw orderNotFound();
      throw err;
    }
    return { confirmed, applied: await this.applyFor(confirmed, owned, opts.method), owned };
  }

  private applyFor(confirmed: ConfirmedPayment, owned: Owned, method: string | undefined): Promise<RecordedPayment> {
    // A quote not yet ordered is converted by its payment; anything else pays the order proven.
    const expect = owned.orderId === undefined ? { expectQuoteId: owned.quoteId } : { expectOrderId: owned.orderId };
    return this.orders.recordConfirmedPayment(confirmed, { method, ...expect });
  }

  private async confirm(gateway: string, transactionId: string): Promise<ConfirmedPayment> {
    try {
      return await this.confirmWithGateway(gateway, transactionId);
    } catch (err) {
      // A provider that cannot be reached is the provider's failure, not ours: a clean 502.
      if (err instanceof ApiError || err instanceof OrderError) throw err;
      throw new ApiError(502, 'provider_error', 'An error occurred while processing your payment. Please try again.');
    }
  }
}

export function amountDollars(cents: number): number {
  return toDollars(cents);
}
