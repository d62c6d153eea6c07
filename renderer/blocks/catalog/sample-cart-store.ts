/**
 * The sample cart's item count as a store (../../islands/external-store.ts): the header's cart link
 * and the sample grid read it, each in its own island. It follows every change of the main site's
 * cart (widgets/cart-store: `selected-samples-updated` in this tab, `storage` from others), whether
 * an island or a `<showroom-*>` element made it.
 */
import type { ExternalStore } from '../../islands/external-store';
import { sampleCart } from '../../../widgets/cart-store/sample-cart';

const cart = sampleCart();
let count: number | undefined;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | undefined;

function changed(): void {
  count = undefined;
  listeners.forEach((l) => l());
}

export const sampleCartCount: ExternalStore<number> = {
  subscribe(listener) {
    if (listeners.size === 0) unsubscribe = cart.subscribe(changed);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) unsubscribe?.();
    };
  },
  getSnapshot: () => (count ??= cart.read().length),
  getServerSnapshot: () => 0,
};
