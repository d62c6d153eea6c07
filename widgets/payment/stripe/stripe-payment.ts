/**
 * One Stripe payment, after the Payment Element is complete: the server creates the PaymentIntent
 * for what it charges (the target's owner proves it is theirs), then Stripe.js confirms it in the
 * browser, with 3-D Secure in place or by leaving for the provider and coming back to the verify page.
 * Kept apart from the component so every outcome is plain data a test can check.
 */
import type { PaymentIntent, Stripe, StripeElements } from '@stripe/stripe-js';
import type { RequestBody, ResponseBody } from '../../../schemas/api/endpoint';
import type { stripeCreateIntentEndpoint } from '../../../schemas/api/payments';
import type { ApiClient } from '../../api-client';
import { failedOutcome } from '../payment-failure';
import { paymentProof, requestedAmount } from '../payment-proof';
import type { AcceptedPayment, OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../payment-types';
import { clearPendingPayment, savePendingPayment } from '../pending-payment';
import { STRIPE_MESSAGES } from './stripe-messages';

/** What `POST /api/payment/stripe/payment-intent` answers (amounts in cents, Stripe's own): its contract's. */
export type CreatedIntent = ResponseBody<typeof stripeCreateIntentEndpoint, 200>;

/** Our ledger's status for a PaymentIntent the browser just confirmed (docs/gateways.md, statuses). */
export function acceptedStatus(status: PaymentIntent.Status): AcceptedPayment['status'] | null {
  switch (status) {
    case 'succeeded':
      return 'completed';
    case 'processing':
    case 'requires_capture':
      return 'pending';
    default:
      return null;
  }
}

/** The owner's metadata for the intent: the order's increment id too, so Stripe's dashboard names it. */
export function intentRequest(target: PaymentTarget, method: OfferedPaymentMethod): RequestBody<typeof stripeCreateIntentEndpoint> {
  const proof = paymentProof(target);
  const incrementId = target.kind === 'quote' ? undefined : target.incrementId;
  return {
    ...proof.body,
    metadata: { ...proof.body.metadata, ...(incrementId ? { orderIncrementId: incrementId } : {}) },
    amount: requestedAmount(target),
    availableMethods: method.availableMethods ?? ['card'],
    receiptEmail: target.payer.email || undefined,
  };
}

export interface StripePaymentInput {
  stripe: Stripe;
  elements: StripeElements;
  api: ApiClient;
  method: OfferedPaymentMethod;
  target: PaymentTarget;
  returnUrl: string;
}

/**
 * Creates the intent and confirms it. When Stripe must send the browser away (a bank's page), the
 * pending payment is already saved, so the verify page at `returnUrl` can finish it with the query
 * Stripe appends; the returned promise then never settles, as the page is leaving.
 */
export async function payWithStripe({ stripe, elements, api, method, target, returnUrl }: StripePaymentInput): Promise<PaymentOutcome> {
  const proof = paymentProof(target);
  let created: CreatedIntent;
  try {
    created = await api.send<CreatedIntent>('POST', '/api/payment/stripe/payment-intent', intentRequest(target, method), proof.headers);
  } catch (err) {
    return failedOutcome(err, target, (err as Error).message || STRIPE_MESSAGES.paymentFailed);
  }

  savePendingPayment({ target, method: method.name });
  const result = await stripe.confirmPayment({
    elements,
    clientSecret: created.paymentIntent.client_secret,
    confirmParams: { return_url: returnUrl },
    redirect: 'if_required',
  });
  clearPendingPayment();

  if (result.error) return { kind: 'failed', message: result.error.message || STRIPE_MESSAGES.paymentFailed };
  const intent = result.paymentIntent;
  const status = acceptedStatus(intent.status);
  if (!status) {
    const message = intent.status === 'requires_action' ? STRIPE_MESSAGES.authenticationRequired : STRIPE_MESSAGES.unexpectedStatus(intent.status);
    return { kind: 'failed', message };
  }
  return {
    kind: 'paid',
    payment: { transactionId: intent.id, method: method.name, gateway: 'stripe', status, amount: created.paymentIntent.amount / 100 },
  };
}
