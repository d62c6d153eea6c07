import { describe, expect, it } from 'vitest';
import { formatMoney, roundMoney, toCents, toDollars } from './money';

describe('money', () => {
  it('converts dollars to integer cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-2.5)).toBe(-250);
  });

  it('converts cents back to dollars', () => {
    expect(toDollars(1999)).toBe(19.99);
    expect(toDollars(350000)).toBe(3500);
  });

  it('rounds to 2 decimals', () => {
    expect(roundMoney(10.005)).toBe(10.01);
    expect(roundMoney(3.14159)).toBe(3.14);
  });

  it('formats with a dollar sign, thousands separators and 2 decimals', () => {
    expect(formatMoney(3500)).toBe('$3,500.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(-12.5)).toBe('-$12.50');
    expect(formatMoney(0)).toBe('$0.00');
  });
});
