/**
 * The owner's proof for a payment target, as the payment routes take it: a bearer token for an
 * order or a quote, the e-mail in the body for a split payment, and the metadata naming the order
 * or the quote.
 */
import type { PaymentTarget } from './payment-types';

export interface PaymentProof {
  headers: Record<string, string>;
  /** Spread into the JSON body of a payment route. */
  body: { email?: string; metadata: { orderId?: number; quoteId?: number } };
}

export function paymentProof(target: PaymentTarget): PaymentProof {
  switch (target.kind) {
    case 'order':
      return { headers: { Authorization: `Bearer ${target.accessToken}` }, body: { metadata: { orderId: target.orderId } } };
    case 'quote':
      return { headers: { Authorization: `Bearer ${target.token}` }, body: { metadata: { quoteId: target.quoteId } } };
    case 'split':
      return { headers: {}, body: { email: target.email, metadata: { orderId: target.orderId } } };
  }
}

/** The amount a target asks to pay, in dollars; undefined means the whole due amount. */
export function requestedAmount(target: PaymentTarget): number | undefined {
  return target.kind === 'order' ? undefined : target.amount;
}
