import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-client';
import { RETURN_ADDRESS_MESSAGES } from '../../schemas/evaluators/return-address-messages';
import { isReturnAddressRefusal, paymentFailureMessage } from './payment-failure';

describe('paymentFailureMessage', () => {
  it("gives a refusal in the server's words, or 001 §8's words when it has none", () => {
    expect(paymentFailureMessage(new ApiRequestError(402, 'card_declined', 'Your card was declined.', {}, { message: 'Your card was declined.' }))).toBe('Your card was declined.');
    expect(paymentFailureMessage(new ApiRequestError(409, 'orderAlreadyPaid', 'This order has already been fully paid.', {}, { message: 'This order has already been fully paid.' }))).toBe(
      'This order has already been fully paid.',
    );
    expect(paymentFailureMessage(new ApiRequestError(402, 'http_error', 'Something went wrong. Plase try again later.', {}, {}))).toBe('Error while handling Payment');
  });

  it("names a refused return address as this page not being the store's, whatever the server's message", () => {
    const refused = new ApiRequestError(400, 'return_url_refused', 'anything', { returnUrl: RETURN_ADDRESS_MESSAGES.field }, {});
    expect(paymentFailureMessage(refused)).toBe(RETURN_ADDRESS_MESSAGES.refused(globalThis.location?.origin));
    expect(isReturnAddressRefusal(refused)).toBe(true);
    const generic = new ApiRequestError(400, 'invalid_request', 'Form validation failed. Please check your information.', { returnUrl: RETURN_ADDRESS_MESSAGES.field, cardNumber: 'Card number is invalid' }, {});
    expect(paymentFailureMessage(generic)).toBe(RETURN_ADDRESS_MESSAGES.refused(globalThis.location?.origin));
    expect(isReturnAddressRefusal(new ApiRequestError(402, 'card_declined', 'Your card was declined.', {}, {}))).toBe(false);
  });

  it('gives the exception message for a 5xx, a lost connection or a thrown error', () => {
    const message = 'An error occurred while processing your payment. Please try again.';
    expect(paymentFailureMessage(new ApiRequestError(502, 'payment_error', 'upstream', {}, { message: 'upstream' }))).toBe(message);
    expect(paymentFailureMessage(new ApiRequestError(0, 'network_error', 'The server could not be reached.'))).toBe(message);
    expect(paymentFailureMessage(new TypeError('x is undefined'))).toBe(message);
  });
});
