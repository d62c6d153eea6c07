/**
 * After a quote payment or a split payment: once the order a Stripe payment paid exists, the
 * PaymentIntent learns it, so Stripe's dashboard and its webhooks name the order. The server adds
 * metadata to a paid intent but never points it at another order (409).
 */
import type { RequestBody } from '../../../schemas/api/endpoint';
import type { stripeUpdateIntentEndpoint } from '../../../schemas/api/payments';
import type { ApiClient } from '../../api-client';
import { paymentProof } from '../payment-proof';
import type { PaymentTarget } from '../payment-types';

export interface IntentOrderMetadata {
  orderId: number | string;
  orderIncrementId?: string;
  paymentId?: number | string;
}

export async function attachOrderToStripeIntent(api: ApiClient, target: PaymentTarget, paymentIntentId: string, order: IntentOrderMetadata): Promise<void> {
  const proof = paymentProof(target);
  const metadata: Record<string, string> = { ...stringify(proof.body.metadata), ...stringify(order) };
  const body: RequestBody<typeof stripeUpdateIntentEndpoint> = { ...(proof.body.email ? { email: proof.body.email } : {}), paymentIntentId, metadata };
  await api.send('PATCH', '/api/payment/stripe/payment-intent', body, proof.headers);
}

function stringify(values: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}
