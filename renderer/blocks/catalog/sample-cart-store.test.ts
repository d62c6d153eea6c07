// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addSamples, clearSampleCart } from '../../../widgets/cart-store/sample-cart';
import { sampleCartCount } from './sample-cart-store';

afterEach(() => clearSampleCart());

describe('sample cart count store', () => {
  it('counts the stored samples and tells its subscribers of every change', () => {
    const listener = vi.fn();
    const unsubscribe = sampleCartCount.subscribe(listener);
    expect(sampleCartCount.getSnapshot()).toBe(0);
    addSamples([{ name: 'Shaker white', sku: 'S-1' }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sampleCartCount.getSnapshot()).toBe(1);
    addSamples([{ name: 'Slab navy', sku: 'S-2' }]);
    expect(sampleCartCount.getSnapshot()).toBe(2);
    unsubscribe();
    clearSampleCart();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(sampleCartCount.getServerSnapshot()).toBe(0);
  });
});
