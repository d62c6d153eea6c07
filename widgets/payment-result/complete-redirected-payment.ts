/**
 * Finishes a payment that left the page (a provider's redirect, an authentication step) and came
 * back to the verify page; also used by <showroom-order-result> and by the
 * checkout element when a dealer's success page receives the provider's return.
 *
 * The provider's return URL carries only ids, and an id proves nothing: the owner's proof (the
 * order's access token, the quote's link token, or the split order's e-mail) is in this tab's
 * pending payment (widgets/payment/pending-payment.ts). Without it nothing is sent: the server would
 * refuse, and a request without proof only teaches a stranger which ids exist.
 *
 * Rules, in order:
 *  1. verify; an error answer (4xx, `error` true, `success` false) is a failure;
 *  2. metadata with a quoteId and no orderId: convert the quote (`POST /api/quote/convertToOrder`
 *     with the link token); a failed conversion is a failure. (Our server converts inside verify,
 *     so this is the older servers' path, kept because the spec's answer shape allows it.)
 *  3. the server moved the order (ordered / pending_payment);
 *  4. the e-mail flag false is a failure. The server raises it only for a completed payment, so a
 *     payment the provider still holds (pending, on_hold) lands here too: the failure page then
 *     says the payment is being confirmed and not to pay again (not "failed"), with the order
 *     number; the cart is kept in case it is refused after all.
 *  On success: the order-success item, the cart of `cartKey` cleared (which fires
 *  selected-samples-updated), the pending payment removed. On failure: the failure note for
 *  /payment/fail, the pending payment removed too (a second verify of the same return would only
 *  repeat the answer; the customer starts again from checkout or the quote link).
 */
import type { RequestBody, ResponseBody } from '../../schemas/api/endpoint';
import type { authorizeNetHostedReturnEndpoint, paymentVerifyEndpoint } from '../../schemas/api/payments';
import type { ApiClient } from '../api-client';
import { ApiRequestError } from '../api-client';
import { sampleCart } from '../cart-store/sample-cart';
import { storeOrderSuccess } from '../payment/order-success-store';
import { paymentProof } from '../payment/payment-proof';
import type { PaymentTarget } from '../payment/payment-types';
import { clearPendingPayment, readPendingPayment } from '../payment/pending-payment';
import { storePaymentFailure } from './payment-failure-note';

/** Our wording (the spec shows none for these cases). */
export const VERIFY_MESSAGES = {
  noPendingPayment:
    'We could not find the payment to confirm in this browser tab (it may have been opened in another tab, or the link is old). If you paid, your order is safe: contact us with your order number and we will confirm it.',
  missingReturn: 'The payment provider did not tell us which payment to confirm. Please contact us with your order number.',
  pending: 'Your payment has not been confirmed yet by the payment provider. Please do not pay again: you will receive the confirmation e-mail once it is confirmed, or contact us with your order number.',
  notConfirmed: 'Your payment could not be confirmed. Your order is kept: you can try again from checkout, or contact us with your order number.',
  conversionFailed: 'Your payment was taken but the order could not be created. Please contact us with your quote number so we can complete it.',
} as const;

type VerifyWire = ResponseBody<typeof paymentVerifyEndpoint, 200>;

/**
 * The verify answer (its contract: schemas/api/payments.ts), every part optional: the
 * spec's answer shape lets older servers leave parts out, and this page reads only these.
 */
export type VerifyAnswer = Partial<Pick<VerifyWire, 'error' | 'success' | 'status' | 'message' | 'transactionId' | 'partialPayment' | 'remainingBalance' | 'sendConfirmationEmail'>> & {
  transactionResponse?: Partial<VerifyWire['transactionResponse']>;
  metadata?: Partial<VerifyWire['metadata']>;
  order?: Partial<Pick<VerifyWire['order'], 'orderIncrementId' | 'remainingBalance'>>;
};

interface ConvertAnswer {
  success?: boolean;
  message?: string;
  order?: { orderIncrementId?: string; remainingBalance?: number };
  sendConfirmationEmail?: boolean;
}

export type RedirectedPaymentResult =
  | {
      kind: 'success';
      orderNumber: string;
      partialPayment: boolean;
      remainingBalance: number;
      /** What this payment took, in dollars, as the server answered. */
      amount: number;
      method: string;
    }
  | {
      kind: 'failure';
      /** For the log and the failure page. */
      reason: string;
      orderNumber?: string;
      /** Not refused: the provider still holds it (pending / on_hold). */
      pending?: boolean;
      method: string;
    };

/** The provider's ids in the return URL, as the verify route's body takes them. */
export function verifyIds(params: URLSearchParams): Record<string, string> | null {
  const intent = params.get('payment_intent');
  if (intent) {
    // Stripe: ?payment_intent=pi_...&payment_intent_client_secret=...&redirect_status=...
    const secret = params.get('payment_intent_client_secret');
    return { paymentIntentId: intent, ...(secret ? { paymentIntentClientSecret: secret } : {}) };
  }
  const transactionId = params.get('transactionId');
  if (transactionId) return { transactionId }; // the test gateway and Authorize.net
  const token = params.get('token');
  if (token) return { orderId: token }; // PayPal returns its order id as `token`
  return null;
}

