/**
 * The phone rule, one for every place a phone number is typed: the
 * checkout's addresses, an account's addresses and details, and a form field with `format: "phone"`.
 * Digits and + - ( ) . space only, and exactly 10 digits, with the specification's messages.
 */
import type { FieldValue } from './field-values';

/** The phone messages, word for word; CHECKOUT_MESSAGES lists them too. Here, so a form does not carry every checkout message. */
export const PHONE_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number is invalid',
  phoneTooShort: 'Phone number must be at least 10 digits',
  phoneTooLong: "Phone number can't exceed 10 digits",
} as const;
const M = PHONE_MESSAGES;

/** Phone: digits and + - ( ) . space; exactly 10 digits. An empty value is 'Phone number is required'. */
export function validatePhone(value: FieldValue): string | null {
  const phone = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!phone) return M.phoneRequired;
  if (!/^[\d+\-(). ]+$/.test(phone)) return M.phoneInvalid;
  const digits = phone.replace(/\D/g, '').length;
  if (digits < 10) return M.phoneTooShort;
  if (digits > 10) return M.phoneTooLong;
  return null;
}
