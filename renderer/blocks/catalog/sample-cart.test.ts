// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { addSamples, clearSampleCart, parseSampleQty, readSampleCart, removeSample, SAMPLE_CART_KEY, SAMPLES_UPDATED_EVENT } from './sample-cart';

afterEach(() => localStorage.clear());

describe('sample cart storage', () => {
  it('adds samples once; a second add gives the maximum-quantity message', () => {
    const first = addSamples([{ name: 'Aspen White Door', sku: 'ASW-S', finish: { type: 'Paint', value: 'White' } }]);
    expect(first.added).toHaveLength(1);
    const again = addSamples([{ name: 'Aspen White Door', sku: 'ASW-S' }]);
    expect(again.errors).toEqual(['You can order maximum 1 quantity of item "Aspen White Door".']);
    expect(readSampleCart()).toEqual([{ name: 'Aspen White Door', sku: 'ASW-S', qty: 1, finish: { type: 'Paint', value: 'White' } }]);
  });

  it('expires after 24 hours', () => {
    const now = Date.UTC(2025, 0, 1);
    addSamples([{ name: 'A', sku: 'A' }], localStorage, now);
    expect(readSampleCart(localStorage, now + 23 * 3_600_000)).toHaveLength(1);
    expect(readSampleCart(localStorage, now + 24 * 3_600_000 + 1)).toEqual([]);
    expect(localStorage.getItem(SAMPLE_CART_KEY)).toBeNull();
  });

  it("follows the site's LOCAL_CART_EXPIRY when given", () => {
    const now = Date.UTC(2025, 0, 1);
    addSamples([{ name: 'A', sku: 'A' }], localStorage, now, 2);
    expect(readSampleCart(localStorage, now + 2 * 3_600_000 - 1)).toHaveLength(1);
    expect(readSampleCart(localStorage, now + 2 * 3_600_000)).toEqual([]);
  });

  it('removes the key when the last item goes, and notifies listeners', () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(SAMPLES_UPDATED_EVENT, listener);
    addSamples([{ name: 'A', sku: 'A' }, { name: 'B', sku: 'B' }]);
    removeSample('A');
    expect(readSampleCart().map((i) => i.sku)).toEqual(['B']);
    removeSample('B');
    expect(localStorage.getItem(SAMPLE_CART_KEY)).toBeNull();
    addSamples([{ name: 'C', sku: 'C' }]);
    clearSampleCart();
    expect(localStorage.getItem(SAMPLE_CART_KEY)).toBeNull();
    window.removeEventListener(SAMPLES_UPDATED_EVENT, listener);
    expect(seen).toHaveLength(5);
  });

  it('reads a corrupt entry as empty', () => {
    localStorage.setItem(SAMPLE_CART_KEY, '{nope');
    expect(readSampleCart()).toEqual([]);
  });

  it('parses quantities: integer, non-number 1, bounded to 1', () => {
    expect(parseSampleQty('abc')).toBe(1);
    expect(parseSampleQty('0')).toBe(1);
    expect(parseSampleQty(5)).toBe(1);
    expect(parseSampleQty('1')).toBe(1);
  });
});
