import { describe, expect, it } from 'vitest';
import { storeOrderSuccess, takeOrderSuccess, ORDER_SUCCESS_KEY } from './order-success-store';
import { clearPendingPayment, readPendingPayment, savePendingPayment } from './pending-payment';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  } as unknown as Storage & { map: Map<string, string> };
}

describe('the order-success item', () => {
  it('is read once: the second read finds nothing', () => {
    const storage = memoryStorage();
    storeOrderSuccess({ orderId: '100000012', partialPayment: false, remainingBalance: 0 }, storage);
    expect(JSON.parse(storage.getItem(ORDER_SUCCESS_KEY)!)).toEqual({ orderId: '100000012', partialPayment: false, remainingBalance: 0 });
    expect(takeOrderSuccess(storage)).toEqual({ orderId: '100000012', partialPayment: false, remainingBalance: 0 });
    expect(takeOrderSuccess(storage)).toBeNull();
  });

  it('ignores a malformed item', () => {
    const storage = memoryStorage();
    storage.setItem(ORDER_SUCCESS_KEY, '{not json');
    expect(takeOrderSuccess(storage)).toBeNull();
    storage.setItem(ORDER_SUCCESS_KEY, JSON.stringify({ orderId: 12 }));
    expect(takeOrderSuccess(storage)).toBeNull();
  });
});

describe('the pending payment', () => {
  it('survives until cleared', () => {
    const storage = memoryStorage();
    const pending = {
      target: { kind: 'order' as const, orderId: 4, incrementId: '100000004', accessToken: 'tok', payer: { email: 'a@b.co', firstName: 'A', lastName: 'B' } },
      method: 'card',
      cartKey: 'showroom:sample-cart',
    };
    savePendingPayment(pending, storage);
    expect(readPendingPayment(storage)).toEqual(pending);
    clearPendingPayment(storage);
    expect(readPendingPayment(storage)).toBeNull();
  });
});
