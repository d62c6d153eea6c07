/**
 * State that islands share lives in small stores outside React (the sample cart, alerts, cookie
 * consent), each island subscribing on its own: there is no page-wide context to share through.
 *
 * `useExternalStore` is useSyncExternalStore that renders the server's snapshot until the island has
 * hydrated, then the browser's. React does this by itself with getServerSnapshot; preact/compat
 * ignores getServerSnapshot, so without this an island whose store differs in the browser (a sample
 * already in the cart) would hydrate against HTML it does not match.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

export interface ExternalStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
  /** What the server renders (it has no cookie jar, storage or alerts of the visitor's). */
  getServerSnapshot(): T;
}

export function useExternalStore<T>(store: ExternalStore<T>): T {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return useSyncExternalStore(store.subscribe, hydrated ? store.getSnapshot : store.getServerSnapshot, store.getServerSnapshot);
}
