/**
 * PayPal's messages, word for word, and the cancel note: one table, since the server
 * answers the same words the PayPal button shows.
 */
export const PAYPAL_MESSAGES = {
  loadFailed: 'Failed to load PayPal configuration. Please try again later.',
  configNotFound: 'PayPal configuration not found',
  createFailed: 'Failed to create PayPal order. Please try again.',
  updateFailed: 'Failed to update PayPal order. Please try again.',
  nothingToCapture: 'No PayPal order to capture. Please try again.',
  captureFailed: 'Failed to capture PayPal payment. Please try again.',
  transactionError: 'An error occurred during the PayPal transaction. Please try again.',
  /** Not in the catalogue: the buyer closed PayPal's window; nothing was taken or recorded. */
  cancelled: 'The PayPal payment was cancelled. You have not been charged.',
  notEligible: 'PayPal is not available for this purchase. Please choose another payment method.',
} as const;