/** Authorize.net's Accept Hosted sends the customer back with nothing of its own: our return address marks it. */
function isAcceptHostedReturn(params: URLSearchParams): boolean {
  return params.get('return') === 'accept-hosted';
}

/** True when the query carries a provider's return (what <showroom-order-result> checks first). */
export function hasProviderReturn(params: URLSearchParams): boolean {
  return verifyIds(params) !== null || isAcceptHostedReturn(params);
}

function knownOrderNumber(target: PaymentTarget): string | undefined {
  return target.kind === 'quote' ? undefined : target.incrementId;
}

function reasonOf(err: unknown): string {
  return err instanceof ApiRequestError ? err.message : VERIFY_MESSAGES.notConfirmed;
}

/**
 * Verifies the pending payment of this tab with the ids of `params`, through `method`'s verify
 * route (a payment method name or a gateway, as the verify page's URL names it).
 */
export async function completeRedirectedPayment(api: ApiClient, method: string, params: URLSearchParams): Promise<RedirectedPaymentResult> {
  const pending = readPendingPayment();
  const fail = (reason: string, extra: { orderNumber?: string; pending?: boolean } = {}): RedirectedPaymentResult => {
    clearPendingPayment();
    storePaymentFailure({ message: reason, ...extra });
    return { kind: 'failure', reason, method: pending?.method ?? method, ...extra };
  };
  if (!pending) return fail(VERIFY_MESSAGES.noPendingPayment);
  const orderNumber = knownOrderNumber(pending.target);
  const proof = paymentProof(pending.target);
  let ids = verifyIds(params);
  if (!ids && isAcceptHostedReturn(params)) {
    // The store finds the transaction by the order's invoice number and records it; verify then reads it back.
    try {
      const found = await api.send<ResponseBody<typeof authorizeNetHostedReturnEndpoint, 200>>('POST', '/api/payment/authorize-net/hosted-return', proof.body, proof.headers);
      ids = { transactionId: found.transactionId };
    } catch (err) {
      return fail(reasonOf(err), { orderNumber });
    }
  }
  if (!ids) return fail(VERIFY_MESSAGES.missingReturn, { orderNumber });

  let answer: VerifyAnswer;
  try {
    const request: RequestBody<typeof paymentVerifyEndpoint> = { ...ids, ...proof.body };
    answer = await api.send<VerifyAnswer>('POST', `/api/payment/${encodeURIComponent(method)}/verify`, request, proof.headers);
  } catch (err) {
    return fail(reasonOf(err), { orderNumber });
  }
  if (answer.error || answer.success === false) return fail(answer.message || VERIFY_MESSAGES.notConfirmed, { orderNumber });

  let number = answer.metadata?.orderIncrementId ?? answer.order?.orderIncrementId ?? orderNumber;
  let sendConfirmationEmail = answer.sendConfirmationEmail;
  let remainingBalance = answer.remainingBalance ?? answer.order?.remainingBalance ?? 0;

  if (answer.metadata?.quoteId && !answer.metadata.orderId) {
    if (pending.target.kind !== 'quote') return fail(VERIFY_MESSAGES.conversionFailed, { orderNumber });
    const quoteProof = paymentProof(pending.target);
    try {
      const converted = await api.send<ConvertAnswer>(
        'POST',
        '/api/quote/convertToOrder',
        { quoteId: pending.target.quoteId, payment: { transactionId: answer.transactionId ?? Object.values(ids)[0], method: pending.method } },
        quoteProof.headers,
      );
      if (!converted.success || !converted.order?.orderIncrementId) return fail(converted.message || VERIFY_MESSAGES.conversionFailed);
      number = converted.order.orderIncrementId;
      sendConfirmationEmail = converted.sendConfirmationEmail ?? sendConfirmationEmail;
      remainingBalance = converted.order.remainingBalance ?? remainingBalance;
    } catch (err) {
      return fail(err instanceof ApiRequestError ? err.message : VERIFY_MESSAGES.conversionFailed);
    }
  }

  if (!number) return fail(VERIFY_MESSAGES.notConfirmed);
  if (sendConfirmationEmail === false) {
    const held = answer.status === 'pending' || answer.status === 'on_hold';
    return fail(held ? VERIFY_MESSAGES.pending : answer.message || VERIFY_MESSAGES.notConfirmed, { orderNumber: number, pending: held });
  }

  const partialPayment = answer.partialPayment ?? remainingBalance > 0;
  const email = (answer.order as { email?: unknown } | undefined)?.email ?? (pending.target.kind === 'split' ? pending.target.email : undefined);
  storeOrderSuccess({ orderId: number, partialPayment, remainingBalance, ...(typeof email === 'string' && email ? { email } : {}) });
  if (pending.cartKey) sampleCart(pending.cartKey).clear();
  clearPendingPayment();
  return {
    kind: 'success',
    orderNumber: number,
    partialPayment,
    remainingBalance,
    amount: answer.transactionResponse?.amount ?? 0,
    method: pending.method,
  };
}
