/** The payment messages that both money pages show. */

/** A refusal that came without the gateway's own message. */
export const PAYMENT_REFUSED_MESSAGE = 'Error while handling Payment';
/** A call that failed outside the API's own answers (an exception). */
export const PAYMENT_EXCEPTION_MESSAGE = 'An error occurred while processing your payment. Please try again.';
/** The pay section's prompt before a method is chosen (and the quote page's error when none is). */
export const SELECT_METHOD_MESSAGE = 'Please select a payment method';
