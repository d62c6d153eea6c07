/**
 * One interface for every payment gateway. The server never takes a browser's word for a payment:
 * it asks the gateway (`confirm`), which asks the provider, and only the answer of `confirm` (or a
 * signed webhook that leads to it) may change an order. See ARCHITECTURE.md, "Money and trust".
 */
export type GatewayName = 'test' | 'stripe' | 'paypal' | 'authorizenet';
export const GATEWAY_NAMES: readonly GatewayName[] = ['test', 'stripe', 'paypal', 'authorizenet'];

/**
 * Internal payment status, mapped from each provider's own values. `voided`: a payment that waited
 * (pending or on hold) and that the customer cancelled to pay another way; the store voided it with
 * the provider, so it can never complete.
 */
export type PaymentStatus = 'completed' | 'pending' | 'failed' | 'on_hold' | 'voided';

/** A payment that holds its amount: it may still complete, so no other charge is taken meanwhile. */
export function isWaitingStatus(status: string): status is 'pending' | 'on_hold' {
  return status === 'pending' || status === 'on_hold';
}

export interface PaymentMetadata {
  orderId?: string;
  orderIncrementId?: string;
  paymentId?: string;
  quoteId?: string;
  quoteIncrementId?: string;
}
export const PAYMENT_METADATA_KEYS = ['orderId', 'orderIncrementId', 'paymentId', 'quoteId', 'quoteIncrementId'] as const;

export interface ConfirmedPayment {
  gateway: GatewayName;
  /** Unique per provider transaction (PaymentIntent id, PayPal order id, Authorize.net transId, test txn id). */
  providerReference: string;
  transactionId: string;
  status: PaymentStatus;
  /** What the provider says was paid (or, while pending, is to be paid), in cents. */
  amountCents: number;
  currency: string;
  metadata: PaymentMetadata;
  /** E.g. card brand and last four digits, the provider's raw status. */
  additionalData: Record<string, unknown>;
}

/** Money given back on a completed payment, or a payment that took none voided (server/orders/refunds.ts decides which). */
export interface RefundRequest {
  /** The payment as recorded: the provider's reference and transaction id, its amount and currency, and what the provider told of it (card's last four digits). */
  payment: { providerReference: string; transactionId: string; amountCents: number; currency: string; additionalData: Record<string, unknown> };
  /** What to give back, in cents: at most the payment's amount less what was already given back (the caller decides that). */
  amountCents: number;
  /**
   * Sent to the provider as its idempotency key (Stripe `Idempotency-Key`, PayPal `PayPal-Request-Id`;
   * Authorize.net's `refId`): the same key asks for the same refund, so a retry never gives twice.
   */
  idempotencyKey: string;
  /** A reason from the store's list (duplicate, fraudulent, requested by the customer, returned goods, order cancelled, overpayment, other). */
  reason: string;
  /** Shown to the buyer where the provider shows one (PayPal's note to the payer). */
  note?: string;
}

export interface RefundOutcome {
  /** `refund`: money given back; `void`: the payment was cancelled before it settled (in full). */
  kind: 'refund' | 'void';
  /** `pending`: accepted, to settle later (a webhook or a later read says how it ended). */
  status: 'succeeded' | 'pending' | 'failed';
  /** The provider's id of the refund (Stripe `re_…`, PayPal's refund id, Authorize.net's transId); of the payment for a void. */
  providerReference: string;
  amountCents: number;
  /** The provider's reason for a failure, in its words, for the operator. */
  message?: string;
}

/** A refund the provider reports by webhook (Stripe `charge.refunded`/`refund.updated`, PayPal `PAYMENT.CAPTURE.REFUNDED`). */
export interface ProviderRefund {
  gateway: GatewayName;
  /** The payment's provider reference, as the store recorded it (the PaymentIntent id, the PayPal order id). */
  paymentReference: string;
  /** The refund's own id: a refund the store asked for carries the id its answer gave, so a webhook of it is not counted twice. */
  providerReference: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Asks the provider for the payment's real state: the server's only source of truth. */
  confirm(transactionId: string): Promise<ConfirmedPayment>;
  /**
   * Gives money back on a completed payment, in full or in part, or voids a payment that has taken
   * none yet (waiting for authentication, authorised and not captured, or on Authorize.net not
   * settled: a refund there fails with error 54, and a void of the whole amount is made instead).
   * A refusal by the provider answers `status: 'failed'` with its message; only an unreachable
   * provider throws.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

export interface Gateways {
  get(name: GatewayName): PaymentGateway;
}
