import { describe, expect, it } from 'vitest';
import { offeredPaymentMethods } from './payment-method-selection';
import type { PaymentMethod } from './payment-methods.schema';

const method = (name: string, extra: Partial<PaymentMethod> = {}): PaymentMethod => ({ name, title: name, enabled: true, gateway: 'test', ...extra });

describe('offeredPaymentMethods', () => {
  it('keeps enabled methods in sort order', () => {
    const offered = offeredPaymentMethods([method('b', { sortOrder: 2 }), method('off', { enabled: false }), method('a', { sortOrder: 1 })]);
    expect(offered.map((m) => m.name)).toEqual(['a', 'b']);
  });

  it('marks the flagged default, or else the first', () => {
    expect(offeredPaymentMethods([method('a'), method('b', { isDefault: true })]).map((m) => m.isDefault)).toEqual([false, true]);
    expect(offeredPaymentMethods([method('a'), method('b')]).map((m) => m.isDefault)).toEqual([true, false]);
    // A disabled method flagged default is not offered, so the first enabled one becomes default.
    expect(offeredPaymentMethods([method('x', { enabled: false, isDefault: true }), method('a')]).map((m) => [m.name, m.isDefault])).toEqual([['a', true]]);
  });

  it('filters by scope; a method without scopes is offered everywhere', () => {
    const all = [method('card'), method('paypal', { scopes: ['sample-order'] })];
    expect(offeredPaymentMethods(all, 'complete-order-payment').map((m) => m.name)).toEqual(['card']);
    expect(offeredPaymentMethods(all, 'sample-order').map((m) => m.name)).toEqual(['card', 'paypal']);
  });
});
