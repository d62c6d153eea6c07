// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveCart, type CatalogSample } from '../sample-ordering/catalog-samples';
import { addSamples, cartStorageKey, clearSampleCart, parseSampleQty, readSampleCart, removeSample, SAMPLE_CART_KEY, sampleCart, SAMPLES_UPDATED_EVENT } from './sample-cart';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

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

describe('one cart per store and dealer', () => {
  it("keeps the main site's key for its own origin, and namespaces other stores and dealers", () => {
    expect(cartStorageKey(undefined, undefined, 'https://shop.example')).toBe(SAMPLE_CART_KEY);
    expect(cartStorageKey('https://shop.example/', undefined, 'https://shop.example')).toBe(SAMPLE_CART_KEY);
    const dealer = cartStorageKey('https://shop.example', 'demo-dealer', 'https://dealer.example');
    const other = cartStorageKey('https://other-shop.example', 'demo-dealer', 'https://dealer.example');
    expect(dealer).toBe('showroom:sample-cart:https://shop.example:demo-dealer');
    expect(new Set([SAMPLE_CART_KEY, dealer, other, cartStorageKey('https://shop.example', 'harbor', 'https://dealer.example')]).size).toBe(4);
  });

  it("does not mix two shops' carts, and tells each cart's subscribers only of its own changes", () => {
    const mine = sampleCart('showroom:sample-cart:https://a.example:d1');
    const theirs = sampleCart('showroom:sample-cart:https://b.example:d1');
    const heard = vi.fn();
    const stop = mine.subscribe(heard);
    theirs.add([{ name: 'B', sku: 'B-1' }]);
    expect(heard).not.toHaveBeenCalled();
    mine.add([{ name: 'A', sku: 'A-1' }]);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(mine.read().map((i) => i.sku)).toEqual(['A-1']);
    expect(theirs.read().map((i) => i.sku)).toEqual(['B-1']);
    // Another tab's change arrives as a storage event naming the key.
    window.dispatchEvent(new StorageEvent('storage', { key: mine.key }));
    window.dispatchEvent(new StorageEvent('storage', { key: theirs.key }));
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });

  it('expires 24 hours after the last change on a fake clock, and the next change restarts the clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 10, 23, 9));
    const cart = sampleCart('showroom:sample-cart:https://a.example:d1');
    cart.add([{ name: 'A', sku: 'A-1' }]);
    vi.advanceTimersByTime(20 * 3_600_000);
    cart.add([{ name: 'B', sku: 'B-1' }]);
    vi.advanceTimersByTime(20 * 3_600_000);
    expect(cart.read()).toHaveLength(2);
    vi.advanceTimersByTime(4 * 3_600_000);
    expect(cart.read()).toEqual([]);
    expect(localStorage.getItem(cart.key)).toBeNull();
  });

  it('keeps quantities between 1 and 1, with the maximum-quantity message', () => {
    const cart = sampleCart();
    cart.add([{ name: 'Aspen White Door', sku: 'ASW-S' }]);
    expect(cart.setQty('ASW-S', 3)).toEqual({ items: [expect.objectContaining({ qty: 1 })], error: 'You can order maximum 1 quantity of item "Aspen White Door".' });
    expect(cart.setQty('ASW-S', 0)).toEqual({ items: [expect.objectContaining({ qty: 1 })] });
    expect(cart.read()[0]!.qty).toBe(1);
  });

  it('resolves the stored samples against the catalog, leaving out what it no longer sells', () => {
    const entry: CatalogSample = { sku: 'A-1', name: 'A', price: 19.99, style: 's', styleTitle: 'S', finish: { type: 'paint', value: 'white' }, finishLabel: 'White' };
    expect(resolveCart([{ name: 'A', sku: 'A-1', qty: 1 }, { name: 'Gone', sku: 'X', qty: 1 }], [entry])).toEqual([{ name: 'A', sku: 'A-1', qty: 1, catalog: entry }]);
    expect(resolveCart([{ name: 'Gone', sku: 'X', qty: 1 }], [entry])).toEqual([]);
  });
});
