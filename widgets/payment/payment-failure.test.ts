import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-client';
import { paymentFailureMessage } from './payment-failure';

describe('paymentFailureMessage', () => {
  it("gives a refusal in the server's words, or 001 §8's words when it has none", () => {
    expect(paymentFailureMessage(new ApiRequestError(402, 'card_declined', 'Your card was declined.', {}, { message: 'Your card was declined.' }))).toBe('Your card was declined.');
    expect(paymentFailureMessage(new ApiRequestError(409, 'orderAlreadyPaid', 'This order has already been fully paid.', {}, { message: 'This order has already been fully paid.' }))).toBe(
      'This order has already been fully paid.',
    );
    expect(paymentFailureMessage(new ApiRequestError(402, 'http_error', 'Something went wrong. Plase try again later.', {}, {}))).toBe('Error while handling Payment');
  });

  it('gives the exception message for a 5xx, a lost connection or a thrown error', () => {
    const message = 'An error occurred while processing your payment. Please try again.';
    expect(paymentFailureMessage(new ApiRequestError(502, 'payment_error', 'upstream', {}, { message: 'upstream' }))).toBe(message);
    expect(paymentFailureMessage(new ApiRequestError(0, 'network_error', 'The server could not be reached.'))).toBe(message);
    expect(paymentFailureMessage(new TypeError('x is undefined'))).toBe(message);
  });
});
