/**
 * The sample cart in a component: the cart of the store and dealer an element talks to (or the main
 * site's), its items kept current across every island, element and tab.
 */
import { useEffect, useMemo, useState } from 'react';
import { cartStorageKey, sampleCart, type SampleCart, type StoredSample } from './sample-cart';

/** The cart for `apiBase` and `dealer` (cartStorageKey); without them, the main site's own cart. */
export function useCartFor(apiBase?: string, dealer?: string): SampleCart {
  return useMemo(() => sampleCart(cartStorageKey(apiBase, dealer)), [apiBase, dealer]);
}

export function useCartItems(cart: SampleCart): StoredSample[] {
  // Read in an effect, not during render: the server's HTML and the first render have no storage.
  const [items, setItems] = useState<StoredSample[]>([]);
  useEffect(() => {
    setItems(cart.read());
    return cart.subscribe(() => setItems(cart.read()));
  }, [cart]);
  return items;
}
