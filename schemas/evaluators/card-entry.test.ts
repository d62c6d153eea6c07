import { describe, expect, it } from 'vitest';
import {
  expiryMonthOptions,
  expiryYearOptions,
  hostedCardError,
  validateCardNumber,
  validateCvv,
  validateDirectCard,
  validateExpiryMonth,
  validateExpiryYear,
} from './card-entry';
import { CHECKOUT_MESSAGES } from './checkout-messages';

describe('card entry (002 §5)', () => {
  it('card number: 13 to 19 digits', () => {
    expect(validateCardNumber('')).toBe('Card number is required');
    expect(validateCardNumber('4111 1111 1111')).toBe('Card number is invalid');
    expect(validateCardNumber('4111 1111 1111 1111')).toBeNull();
    expect(validateCardNumber('4'.repeat(19))).toBeNull();
    expect(validateCardNumber('4'.repeat(20))).toBe('Card number is invalid');
    expect(validateCardNumber('4111-abcd-1111-1111')).toBe('Card number is invalid');
  });

  it('month 1 to 12', () => {
    expect(validateExpiryMonth('')).toBe('Expiry is required');
    expect(validateExpiryMonth('13')).toBe('Expiry month is invalid');
    expect(validateExpiryMonth('0')).toBe('Expiry month is invalid');
    expect(validateExpiryMonth('01')).toBeNull();
    expect(validateExpiryMonth(12)).toBeNull();
  });

  it('year not before the current year (injected)', () => {
    expect(validateExpiryYear('', 2026)).toBe('Expiry is required');
    expect(validateExpiryYear('2025', 2026)).toBe('Expiry year is invalid');
    expect(validateExpiryYear('2026', 2026)).toBeNull();
    expect(validateExpiryYear('27', 2026)).toBeNull();
    expect(validateExpiryYear('25', 2026)).toBe('Expiry year is invalid');
    expect(validateExpiryYear('20x6', 2026)).toBe('Expiry year is invalid');
  });

  it('CVV 3 or 4 digits', () => {
    expect(validateCvv('')).toBe('CVV is required');
    expect(validateCvv('12')).toBe('CVV is invalid');
    expect(validateCvv('12345')).toBe('CVV is invalid');
    expect(validateCvv('123')).toBeNull();
    expect(validateCvv('1234')).toBeNull();
  });

  it('checks the direct-entry fields together', () => {
    expect(validateDirectCard({ cardNumber: '4111111111111111', expMonth: '12', expYear: '2030', cardCode: '123' }, 2026)).toEqual({});
    expect(validateDirectCard({}, 2026)).toEqual({
      cardNumber: 'Card number is required',
      expMonth: 'Expiry is required',
      expYear: 'Expiry is required',
      cardCode: 'CVV is required',
    });
  });

  it('year list: current year plus the next 10; months 01 to 12', () => {
    expect(expiryYearOptions(2026)).toEqual(['2026', '2027', '2028', '2029', '2030', '2031', '2032', '2033', '2034', '2035', '2036']);
    expect(expiryMonthOptions()).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  });

  it('hosted element messages', () => {
    expect(hostedCardError('cardNumber', { complete: false })).toBe('Card number is incomplete or invalid');
    expect(hostedCardError('cardExpiry', { complete: false })).toBe('Expiry date is incomplete or invalid');
    expect(hostedCardError('cardCvc', { complete: false })).toBe('CVC is incomplete or invalid');
    expect(hostedCardError('paymentElement', { complete: false })).toBe('Payment details are required to continue.');
    expect(hostedCardError('cardNumber', { complete: true })).toBeNull();
  });

  it('messages before paying', () => {
    expect(CHECKOUT_MESSAGES.completeRequiredFields).toBe('Please complete all required fields before proceeding with payment.');
    expect(CHECKOUT_MESSAGES.formValidationFailed).toBe('Form validation failed. Please check your information.');
  });
});
