/**
 * The seams between the payment routes (gateways room) and orders and quotes (orders room). The
 * routes never charge what a browser names: they ask `chargeAmount`, which knows the order's or
 * quote's due amount. Every payment result a provider reports through these routes or a webhook
 * goes to `onConfirmedPayment`, which records it idempotently by `providerReference`.
 */
import type { StoreOrigins } from '../../http/store-origins';
import type { Logger } from '../../logger';
import type { AllGateways } from '../../gateways/create-gateways';
import type { ConfirmedPayment, GatewayName, PaymentMetadata, ProviderRefund } from '../../gateways/gateway';
import type { AttemptState, AttemptTarget, PaymentAttempt } from '../../orders/payment-holds';
import type { HeldPayments, OwnerProof } from '../../services/payment-service';

export interface ChargeRequest {
  orderId?: string;
  quoteId?: string;
  /** Dollars the browser asked to pay now (a split payment may ask less than due); validated by the implementation. */
  requestedAmount?: number;
  method: GatewayName;
  /** What the request proves about its caller (./owner-proof.ts); the implementation refuses a caller who does not own the order or quote. */
  owner: OwnerProof;
  /**
   * 'check-owner': only prove ownership (capture, read back, update after payment); no amount is
   * refused as already paid. 'claim': the decision of a charge about to be taken, recorded under
   * the order's (or quote's) row lock; the answer's `claim` holds it until the route ends it.
   */
  purpose?: 'charge' | 'check-owner' | 'claim';
  /** The payment being captured itself (a PayPal order): it does not hold against itself. */
  exceptReference?: string;
  /** For a claim: the open attempts the route just settled and left open (./waiting-payments.ts). */
  knownAttempts?: readonly string[];
}

/**
 * What holds an order's or a quote's amount (server/orders/payment-holds.ts): the routes record
 * each provider object they create, settle the open ones before a new charge, and void a waiting
 * payment when its owner asks to pay another way.
 */
export interface PaymentHoldsDeps {
  /** The waiting payments and open attempts of the order or quote named, for its proven owner only. */
  held(request: { orderId?: string; quoteId?: string; owner: OwnerProof }): Promise<HeldPayments>;
  /** The open attempts of what `chargeAmount` just proved the caller owns (its answer's `target`). */
  openAttempts(target: AttemptTarget): Promise<PaymentAttempt[]>;
  recordAttempt(attempt: { gateway: GatewayName; providerReference: string; metadata: PaymentMetadata; amountCents: number }): Promise<void>;
  /** Closes an attempt, or ends a charge's claim. */
  markAttempt(providerReference: string, state: Exclude<AttemptState, 'open'>): Promise<void>;
  attemptState(providerReference: string): Promise<AttemptState | undefined>;
  /** The gateway voided it: the ledger row becomes voided (true when a waiting row changed). */
  onVoidedPayment(providerReference: string): Promise<boolean>;
}

export interface Charge {
  amountCents: number;
  /** ISO code, 'USD'. */
  currency: string;
  /** What the provider should carry back to us (orderId, orderIncrementId, quoteId ...). */
  metadata: PaymentMetadata;
  /** What it is for, as the store's ids (the order and its quote): where its open attempts are. */
  target: AttemptTarget;
  /** For purpose 'claim': the claim's reference, which holds the order until `markAttempt` ends it. */
  claim?: string;
}

/** Resolves what may be charged now; throws an ApiError (4xx) for an unknown order or quote, a caller who does not own it, or a bad amount. */
export type ChargeAmount = (request: ChargeRequest) => Promise<Charge>;

/** Records a provider-confirmed payment; called more than once for one payment, so idempotent by providerReference. */
export type OnConfirmedPayment = (payment: ConfirmedPayment) => Promise<void>;

export interface PaymentRouteDeps {
  gateways: AllGateways;
  chargeAmount: ChargeAmount;
  onConfirmedPayment: OnConfirmedPayment;
  /** Records refunds a gateway's webhook reports; answers how many changed. Absent: the webhooks leave refunds alone. */
  onProviderRefunds?: (refunds: readonly ProviderRefund[]) => Promise<number>;
  holds: PaymentHoldsDeps;
  logger?: Logger;
  /**
   * The store's own origins, for addresses a route answers (the test gateway's authentication page)
   * and where a payment may return; default: the request's own origin alone.
   */
  storeOrigins?: StoreOrigins;
  /** Whether a page on this origin may be returned to after a payment step (allowed and dealer origins); default: none but the store. */
  isReturnOrigin?: (origin: string) => boolean;
}
