/**
 * "Pay another way": `POST /api/payment/waiting/cancel` with the target's own proof (the
 * order's access token, the quote's link token, or the split page's e-mail), which voids the payment
 * waiting for the customer's bank with its gateway. Answers the server's words for the customer.
 */
import type { RequestBody, ResponseBody } from '../../schemas/api/endpoint';
import type { cancelWaitingPaymentEndpoint } from '../../schemas/api/payments';
import type { ApiClient } from '../api-client';
import { paymentFailureMessage } from './payment-failure';
import { paymentProof } from './payment-proof';
import type { PaymentTarget } from './payment-types';

export type CancelResult = { ok: true; message: string } | { ok: false; message: string };

export async function cancelWaitingPayment(api: ApiClient, target: PaymentTarget): Promise<CancelResult> {
  const proof = paymentProof(target);
  try {
    const answer = await api.send<ResponseBody<typeof cancelWaitingPaymentEndpoint, 200>>('POST', '/api/payment/waiting/cancel', proof.body satisfies RequestBody<typeof cancelWaitingPaymentEndpoint>, proof.headers);
    return { ok: true, message: answer.message };
  } catch (err) {
    return { ok: false, message: paymentFailureMessage(err) };
  }
}
