/**
 * The checkout form's values (the bill_ and ship_ sets and
 * same_as_billing) and how they become the order payload of `POST /api/order`. Pure functions, so
 * the flow and its tests share them.
 */
import { validateCheckoutAddress, validateCheckoutForm, type AddressPrefix } from '../../schemas/evaluators/checkout-fields';
import type { StoredSample } from '../cart-store/sample-cart';
import type { PayerDetails } from '../payment/payment-types';

export const ADDRESS_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'address_1', 'address_2', 'country', 'state', 'city', 'zip'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Every bill_ and ship_ field as text; `same_as_billing` is kept apart as a boolean. */
export type CheckoutValues = Record<`${AddressPrefix}${AddressField}`, string>;

export const SHIPPING_COUNTRY = 'US';
/** Said when a billing or shipping country is not the US, and the order stops. */
export const NON_US_MESSAGE = "Sorry, we don't ship outside the US.";

export function emptyValues(): CheckoutValues {
  const values = {} as Record<string, string>;
  for (const prefix of ['bill_', 'ship_'] as const) for (const field of ADDRESS_FIELDS) values[`${prefix}${field}`] = field === 'country' ? SHIPPING_COUNTRY : '';
  return values as CheckoutValues;
}

/** The same-as-billing copy: every billing field becomes the shipping one. */
export function copyBillingToShipping(values: CheckoutValues): CheckoutValues {
  const next = { ...values };
  for (const field of ADDRESS_FIELDS) next[`ship_${field}`] = values[`bill_${field}`];
  return next;
}

/** The values the shipping address is read from: the billing ones while same-as-billing is ticked. */
export function shippingPrefix(sameAsBilling: boolean): AddressPrefix {
  return sameAsBilling ? 'bill_' : 'ship_';
}

/** A country other than the US on either address the order will use: the store does not ship outside the US. */
export function shipsOutsideUs(values: CheckoutValues, sameAsBilling: boolean): boolean {
  const outside = (prefix: AddressPrefix) => (values[`${prefix}country`] || SHIPPING_COUNTRY).toUpperCase() !== SHIPPING_COUNTRY;
  return outside('bill_') || (!sameAsBilling && outside('ship_'));
}

/** One field's problem, by the rules the server applies (schemas/evaluators/checkout-fields.ts). */
export function fieldProblem(values: CheckoutValues, name: keyof CheckoutValues): string | undefined {
  const prefix = name.startsWith('bill_') ? 'bill_' : 'ship_';
  if (name === 'ship_email') return undefined; // the billing e-mail is the contact
  return validateCheckoutAddress(values, prefix)[name];
}

/** The address fields' problems (the shipping set skipped while same-as-billing), keyed by field name. */
export function addressProblems(values: CheckoutValues, sameAsBilling: boolean): Record<string, string> {
  // The methods are checked by their own areas; pass placeholders so only address problems remain.
  const errors = validateCheckoutForm({ ...values, same_as_billing: sameAsBilling, shippingMethod: 'checked-apart', paymentMethod: 'checked-apart' });
  return errors;
}

/** True when a problem is a blank required field (which message the form-level error shows). */
export function isMissing(problem: string): boolean {
  return /required/i.test(problem);
}

/** The fields of one address in the API's shape (server/orders/order-address.ts). */
export function apiAddress(values: CheckoutValues, prefix: AddressPrefix, type: 'billing' | 'shipping') {
  const v = (field: AddressField) => values[`${prefix}${field}`].trim();
  return {
    type,
    email: v('email') || values.bill_email.trim(),
    firstName: v('first_name'),
    lastName: v('last_name'),
    street1: v('address_1'),
    street2: v('address_2'),
    city: v('city'),
    state: v('state'),
    zipCode: v('zip'),
    countryId: v('country') || SHIPPING_COUNTRY,
    phoneNumber: v('phone'),
  };
}

export function cartLines(items: readonly StoredSample[]) {
  return items.map((i) => ({ sku: i.sku, qty: i.qty, ...(i.finish ? { finish: { ...i.finish } } : {}) }));
}

/**
 * The body of `POST /api/order`. No price, total, status or customerId: the server computes the
 * money and attaches the signed-in customer from the session itself.
 */
export function orderPayload(values: CheckoutValues, sameAsBilling: boolean, items: readonly StoredSample[], paymentMethod: string) {
  const billing = apiAddress(values, 'bill_', 'billing');
  const shipping = apiAddress(values, shippingPrefix(sameAsBilling), 'shipping');
  return {
    email: billing.email,
    firstName: billing.firstName,
    lastName: billing.lastName,
    items: cartLines(items),
    addresses: [billing, { ...shipping, email: shipping.email || billing.email }],
    paymentMethod,
  };
}

export function payerDetails(values: CheckoutValues): PayerDetails {
  const b = apiAddress(values, 'bill_', 'billing');
  return {
    email: b.email,
    firstName: b.firstName,
    lastName: b.lastName,
    phone: b.phoneNumber,
    address: { street1: b.street1, street2: b.street2 || undefined, city: b.city, state: b.state, zipCode: b.zipCode, countryId: b.countryId },
  };
}

/** The server's field names (`billing.firstName`) as the form's (`bill_first_name`). */
const API_TO_FORM: Record<string, AddressField> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phoneNumber: 'phone',
  street1: 'address_1',
  street2: 'address_2',
  countryId: 'country',
  state: 'state',
  city: 'city',
  zipCode: 'zip',
};

export function formFieldsOfApiErrors(fields: Record<string, string>, sameAsBilling: boolean): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const [type, field] = key.split('.');
    const formField = field ? API_TO_FORM[field] : undefined;
    if (!formField) continue;
    const prefix = type === 'billing' || sameAsBilling ? 'bill_' : 'ship_';
    mapped[`${prefix}${formField}`] ??= message;
  }
  return mapped;
}

/** The prefill of `GET /api/my-account/checkout-prefill` over the empty form (only known fields, as text). */
export function applyPrefill(values: CheckoutValues, prefill: Record<string, unknown>): CheckoutValues {
  const next = { ...values };
  for (const key of Object.keys(values) as (keyof CheckoutValues)[]) {
    const value = prefill[key];
    if (typeof value === 'string' || typeof value === 'number') next[key] = String(value);
  }
  return next;
}
