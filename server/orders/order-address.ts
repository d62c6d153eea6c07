/**
 * Order addresses: reading them from a request and checking them with the checkout field rules,
 * using the shared evaluators of schemas/evaluators/checkout-fields.ts. Errors are collected per
 * field as `{type}.{field}`.
 */
import { validateAddressLine, validateCheckoutEmail, validateCity, validatePersonName, validatePhone, validateState, validateZip } from '../../schemas/evaluators/checkout-fields';
import { normalizedOrRaw } from '../services/email-address';
import { isRecord } from '../services/request-input';
import { OrderError } from './order-errors';
import type { NewAddress } from './order-rows';

export type AddressType = 'billing' | 'shipping';

export interface OrderAddress {
  type: AddressType;
  email: string;
  firstName: string;
  lastName: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
  phoneNumber: string;
  customerId: string | null;
}

const REQUIRED = 'This field is required';

function text(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** Reads one address; adds its problems to `errors`. */
export function readAddress(raw: unknown, type: AddressType, errors: Record<string, string>, fallbackEmail?: string): OrderAddress {
  const a = isRecord(raw) ? raw : {};
  const key = (f: string) => `${type}.${f}`;
  const address: OrderAddress = {
    type,
    // Kept as the one e-mail rule normalises it (NFKC, domain lower-cased), so lookups compare like with like.
    email: normalizedOrRaw(text(a.email) || fallbackEmail || ''),
    firstName: text(a.firstName),
    lastName: text(a.lastName),
    street1: text(a.street1),
    street2: text(a.street2) || null,
    city: text(a.city),
    state: text(a.state),
    zipCode: text(a.zipCode),
    countryId: (text(a.countryId) || 'US').toUpperCase(),
    phoneNumber: text(a.phoneNumber),
    customerId: text(a.customerId) || null,
  };
  const check = (field: string, message: string | null) => {
    if (message) errors[key(field)] = message;
  };
  check('email', validateCheckoutEmail(address.email));
  check('firstName', validatePersonName(address.firstName));
  check('lastName', validatePersonName(address.lastName));
  check('street1', address.street1.length > 200 ? 'Special characters are not allowed' : validateAddressLine(address.street1, true));
  check('street2', (address.street2 ?? '').length > 200 ? 'Special characters are not allowed' : validateAddressLine(address.street2, false));
  check('city', address.city.length > 100 ? 'Special characters are not allowed' : validateCity(address.city));
  check('state', validateState(address.state, address.countryId));
  if (!/^[A-Z]{2}$/.test(address.countryId)) errors[key('countryId')] = REQUIRED;
  check('zipCode', validateZip(address.zipCode, address.state, address.countryId));
  check('phoneNumber', validatePhone(address.phoneNumber));
  return address;
}

/**
 * The billing and shipping addresses of a request: either `addresses: [{type, ...}]` (the order
 * payload the checkout builds) or `billingAddress` / `shippingAddress`. A missing shipping address
 * is the billing address (same-as-billing).
 */
export function readAddresses(body: Record<string, unknown>, fallbackEmail?: string): { billing: OrderAddress; shipping: OrderAddress } {
  let billingRaw: unknown = body.billingAddress;
  let shippingRaw: unknown = body.shippingAddress;
  if (Array.isArray(body.addresses)) {
    for (const a of body.addresses) {
      if (!isRecord(a)) continue;
      if (a.type === 'billing' && billingRaw === undefined) billingRaw = a;
      if (a.type === 'shipping' && shippingRaw === undefined) shippingRaw = a;
    }
  }
  const errors: Record<string, string> = {};
  if (!isRecord(billingRaw)) errors['billing'] = 'Billing address is required';
  const billing = readAddress(billingRaw, 'billing', isRecord(billingRaw) ? errors : {}, fallbackEmail);
  const shipping = isRecord(shippingRaw) ? readAddress(shippingRaw, 'shipping', errors, billing.email) : { ...billing, type: 'shipping' as const };
  if (Object.keys(errors).length) {
    throw new OrderError('invalid', 'validation_failed', 'Form validation failed. Please check your information.', errors);
  }
  return { billing, shipping };
}

/** The sales_order_address columns of an address: one mapping for orders made at checkout and from quotes. */
export function addressColumns(a: OrderAddress): NewAddress {
  return {
    type: a.type,
    email: a.email,
    first_name: a.firstName,
    last_name: a.lastName,
    street1: a.street1,
    street2: a.street2,
    city: a.city,
    state: a.state,
    zip_code: a.zipCode,
    country_id: a.countryId,
    phone_number: a.phoneNumber,
    customer_id: null,
  };
}
