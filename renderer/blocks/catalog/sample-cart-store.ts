/**
 * The sample cart's item count as a store (../../islands/external-store.ts): the header's cart link
 * and the sample grid read it, each in its own island. It follows the cart's own event
 * (`showroom:samples-updated`, fired by every change) and other tabs' changes (`storage`).
 */
import type { ExternalStore } from '../../islands/external-store';
import { readSampleCart, SAMPLE_CART_KEY, SAMPLES_UPDATED_EVENT } from './sample-cart';

let count: number | undefined;
const listeners = new Set<() => void>();

function changed(event: Event): void {
  if (event instanceof StorageEvent && event.key !== null && event.key !== SAMPLE_CART_KEY) return;
  count = undefined;
  listeners.forEach((l) => l());
}

export const sampleCartCount: ExternalStore<number> = {
  subscribe(listener) {
    if (listeners.size === 0) {
      window.addEventListener(SAMPLES_UPDATED_EVENT, changed);
      window.addEventListener('storage', changed);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        window.removeEventListener(SAMPLES_UPDATED_EVENT, changed);
        window.removeEventListener('storage', changed);
      }
    };
  },
  getSnapshot: () => (count ??= readSampleCart().length),
  getServerSnapshot: () => 0,
};
