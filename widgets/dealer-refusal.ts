/**
 * The store's refusal of this page for a dealer (403 `dealer_origin_refused` or `unknown_dealer`,
 * server/http/dealer-origin.ts): the message names the refused origin and the dealer and says what to
 * ask the store. Once one element's call is refused, every element of that store and dealer on the
 * page shows it in place of itself (the element base listens here), even one that calls nothing, and
 * the console says it once per page: each element's own error would otherwise say it in its own
 * words, or not at all.
 *
 * An element without `dealer` gets no refusal of its own: the browser hides the store's answer from a
 * page it does not allow, so its call only fails to arrive ("could not be reached"). When such a call
 * fails while the same store refuses this page's origin for a dealer, the origin is the cause, and
 * adding it to that dealer is the cure (a dealer's origins may call the store), so it shows the same.
 */
export const REFUSAL_CODES: ReadonlySet<string> = new Set(['dealer_origin_refused', 'unknown_dealer']);

const refusals = new Map<string, string>();
/** Stores a call without a dealer could not reach from this page. */
const unreached = new Set<string>();
/** Per store, the first refusal of this page's origin (not of an unknown dealer id). */
const originRefusals = new Map<string, string>();
const listeners = new Set<() => void>();
const storeKey = (apiBase: string) => apiBase.replace(/\/$/, '');
const refusalKey = (apiBase: string, dealer: string) => `${storeKey(apiBase)} ${dealer}`;

/** Said on the console already, by any copy of the runtime on the page (the versioned and the plain path load two). */
function saidOnConsole(): Set<string> {
  const registry = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  const key = Symbol.for('showroom.refusals-on-console');
  return (registry[key] ??= new Set());
}

export function recordRefusal(apiBase: string, dealer: string, code: string, message: string): void {
  const key = refusalKey(apiBase, dealer);
  if (refusals.get(key) === message) return;
  refusals.set(key, message);
  if (code === 'dealer_origin_refused' && !originRefusals.has(storeKey(apiBase))) originRefusals.set(storeKey(apiBase), message);
  const said = saidOnConsole();
  if (!said.has(message)) {
    said.add(message);
    console.error(`Showroom: ${message}`);
  }
  for (const listener of listeners) listener();
}

/** A call without a dealer did not reach the store (a network error: offline, or hidden by CORS). */
export function recordUnreached(apiBase: string): void {
  if (unreached.has(storeKey(apiBase))) return;
  unreached.add(storeKey(apiBase));
  for (const listener of listeners) listener();
}

export function refusalFor(apiBase: string, dealer: string | undefined): string | undefined {
  if (dealer) return refusals.get(refusalKey(apiBase, dealer));
  return unreached.has(storeKey(apiBase)) ? originRefusals.get(storeKey(apiBase)) : undefined;
}

/** Subscribes to new refusals (the shape useSyncExternalStore takes). */
export function onRefusal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
