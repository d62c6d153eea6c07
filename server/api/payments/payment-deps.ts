/**
 * The seams between the payment routes (gateways room) and orders and quotes (orders room). The
 * routes never charge what a browser names: they ask `chargeAmount`, which knows the order's or
 * quote's due amount. Every payment result a provider reports through these routes or a webhook
 * goes to `onConfirmedPayment`, which records it idempotently by `providerReference`.
 */
import type { StoreOrigins } from '../../http/store-origins';
import type { Logger } from '../../logger';
import type { AllGateways } from '../../gateways/create-gateways';
import type { ConfirmedPayment, GatewayName, PaymentMetadata } from '../../gateways/gateway';
import type { OwnerProof } from '../../services/payment-service';

export interface ChargeRequest {
  orderId?: string;
  quoteId?: string;
  /** Dollars the browser asked to pay now (a split payment may ask less than due); validated by the implementation. */
  requestedAmount?: number;
  method: GatewayName;
  /** What the request proves about its caller (./owner-proof.ts); the implementation refuses a caller who does not own the order or quote. */
  owner: OwnerProof;
  /** 'check-owner': only prove ownership (capture, read back, update after payment); no amount is refused as already paid. */
  purpose?: 'charge' | 'check-owner';
}

export interface Charge {
  amountCents: number;
  /** ISO code, 'USD'. */
  currency: string;
  /** What the provider should carry back to us (orderId, orderIncrementId, quoteId ...). */
  metadata: PaymentMetadata;
}

/** Resolves what may be charged now; throws an ApiError (4xx) for an unknown order or quote, a caller who does not own it, or a bad amount. */
export type ChargeAmount = (request: ChargeRequest) => Promise<Charge>;

/** Records a provider-confirmed payment; called more than once for one payment, so idempotent by providerReference. */
export type OnConfirmedPayment = (payment: ConfirmedPayment) => Promise<void>;

export interface PaymentRouteDeps {
  gateways: AllGateways;
  chargeAmount: ChargeAmount;
  onConfirmedPayment: OnConfirmedPayment;
  logger?: Logger;
  /**
   * The store's own origins, for addresses a route answers (the test gateway's authentication page)
   * and where a payment may return; default: the request's own origin alone.
   */
  storeOrigins?: StoreOrigins;
  /** Whether a page on this origin may be returned to after a payment step (allowed and dealer origins); default: none but the store. */
  isReturnOrigin?: (origin: string) => boolean;
}
