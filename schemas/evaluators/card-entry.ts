/**
 * Card entry rules. Direct entry (Authorize-style) is checked here; hosted
 * elements (Stripe-style) report their own completeness, which `hostedCardError` turns into the
 * catalogue's words. The current year is a parameter so tests do not depend on the clock.
 */
import { CARD_MESSAGES as M } from './checkout-messages';

export const CARD_NUMBER_MAX_LENGTH = 19;
export const CVV_MAX_LENGTH = 4;
/** The year list: the current year plus the next 10. */
export const EXPIRY_YEAR_COUNT = 11;

const clean = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v).replace(/[\s-]/g, ''));

export function validateCardNumber(value: string | null | undefined): string | null {
  const digits = clean(value);
  if (!digits) return M.numberRequired;
  return /^\d{13,19}$/.test(digits) ? null : M.numberInvalid;
}

export function validateExpiryMonth(value: string | number | null | undefined): string | null {
  const month = clean(value);
  if (!month) return M.expiryRequired;
  const n = Number(month);
  return /^\d{1,2}$/.test(month) && n >= 1 && n <= 12 ? null : M.monthInvalid;
}

export function validateExpiryYear(value: string | number | null | undefined, currentYear: number = new Date().getFullYear()): string | null {
  const year = clean(value);
  if (!year) return M.expiryRequired;
  // A two-digit year (26) means 2026.
  const full = /^\d{2}$/.test(year) ? 2000 + Number(year) : Number(year);
  return /^\d{2}(\d{2})?$/.test(year) && full >= currentYear ? null : M.yearInvalid;
}

export function validateCvv(value: string | null | undefined): string | null {
  const cvv = clean(value);
  if (!cvv) return M.cvvRequired;
  return /^\d{3,4}$/.test(cvv) ? null : M.cvvInvalid;
}

export interface DirectCardEntry {
  cardNumber?: string;
  expMonth?: string | number;
  expYear?: string | number;
  cardCode?: string;
}

/** Problems of the direct-entry card fields, keyed by the checkout form's field names. */
export function validateDirectCard(card: DirectCardEntry, currentYear?: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const checks: [keyof DirectCardEntry, string | null][] = [
    ['cardNumber', validateCardNumber(card.cardNumber)],
    ['expMonth', validateExpiryMonth(card.expMonth)],
    ['expYear', validateExpiryYear(card.expYear, currentYear)],
    ['cardCode', validateCvv(card.cardCode)],
  ];
  for (const [field, problem] of checks) if (problem) errors[field] = problem;
  return errors;
}

/** The expiry year choices: the current year and the next 10. */
export function expiryYearOptions(currentYear: number = new Date().getFullYear()): string[] {
  return Array.from({ length: EXPIRY_YEAR_COUNT }, (_, i) => String(currentYear + i));
}

/** The expiry month choices 01 to 12. */
export function expiryMonthOptions(): string[] {
  return Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
}

export type HostedElement = 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'paymentElement';

/** The message for a hosted element that is empty, incomplete or in error; null when complete. */
export function hostedCardError(element: HostedElement, state: { complete: boolean }): string | null {
  if (state.complete) return null;
  switch (element) {
    case 'cardNumber':
      return M.hostedNumber;
    case 'cardExpiry':
      return M.hostedExpiry;
    case 'cardCvc':
      return M.hostedCvc;
    case 'paymentElement':
      return M.paymentElement;
  }
}
