/**
 * The words of a payment that waits for the customer's bank (a new charge is refused meanwhile, so
 * nobody is charged twice): the server's 409 and the paying page's notice say the same, so they
 * live in one table.
 */
export const WAITING_PAYMENT_MESSAGES = {
  /** The 409 of any new charge while a payment of the same order or quote is pending or on hold. */
  waiting: "A payment for this order is waiting for your bank's confirmation. Finish it, or cancel it to pay another way.",
  /** The notice's button: cancels the waiting payment with its gateway. */
  payAnotherWay: 'Pay another way',
  /** After the waiting payment was voided. */
  cancelled: 'The waiting payment was cancelled. You have not been charged for it; you can pay another way now.',
  /** Nothing waits any more (it completed or failed meanwhile, or was already cancelled). */
  nothingWaiting: 'No payment for this order is waiting any more. Please check the order before paying again.',
  /** A waiting payment the provider no longer lets us cancel (a PayPal capture already taken, pending review). */
  cannotCancel: 'This payment can no longer be cancelled: the provider has already taken it and is confirming it. Please wait for its confirmation or contact us.',
  /** A PayPal order approved after the customer cancelled it to pay another way: the store does not capture it. */
  voidedPayPal: 'This PayPal payment was cancelled to pay another way, so it was not taken. You have not been charged.',
  /** A PayPal order for more than is still due (the order was paid in part meanwhile): not captured. */
  amountChanged: 'The amount due for this order has changed since this PayPal payment was started, so it was not taken. Please pay again.',
} as const;

/** The error code of the 409, for clients that must tell it from other refusals. */
export const PAYMENT_WAITING_CODE = 'payment_waiting';
