/** Hands a provider's answer to the orders room; a failure there never hides the payment from the customer. */
import type { ConfirmedPayment } from '../../gateways/gateway';
import type { PaymentRouteDeps } from './payment-deps';

export async function reportPayment(deps: PaymentRouteDeps, payment: ConfirmedPayment): Promise<void> {
  try {
    await deps.onConfirmedPayment(payment);
  } catch (err) {
    // The money moved (or did not) whatever happened here; the browser's verify call and the
    // provider's webhook will record it again, idempotently.
    deps.logger?.warn({ err, gateway: payment.gateway, providerReference: payment.providerReference }, 'recording a confirmed payment failed');
  }
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}
