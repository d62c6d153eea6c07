/**
 * What a customer reads when a payment call fails (001 §8, 002 §8): a gateway's refusal (402) and
 * the store's own 4xx answers ('This order has already been fully paid.', 'Payment method not
 * available') in the server's words; an exception, a 5xx or a lost connection as the catalogue's
 * 'An error occurred while processing your payment. Please try again.', never a stack or a code.
 */
import { ApiRequestError } from '../api-client';

export const PAYMENT_EXCEPTION_MESSAGE = 'An error occurred while processing your payment. Please try again.';

export function paymentFailureMessage(err: unknown): string {
  if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.message) return err.message;
  return PAYMENT_EXCEPTION_MESSAGE;
}
