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

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Asks the provider for the payment's real state: the server's only source of truth. */
  confirm(transactionId: string): Promise<ConfirmedPayment>;
}

export interface Gateways {
  get(name: GatewayName): PaymentGateway;
}
