/**
 * What a customer reads when a payment call fails: a gateway's refusal (402) and
 * the store's own 4xx answers ('This order has already been fully paid.', 'Payment method not
 * available') in the server's words, or 'Error while handling Payment' when a refusal carries no
 * words; an exception, a 5xx or a lost connection as 'An error occurred while processing your
 * payment. Please try again.', never a stack or a code. A payment the store would not start because
 * the page is not one of its own addresses says so in its own words (RETURN_ADDRESS_MESSAGES).
 */
import { RETURN_ADDRESS_MESSAGES } from '../../schemas/evaluators/return-address-messages';
import { ApiRequestError } from '../api-client';
import { PAYMENT_WAITING_CODE } from '../../schemas/evaluators/waiting-payment-messages';
import type { PaymentOutcome, PaymentTarget } from './payment-types';

export const PAYMENT_EXCEPTION_MESSAGE = 'An error occurred while processing your payment. Please try again.';
export const PAYMENT_HANDLING_ERROR = 'Error while handling Payment';
/** For a method whose gateway has no keys or is switched off. */
export const METHOD_NOT_AVAILABLE = 'Payment method not available';

/**
 * The server refused where the payment would return (`fields.returnUrl`): this page's address is
 * not the store's. Trying again cannot help, so the page keeps the message shown (`lasting`).
 */
export function isReturnAddressRefusal(err: unknown): boolean {
  return err instanceof ApiRequestError && err.status === 400 && typeof err.fields.returnUrl === 'string';
}

export function paymentFailureMessage(err: unknown): string {
  if (isReturnAddressRefusal(err)) return RETURN_ADDRESS_MESSAGES.refused(globalThis.location?.origin);
  if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500) {
    const said = err.details.message;
    return typeof said === 'string' && said.trim() !== '' ? said : PAYMENT_HANDLING_ERROR;
  }
  return PAYMENT_EXCEPTION_MESSAGE;
}

/** True for the store's 409 while another payment of the same order or quote waits for the bank. */
export function isPaymentWaiting(err: unknown): boolean {
  return err instanceof ApiRequestError && err.status === 409 && err.code === PAYMENT_WAITING_CODE;
}

/**
 * The failed outcome of a payment call: the message above, and, when another payment of the target
 * waits for the bank, the target, so the entry can offer to cancel that payment ("Pay another way");
 * a refused return address is `lasting`.
 */
export function failedOutcome(err: unknown, target: PaymentTarget | null | undefined, message = paymentFailureMessage(err)): PaymentOutcome {
  return { kind: 'failed', message, ...(target && isPaymentWaiting(err) ? { waiting: target } : {}), ...(isReturnAddressRefusal(err) ? { lasting: true } : {}) };
}
