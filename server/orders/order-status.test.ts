import { describe, expect, it } from 'vitest';
import { assertTransition, canTransition, ORDER_STATUSES, ORDER_TRANSITIONS, STATE_OF_STATUS, statusAfterPayment, type OrderStatus } from './order-status';

const allowed: [OrderStatus, OrderStatus][] = [
  ['pending', 'pending'],
  ['pending', 'pending_payment'],
  ['pending', 'partially_paid'],
  ['pending', 'ordered'],
  ['pending', 'canceled'],
  ['pending_payment', 'pending_payment'],
  ['pending_payment', 'partially_paid'],
  ['pending_payment', 'ordered'],
  ['pending_payment', 'canceled'],
  ['partially_paid', 'partially_paid'],
  ['partially_paid', 'ordered'],
  ['partially_paid', 'canceled'],
  ['ordered', 'processing'],
  ['ordered', 'holded'],
  ['ordered', 'canceled'],
  ['processing', 'shipped'],
  ['processing', 'complete'],
  ['processing', 'holded'],
  ['processing', 'canceled'],
  ['shipped', 'complete'],
  ['holded', 'ordered'],
  ['holded', 'processing'],
  ['holded', 'canceled'],
  ['complete', 'closed'],
];

describe('order status transitions', () => {
  it('allows exactly the listed moves, for every pair of statuses', () => {
    const key = (a: string, b: string) => `${a}->${b}`;
    const expected = new Set(allowed.map(([a, b]) => key(a, b)));
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const ok = expected.has(key(from, to));
        expect(canTransition(from, to), key(from, to)).toBe(ok);
        if (ok) expect(() => assertTransition(from, to)).not.toThrow();
        else expect(() => assertTransition(from, to)).toThrow(`The order cannot change from ${from} to ${to}.`);
      }
    }
    expect(Object.values(ORDER_TRANSITIONS).flat()).toHaveLength(allowed.length);
  });

  it('refuses unknown statuses', () => {
    expect(canTransition('shipped_to_mars', 'ordered')).toBe(false);
  });

  it('starts as state new with status pending (000 §4)', () => {
    expect(STATE_OF_STATUS.pending).toBe('new');
  });

  it('maps payment results to the order status (001 §4 step 3, 002 §4)', () => {
    expect(statusAfterPayment('pending', 'completed', 1000, 1000)).toBe('ordered');
    expect(statusAfterPayment('pending', 'pending', 0, 1000)).toBe('pending_payment');
    expect(statusAfterPayment('pending', 'on_hold', 0, 1000)).toBe('pending_payment');
    expect(statusAfterPayment('pending', 'failed', 0, 1000)).toBeNull();
    expect(statusAfterPayment('pending_payment', 'completed', 400, 1000)).toBe('partially_paid');
    expect(statusAfterPayment('partially_paid', 'completed', 1000, 1000)).toBe('ordered');
    expect(statusAfterPayment('partially_paid', 'pending', 400, 1000)).toBe('partially_paid');
    expect(statusAfterPayment('ordered', 'completed', 2000, 1000)).toBeNull();
    expect(statusAfterPayment('canceled', 'completed', 1000, 1000)).toBeNull();
  });
});
