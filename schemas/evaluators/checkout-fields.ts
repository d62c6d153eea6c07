/**
 * Checkout field rules: billing and shipping addresses, shipping method
 * and payment method. Each rule gives the first problem of one value, or null. Where the
 * specification names a rule without a message (a required address line or city, a required name,
 * the city's character set) the generic catalogue message is used.
 */
import type { FieldValue } from './field-values';
import { CHECKOUT_MESSAGES as M } from './checkout-messages';
import { isUsStateCode, zipFitsState } from '../us-states';
import { emailAddressProblem } from './email-address';
import { FIELD_MESSAGES } from './validation-messages';
import { validatePhone } from './phone-number';

const text = (v: FieldValue): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** A blank country is the form's default, the US. */
const isUs = (country: FieldValue | undefined): boolean => {
  const c = text(country ?? '').toUpperCase();
  return c === '' || c === 'US';
};

/**
 * ZIP: the specification's rules (required, digits, 3 to 10). Given the address's US state, also
 * a US ZIP: 5 digits (or 9, ZIP+4 without its hyphen) whose first three belong to that state, so an
 * address cannot pick a state whose tax and shipping rules it does not belong to.
 */
export function validateZip(value: FieldValue, state?: FieldValue, country?: FieldValue): string | null {
  const zip = text(value);
  if (!zip) return M.zipRequired;
  if (!/^\d+$/.test(zip)) return M.onlyNumbers;
  if (zip.length < 3) return M.zipTooShort;
  if (zip.length > 10) return M.zipTooLong;
  if (state === undefined || !isUs(country)) return null;
  const code = text(state);
  // An unknown state is the state field's problem (validateState), not the ZIP's.
  if (!isUsStateCode(code)) return null;
  if (zip.length < 5) return M.zipTooShort;
  if (zip.length !== 5 && zip.length !== 9) return M.zipTooLong;
  return zipFitsState(zip, code) ? null : M.zipNotInState;
}

/**
 * State: required; in the US (the default country), one of the USPS state and territory codes as
 * the state selector offers them ('TX', not 'Texas', 'tx', 'ZZ' or a rule's wildcard '*').
 */
export function validateState(value: FieldValue, country?: FieldValue): string | null {
  const state = text(value);
  if (!state) return FIELD_MESSAGES.required;
  if (state.length > 100) return FIELD_MESSAGES.invalidSelection;
  if (isUs(country) && !isUsStateCode(state)) return FIELD_MESSAGES.invalidSelection;
  return null;
}

/** First and last name: letters and spaces, 2 to 50 characters. */
export function validatePersonName(value: FieldValue): string | null {
  const name = text(value);
  if (!name) return FIELD_MESSAGES.required;
  if (!/^[\p{L} ]+$/u.test(name)) return M.onlyAlphabets;
  if (name.length < 2) return M.nameTooShort;
  if (name.length > 50) return M.nameTooLong;
  return null;
}

/** Address lines: letters, digits, spaces, comma, apostrophe, hyphen, period. Line 2 is optional. */
export function validateAddressLine(value: FieldValue, required: boolean): string | null {
  const line = text(value);
  if (!line) return required ? FIELD_MESSAGES.required : null;
  if (!/^[\p{L}\d ,'.-]+$/u.test(line)) return M.specialCharacters;
  return null;
}

/** City: required; letters, digits, spaces. */
export function validateCity(value: FieldValue): string | null {
  const city = text(value);
  if (!city) return FIELD_MESSAGES.required;
  if (!/^[\p{L}\d ]+$/u.test(city)) return M.specialCharacters;
  return null;
}

/** Phone: digits and + - ( ) . space; exactly 10 digits (./phone-number.ts, shared with form fields). */
export { validatePhone } from './phone-number';

export function validateCheckoutEmail(value: FieldValue): string | null {
  const email = text(value);
  if (!email) return FIELD_MESSAGES.required;
  return emailAddressProblem(email);
}

/** The placeholder value the shipping selector holds when no method applies to the address. */
export const NO_SHIPPING_METHODS = 'no-methods';

export function validateShippingMethod(value: FieldValue): string | null {
  const method = text(value);
  if (!method || method === NO_SHIPPING_METHODS) return M.noShippingMethods;
  return null;
}

export function validatePaymentMethod(value: FieldValue): string | null {
  return text(value) ? null : M.paymentMethodRequired;
}

export type AddressPrefix = 'bill_' | 'ship_';

/** The problems of one address set (bill_ or ship_ fields), keyed by field name. */
export function validateCheckoutAddress(values: Readonly<Record<string, FieldValue>>, prefix: AddressPrefix): Record<string, string> {
  const rules: Record<string, (v: FieldValue) => string | null> = {
    first_name: validatePersonName,
    last_name: validatePersonName,
    email: validateCheckoutEmail,
    phone: validatePhone,
    address_1: (v) => validateAddressLine(v, true),
    address_2: (v) => validateAddressLine(v, false),
    city: validateCity,
    state: (v) => validateState(v, values[`${prefix}country`]),
    zip: (v) => validateZip(v, values[`${prefix}state`], values[`${prefix}country`]),
  };
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const problem = rule(values[`${prefix}${field}`]);
    if (problem) errors[`${prefix}${field}`] = problem;
  }
  return errors;
}

/**
 * The problems of the whole checkout form: billing, shipping (unless same_as_billing), the shipping
 * method and the payment method. Card fields are checked by ./card-entry.
 */
export function validateCheckoutForm(values: Readonly<Record<string, FieldValue>>): Record<string, string> {
  const sameAsBilling = values.same_as_billing === true || values.same_as_billing === 'true';
  const errors: Record<string, string> = {
    ...validateCheckoutAddress(values, 'bill_'),
    ...(sameAsBilling ? {} : validateCheckoutAddress(values, 'ship_')),
  };
  // The shipping address may carry no e-mail of its own; the billing e-mail is the contact.
  delete errors.ship_email;
  const shipping = validateShippingMethod(values.shippingMethod);
  if (shipping) errors.shippingMethod = shipping;
  const payment = validatePaymentMethod(values.paymentMethod);
  if (payment) errors.paymentMethod = payment;
  return errors;
}
