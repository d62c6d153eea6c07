/** Messages of the checkout, card entry and split-amount rules, word for word. */
import { PHONE_MESSAGES } from './phone-number';

export const CHECKOUT_MESSAGES = {
  zipRequired: 'ZIP/Postal code is required',
  onlyNumbers: 'Only numbers are allowed',
  zipTooShort: 'ZIP/Postal code seems too short',
  zipTooLong: 'ZIP/Postal code seems too long',
  /** Not worded by the specification (it has no state check): a US ZIP outside its state's prefixes. */
  zipNotInState: 'ZIP/Postal code does not match the state',
  onlyAlphabets: 'Only alphabets are allowed',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: "Name can't exceed 50 characters",
  specialCharacters: 'Special characters are not allowed',
  ...PHONE_MESSAGES,
  noShippingMethods: 'Sorry, no shipping methods are available for the selected shipping address.',
  paymentMethodRequired: 'Please select a payment method',
  completeRequiredFields: 'Please complete all required fields before proceeding with payment.',
  formValidationFailed: 'Form validation failed. Please check your information.',
} as const;

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Card number is invalid',
  monthInvalid: 'Expiry month is invalid',
  expiryRequired: 'Expiry is required',
  yearInvalid: 'Expiry year is invalid',
  cvvRequired: 'CVV is required',
  cvvInvalid: 'CVV is invalid',
  /** Hosted card elements (Stripe-style). */
  hostedNumber: 'Card number is incomplete or invalid',
  hostedExpiry: 'Expiry date is incomplete or invalid',
  hostedCvc: 'CVC is incomplete or invalid',
  paymentElement: 'Payment details are required to continue.',
} as const;

export const SPLIT_MESSAGES = {
  quoteAmountRequired: 'Split amount is required',
  validNumber: 'Must be a valid number',
  quoteExceedsTotal: 'Amount cannot exceed total',
  amountRequired: 'Payment amount is required',
  greaterThanZero: 'Payment amount must be greater than 0',
  orderIdRequired: 'Order ID is required',
  emailRequired: 'Email is required',
} as const;

/** Amounts in messages read as dollars with two decimals: 'Minimum amount is $100.00'. */
const dollars = (amount: number): string => `$${amount.toFixed(2)}`;

export const quoteMinimumAmount = (min: number): string => `Minimum amount is ${dollars(min)}`;
export const exceedsDueAmount = (due: number): string => `Payment amount cannot exceed due amount of ${dollars(due)}`;
export const minimumPaymentAmount = (min: number): string => `Minimum payment amount is ${dollars(min)}`;
export const mustPayFullDue = (due: number): string => `Must pay full due amount of ${dollars(due)}`;
