/** Stripe's messages, word for word. */
export const STRIPE_MESSAGES = {
  notReady: 'Stripe.js not ready',
  authenticationRequired: 'Additional authentication required',
  unexpectedStatus: (status: string) => `Unexpected payment status: ${status}`,
  paymentFailed: 'Payment failed',
  notAvailable: 'Payment method not available',
  loadFailed: 'The payment form could not be loaded. Please check your connection and reload the page.',
} as const;
