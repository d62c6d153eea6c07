/**
 * The two server calls of a PayPal payment: create PayPal's order for what the server
 * charges, then capture it once the buyer approved it in PayPal's window. Both carry the owner's
 * proof; the PayPal order id alone proves nothing (it travels in PayPal's return URL).
 */
import type { RequestBody, ResponseBody } from '../../../schemas/api/endpoint';
import type { paypalCaptureEndpoint, paypalCreateOrderEndpoint } from '../../../schemas/api/payments';
import type { ApiClient } from '../../api-client';
import { failedOutcome, isPaymentWaiting } from '../payment-failure';
import { paymentProof, requestedAmount } from '../payment-proof';
import type { AcceptedPayment, OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../payment-types';
import { PAYPAL_MESSAGES } from '../../../schemas/evaluators/paypal-messages';

type CreatedOrder = ResponseBody<typeof paypalCreateOrderEndpoint, 200>;
type CapturedOrder = ResponseBody<typeof paypalCaptureEndpoint, 200>;

const ACCEPTED = new Set<AcceptedPayment['status']>(['completed', 'pending', 'on_hold']);

/** `POST /api/payment/paypal/order`: answers PayPal's order id; throws with the message to show. */
export async function createPayPalOrder(api: ApiClient, target: PaymentTarget): Promise<string> {
  const proof = paymentProof(target);
  const body: RequestBody<typeof paypalCreateOrderEndpoint> = { ...(proof.body.email ? { email: proof.body.email } : {}), amount: requestedAmount(target), additionalData: proof.body.metadata };
  let created: CreatedOrder;
  try {
    created = await api.send<CreatedOrder>('POST', '/api/payment/paypal/order', body, proof.headers);
  } catch (err) {
    // Another payment of the target waits for the bank: kept as is, so the entry offers "Pay another way".
    if (isPaymentWaiting(err)) throw err;
    throw new Error((err as Error).message || PAYPAL_MESSAGES.createFailed);
  }
  if (!created?.id) throw new Error(PAYPAL_MESSAGES.createFailed);
  return created.id;
}

/** `POST /api/payment/paypal/capture` for the order the buyer approved, as the page's outcome. */
export async function capturePayPalOrder(api: ApiClient, target: PaymentTarget, paypalOrderId: string | undefined, method: OfferedPaymentMethod): Promise<PaymentOutcome> {
  if (!paypalOrderId) return { kind: 'failed', message: PAYPAL_MESSAGES.nothingToCapture };
  const proof = paymentProof(target);
  let captured: CapturedOrder;
  try {
    const body: RequestBody<typeof paypalCaptureEndpoint> = { ...(proof.body.email ? { email: proof.body.email } : {}), orderId: paypalOrderId };
    captured = await api.send<CapturedOrder>('POST', '/api/payment/paypal/capture', body, proof.headers);
  } catch (err) {
    return failedOutcome(err, target, (err as Error).message || PAYPAL_MESSAGES.captureFailed);
  }
  const status = captured.status as AcceptedPayment['status'];
  if (!captured.success || !ACCEPTED.has(status)) return { kind: 'failed', message: PAYPAL_MESSAGES.captureFailed };
  return {
    kind: 'paid',
    payment: { transactionId: captured.transactionId ?? paypalOrderId, method: method.name, gateway: 'paypal', status, ...(captured.amount !== undefined ? { amount: captured.amount } : {}) },
  };
}
