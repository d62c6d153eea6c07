import { describe, expect, it } from 'vitest';
import {
  validateAddressLine,
  validateCheckoutAddress,
  validateCheckoutForm,
  validateCity,
  validatePaymentMethod,
  validatePersonName,
  validatePhone,
  validateShippingMethod,
  validateState,
  validateZip,
} from './checkout-fields';
import { US_STATES, zipFitsState } from '../us-states';

describe('checkout field rules (002 §5)', () => {
  it('ZIP: required, digits only, 3 to 10 characters', () => {
    expect(validateZip('')).toBe('ZIP/Postal code is required');
    expect(validateZip('12a45')).toBe('Only numbers are allowed');
    expect(validateZip('12')).toBe('ZIP/Postal code seems too short');
    expect(validateZip('12345678901')).toBe('ZIP/Postal code seems too long');
    expect(validateZip('123')).toBeNull();
    expect(validateZip('1234567890')).toBeNull();
  });

  it('state: a USPS state or territory code in the US, anything named elsewhere', () => {
    expect(validateState('')).toBe('This field is required');
    for (const made_up of ['ZZ', '*', 'Texas', 'tx', 'constructor', '__proto__']) expect(validateState(made_up)).toBe('Invalid selection');
    for (const code of ['TX', 'DC', 'PR', 'GU', 'AE']) expect(validateState(code)).toBeNull();
    expect(validateState('Ontario', 'CA')).toBeNull();
  });

  it('ZIP given a US state: 5 or 9 digits whose first three belong to the state', () => {
    expect(validateZip('78701', 'TX')).toBeNull();
    expect(validateZip('787011234', 'TX', 'US')).toBeNull();
    expect(validateZip('10010', 'TX')).toBe('ZIP/Postal code does not match the state');
    expect(validateZip('1234', 'TX')).toBe('ZIP/Postal code seems too short');
    expect(validateZip('7870112', 'TX')).toBe('ZIP/Postal code seems too long');
    // The spec's own checks come first, with their words.
    expect(validateZip('', 'TX')).toBe('ZIP/Postal code is required');
    expect(validateZip('78-01', 'TX')).toBe('Only numbers are allowed');
    // An unknown state is reported on the state; outside the US the spec's checks are all.
    expect(validateZip('78701', 'ZZ')).toBeNull();
    expect(validateZip('1234', 'ON', 'CA')).toBeNull();
  });

  it('every state has ZIP prefixes, and the only prefixes two codes share are Fishers Island and the Pacific ones', () => {
    const owners = new Map<number, string[]>();
    for (const s of US_STATES) {
      expect(s.zipPrefixes.length).toBeGreaterThan(0);
      for (const [first, last] of s.zipPrefixes) for (let p = first; p <= last; p++) owners.set(p, [...(owners.get(p) ?? []), s.code]);
    }
    const shared = [...owners].filter(([, codes]) => codes.length > 1).map(([p]) => p);
    expect(shared.sort((a, b) => a - b)).toEqual([63, 967, 969]);
    expect(zipFitsState('96799', 'AS')).toBe(true);
    expect(zipFitsState('00501', 'NY')).toBe(true);
    expect(zipFitsState('73301', 'TX')).toBe(true);
  });

  it('names: letters and spaces, 2 to 50 characters', () => {
    expect(validatePersonName('J0hn')).toBe('Only alphabets are allowed');
    expect(validatePersonName('J')).toBe('Name must be at least 2 characters');
    expect(validatePersonName('a'.repeat(51))).toBe("Name can't exceed 50 characters");
    expect(validatePersonName('Mary Ann')).toBeNull();
    expect(validatePersonName('José')).toBeNull();
    expect(validatePersonName('')).toBe('This field is required');
  });

  it('address lines: letters, digits, spaces , \' - . only; line 1 required', () => {
    expect(validateAddressLine("12 O'Hara St., Apt-4", true)).toBeNull();
    expect(validateAddressLine('12 Main St #4', true)).toBe('Special characters are not allowed');
    expect(validateAddressLine('', true)).toBe('This field is required');
    expect(validateAddressLine('', false)).toBeNull();
    expect(validateAddressLine('Suite @5', false)).toBe('Special characters are not allowed');
  });

  it('city: required; letters, digits, spaces', () => {
    expect(validateCity('')).toBe('This field is required');
    expect(validateCity('St. Louis')).toBe('Special characters are not allowed');
    expect(validateCity('Salt Lake City')).toBeNull();
  });

  it('phone: required, allowed characters, exactly 10 digits', () => {
    expect(validatePhone('')).toBe('Phone number is required');
    expect(validatePhone('555-123-456x')).toBe('Phone number is invalid');
    expect(validatePhone('(555) 123-456')).toBe('Phone number must be at least 10 digits');
    expect(validatePhone('+1 (555) 123-4567')).toBe("Phone number can't exceed 10 digits");
    expect(validatePhone('(555) 123.4567')).toBeNull();
  });

  it("shippingMethod must not be 'no-methods'; paymentMethod is required", () => {
    expect(validateShippingMethod('no-methods')).toBe('Sorry, no shipping methods are available for the selected shipping address.');
    expect(validateShippingMethod('')).toBe('Sorry, no shipping methods are available for the selected shipping address.');
    expect(validateShippingMethod('flat-rate')).toBeNull();
    expect(validatePaymentMethod('')).toBe('Please select a payment method');
    expect(validatePaymentMethod('card')).toBeNull();
  });

  const billing = {
    bill_first_name: 'Ada',
    bill_last_name: 'Lovelace',
    bill_email: 'ada@example.com',
    bill_phone: '5551234567',
    bill_address_1: '1 Main St',
    bill_city: 'Austin',
    bill_state: 'TX',
    bill_zip: '78701',
  };

  it('checks a whole address set by prefix', () => {
    expect(validateCheckoutAddress(billing, 'bill_')).toEqual({});
    expect(validateCheckoutAddress({ ...billing, bill_zip: 'x', bill_email: 'nope' }, 'bill_')).toEqual({
      bill_zip: 'Only numbers are allowed',
      bill_email: 'Invalid email address',
    });
  });

  it('checks the whole form; same_as_billing skips the shipping set', () => {
    const form = { ...billing, same_as_billing: true, shippingMethod: 'standard', paymentMethod: 'card' };
    expect(validateCheckoutForm(form)).toEqual({});
    const errors = validateCheckoutForm({ ...form, same_as_billing: false, shippingMethod: 'no-methods', paymentMethod: '' });
    expect(errors.ship_zip).toBe('ZIP/Postal code is required');
    expect(errors.ship_phone).toBe('Phone number is required');
    expect(errors.ship_email).toBeUndefined();
    expect(errors.shippingMethod).toBe('Sorry, no shipping methods are available for the selected shipping address.');
    expect(errors.paymentMethod).toBe('Please select a payment method');
  });
});
