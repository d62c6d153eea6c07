import { describe, expect, it } from 'vitest';
import { parseAmountCents, remainingBalanceCents, validateOrderLookup, validateQuoteSplitAmount, validateSplitAmount } from './split-amount';

describe('split payment amount on an order (001 §5)', () => {
  const due = { dueCents: 250_000, minimumCents: 50_000 };

  it('required, a valid number, above 0, at most the due amount', () => {
    expect(validateSplitAmount({ ...due, amount: '' })).toBe('Payment amount is required');
    expect(validateSplitAmount({ ...due, amount: undefined })).toBe('Payment amount is required');
    expect(validateSplitAmount({ ...due, amount: 'abc' })).toBe('Must be a valid number');
    expect(validateSplitAmount({ ...due, amount: '10.005' })).toBe('Must be a valid number');
    expect(validateSplitAmount({ ...due, amount: '0' })).toBe('Payment amount must be greater than 0');
    expect(validateSplitAmount({ ...due, amount: '-5' })).toBe('Payment amount must be greater than 0');
    expect(validateSplitAmount({ ...due, amount: '2500.01' })).toBe('Payment amount cannot exceed due amount of $2500.00');
  });

  it('at least the minimum split amount', () => {
    expect(validateSplitAmount({ ...due, amount: '499.99' })).toBe('Minimum payment amount is $500.00');
    expect(validateSplitAmount({ ...due, amount: '500' })).toBeNull();
    expect(validateSplitAmount({ ...due, amount: 2500 })).toBeNull();
  });

  it('the full due amount when it is at or below the minimum', () => {
    expect(validateSplitAmount({ dueCents: 30_000, minimumCents: 50_000, amount: '100' })).toBe('Must pay full due amount of $300.00');
    expect(validateSplitAmount({ dueCents: 50_000, minimumCents: 50_000, amount: '499' })).toBe('Must pay full due amount of $500.00');
    expect(validateSplitAmount({ dueCents: 30_000, minimumCents: 50_000, amount: '300.00' })).toBeNull();
  });
});

describe('quote split amount (001 §5)', () => {
  const quote = { totalCents: 1_000_000, minimumCents: 100_000 };
  it('required, a valid number, minimum, not above the total', () => {
    expect(validateQuoteSplitAmount({ ...quote, amount: '' })).toBe('Split amount is required');
    expect(validateQuoteSplitAmount({ ...quote, amount: '1,000' })).toBe('Must be a valid number');
    expect(validateQuoteSplitAmount({ ...quote, amount: '999.99' })).toBe('Minimum amount is $1000.00');
    expect(validateQuoteSplitAmount({ ...quote, amount: '10000.01' })).toBe('Amount cannot exceed total');
    expect(validateQuoteSplitAmount({ ...quote, amount: '1000' })).toBeNull();
    expect(validateQuoteSplitAmount({ ...quote, amount: '10000' })).toBeNull();
  });
});

describe('order lookup and balances', () => {
  it("'Order ID is required', 'Email is required'", () => {
    expect(validateOrderLookup({ orderId: '', email: ' ' })).toEqual({ orderId: 'Order ID is required', email: 'Email is required' });
    expect(validateOrderLookup({ orderId: '100001', email: 'a@b.co' })).toEqual({});
  });

  it('parses typed amounts to cents exactly', () => {
    expect(parseAmountCents('19.99')).toBe(1999);
    expect(parseAmountCents('.5')).toBe(50);
    expect(parseAmountCents(0.1 + 0.2)).toBeNull();
    expect(parseAmountCents('1e3')).toBeNull();
  });

  it('remaining balance counts completed payments only', () => {
    expect(remainingBalanceCents(100_000, [{ status: 'completed', amountCents: 30_000 }, { status: 'failed', amountCents: 70_000 }])).toBe(70_000);
    expect(remainingBalanceCents(100_000, [{ status: 'completed', amountCents: 100_000 }])).toBe(0);
  });
});
