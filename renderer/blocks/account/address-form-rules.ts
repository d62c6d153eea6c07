/**
 * The saved-address form's values and their checks: the checkout field rules
 * (schemas/evaluators/checkout-fields.ts), the same ones the server applies to a saved address and to
 * an order's addresses, so a saved address always passes checkout.
 */
import {
  validateAddressLine,
  validateCheckoutEmail,
  validateCity,
  validatePersonName,
  validatePhone,
  validateState,
  validateZip,
} from '../../../schemas/evaluators/checkout-fields';
import type { AddressInput, SavedAddress } from './account-api';

export interface AddressFormValues {
  type: 'shipping' | 'billing';
  firstName: string;
  lastName: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
  phoneNumber: string;
  email: string;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

export type AddressTextField = Exclude<keyof AddressFormValues, 'type' | 'countryId' | 'defaultShipping' | 'defaultBilling'>;

export const EMPTY_ADDRESS: AddressFormValues = {
  type: 'shipping',
  firstName: '',
  lastName: '',
  company: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  zipCode: '',
  countryId: 'US',
  phoneNumber: '',
  email: '',
  defaultShipping: false,
  defaultBilling: false,
};

export function valuesOf(a: SavedAddress): AddressFormValues {
  return {
    type: a.type,
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company ?? '',
    street1: a.street1,
    street2: a.street2 ?? '',
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    countryId: a.countryId || 'US',
    phoneNumber: a.phoneNumber,
    email: a.email ?? '',
    defaultShipping: a.isDefaultShipping,
    defaultBilling: a.isDefaultBilling,
  };
}

/** The problem of one field, or null. The e-mail is optional here (the account's is used when blank). */
export function addressFieldProblem(field: AddressTextField, v: AddressFormValues): string | null {
  switch (field) {
    case 'firstName':
    case 'lastName':
      return validatePersonName(v[field]);
    case 'street1':
      return validateAddressLine(v.street1, true);
    case 'street2':
    case 'company':
      return validateAddressLine(v[field], false);
    case 'city':
      return validateCity(v.city);
    case 'state':
      return validateState(v.state, v.countryId);
    case 'zipCode':
      return validateZip(v.zipCode, v.state, v.countryId);
    case 'phoneNumber':
      return validatePhone(v.phoneNumber);
    case 'email':
      return v.email.trim() === '' ? null : validateCheckoutEmail(v.email);
    default:
      return null;
  }
}

export const ADDRESS_TEXT_FIELDS: readonly AddressTextField[] = ['firstName', 'lastName', 'company', 'street1', 'street2', 'city', 'state', 'zipCode', 'phoneNumber', 'email'];

export function addressProblems(v: AddressFormValues): Partial<Record<AddressTextField, string>> {
  const out: Partial<Record<AddressTextField, string>> = {};
  for (const field of ADDRESS_TEXT_FIELDS) {
    const problem = addressFieldProblem(field, v);
    if (problem) out[field] = problem;
  }
  return out;
}

/**
 * The request body of POST / PATCH /api/my-account/address. A new address sends a default flag only
 * when it is ticked: left out, the server makes the address the default of each kind that has none
 * yet (so a first address is the default of both); an edit sends both, so unticking one takes it back.
 */
export function addressInput(v: AddressFormValues, editing: boolean): AddressInput {
  return {
    type: v.type,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    company: v.company.trim(),
    street1: v.street1.trim(),
    street2: v.street2.trim(),
    city: v.city.trim(),
    state: v.state,
    zipCode: v.zipCode.trim(),
    countryId: v.countryId,
    phoneNumber: v.phoneNumber.trim(),
    ...(v.email.trim() ? { email: v.email.trim() } : {}),
    ...(editing || v.defaultShipping ? { defaultShipping: v.defaultShipping } : {}),
    ...(editing || v.defaultBilling ? { defaultBilling: v.defaultBilling } : {}),
  };
}
