/**
 * The offline test gateway's card numbers, chosen to match Stripe's test mode so that people who
 * know one know the other. Any other Luhn-valid number succeeds; a number failing Luhn is invalid.
 */
import type { PaymentStatus } from './gateway';

export interface TestCardOutcome {
  status: PaymentStatus;
  /** Why the card did not succeed, in the words shown to the customer. */
  message: string | null;
  declineCode: string | null;
  /** The card issuer declines its refunds, with these words (the charge itself succeeds). */
  refundDecline?: string;
}

/** The words of the test card whose refunds fail (4000 0000 0000 5126, as in Stripe's test mode). */
export const REFUND_DECLINED_MESSAGE = 'The refund was declined by the card issuer.';

const SPECIAL_CARDS: Record<string, TestCardOutcome> = {
  '4242424242424242': { status: 'completed', message: null, declineCode: null },
  '4000000000000002': { status: 'failed', message: 'Your card was declined.', declineCode: 'card_declined' },
  '4000002500003155': { status: 'on_hold', message: 'Additional authentication required', declineCode: 'authentication_required' },
  '4000000000009995': { status: 'failed', message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' },
  '4000000000005126': { status: 'completed', message: null, declineCode: null, refundDecline: REFUND_DECLINED_MESSAGE },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  return 'unknown';
}

/** The outcome of charging a card number that has already passed validation (13-19 digits, Luhn). */
export function testCardOutcome(digits: string): TestCardOutcome {
  return SPECIAL_CARDS[digits] ?? { status: 'completed', message: null, declineCode: null };
}

export interface CardInput {
  cardNumber?: unknown;
  expMonth?: unknown;
  expYear?: unknown;
  cardCode?: unknown;
}

export interface ValidCard {
  digits: string;
  expMonth: number;
  expYear: number;
}

/** Checks direct card entry with the checkout's card entry messages; returns field errors or the card. */
export function validateCard(input: CardInput, now = new Date()): { card: ValidCard } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const number = typeof input.cardNumber === 'string' || typeof input.cardNumber === 'number' ? String(input.cardNumber).replace(/[\s-]/g, '') : '';
  if (number === '') fields.cardNumber = 'Card number is required';
  else if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) fields.cardNumber = 'Card number is invalid';

  const month = toInteger(input.expMonth);
  const year = toInteger(input.expYear);
  const thisYear = now.getUTCFullYear();
  if (input.expMonth === undefined || input.expMonth === '' || input.expYear === undefined || input.expYear === '') {
    if (input.expMonth === undefined || input.expMonth === '') fields.expMonth = 'Expiry is required';
    if (input.expYear === undefined || input.expYear === '') fields.expYear = 'Expiry is required';
  }
  if (!fields.expMonth && (month === null || month < 1 || month > 12)) fields.expMonth = 'Expiry month is invalid';
  if (!fields.expYear && (year === null || year < thisYear || year > thisYear + 50)) fields.expYear = 'Expiry year is invalid';
  // A card that expired earlier this year: the month is what is wrong.
  if (!fields.expMonth && !fields.expYear && year === thisYear && month! < now.getUTCMonth() + 1) fields.expMonth = 'Expiry month is invalid';

  const cvc = typeof input.cardCode === 'string' || typeof input.cardCode === 'number' ? String(input.cardCode).trim() : '';
  if (cvc === '') fields.cardCode = 'CVV is required';
  else if (!/^\d{3,4}$/.test(cvc)) fields.cardCode = 'CVV is invalid';

  if (Object.keys(fields).length) return { fields };
  return { card: { digits: number, expMonth: month!, expYear: year! } };
}

function toInteger(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return null;
}
