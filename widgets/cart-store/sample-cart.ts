/**
 * The sample cart's storage, shared by the main site's islands (the sample
 * grid, the sample list, the header's count) and the widget elements on any page. No React here:
 * the React hook is ./use-sample-cart.ts. It sits in widgets/ because the renderer may import
 * widgets, never the reverse, and it lands in the widgets' shared runtime chunk.
 *
 * Storage: a localStorage key holds `{ "expiresAt": <ms>, "items": [{ name, sku, qty, finish: { type,
 * value } }] }`. The whole cart expires LOCAL_CART_EXPIRY hours (24) after the last change. The main
 * site keeps the key `showroom:sample-cart`; a cart for another store or for a dealer gets its own
 * key (cartStorageKey), so a dealer's cart never collides with another shop's on the same page origin.
 *
 * Every change fires `selected-samples-updated` on window (detail: { key, items }), which every cart
 * view follows (islands and elements alike); other tabs' changes arrive as the `storage` event.
 * Quantity per sample is at most 1 (MAX_SAMPLE_QTY).
 */
export const SAMPLE_CART_KEY = 'showroom:sample-cart';
export const SAMPLES_UPDATED_EVENT = 'selected-samples-updated';
export const LOCAL_CART_EXPIRY_HOURS = 24;
export const MAX_SAMPLE_QTY = 1;

export const SAMPLE_MESSAGES = {
  selectAtLeastOne: 'Please select at least one sample.',
  maxQuantity: (name: string) => `You can order maximum 1 quantity of item "${name}".`,
  // Not given by the spec; our wording.
  added: (count: number) => (count === 1 ? 'Sample added to your cart.' : `${count} samples added to your cart.`),
} as const;

export interface SampleFinish {
  type: string;
  value: string;
}

export interface StoredSample {
  name: string;
  sku: string;
  qty: number;
  finish?: SampleFinish;
}

interface StoredCart {
  expiresAt: number;
  items: StoredSample[];
}

export interface SamplesUpdatedDetail {
  key: string;
  items: StoredSample[];
}

/**
 * The storage key of the cart for a store (its API origin) and a dealer. The main site's own cart
 * (the page's origin, no dealer) keeps the historical key, so its islands and elements share it.
 */
export function cartStorageKey(apiBase?: string, dealer?: string, pageOrigin = typeof location !== 'undefined' ? location.origin : ''): string {
  let apiOrigin = pageOrigin;
  try {
    if (apiBase) apiOrigin = new URL(apiBase).origin;
  } catch {
    // not a URL: the element base reports it; keep the page's origin
  }
  if (!dealer && apiOrigin === pageOrigin) return SAMPLE_CART_KEY;
  return `${SAMPLE_CART_KEY}:${apiOrigin}:${dealer ?? ''}`;
}

/** A sample's quantity: parsed as an integer, a non-number becomes 1, never below 1 nor above the maximum. */
export function parseSampleQty(input: unknown): number {
  const n = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input), 10);
  if (!Number.isFinite(n) || Number.isNaN(n)) return 1;
  return Math.min(Math.max(n, 1), MAX_SAMPLE_QTY);
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): StorageLike | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed iframe)
  }
}

function notify(key: string, items: StoredSample[]): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<SamplesUpdatedDetail>(SAMPLES_UPDATED_EVENT, { detail: { key, items } }));
}

export interface AddResult {
  added: StoredSample[];
  /** One message per sample already in the cart at the maximum quantity. */
  errors: string[];
}

export interface QtyResult {
  items: StoredSample[];
  /** The maximum-quantity message when more than allowed was asked for. */
  error?: string;
}

/** One cart: a storage key in a storage. `now` is a parameter everywhere so tests use a fake clock. */
export interface SampleCart {
  readonly key: string;
  /** The stored samples; an expired or unreadable cart reads as empty (and is removed). */
  read(now?: number): StoredSample[];
  /** Adds samples (qty 1 each); one already in the cart is refused with the spec's message. `expiryHours`: LOCAL_CART_EXPIRY. */
  add(samples: readonly Omit<StoredSample, 'qty'>[], now?: number, expiryHours?: number): AddResult;
  /** Sets a sample's quantity (minimum 1, maximum 1). */
  setQty(sku: string, input: unknown, now?: number, expiryHours?: number): QtyResult;
  /** Removes one sample; the key goes away when the list becomes empty. */
  remove(sku: string, now?: number, expiryHours?: number): StoredSample[];
  clear(): void;
  /** Calls `listener` after every change of this cart, in this tab or another. */
  subscribe(listener: () => void): () => void;
}

export function sampleCart(key = SAMPLE_CART_KEY, storage: StorageLike | undefined = browserStorage()): SampleCart {
  const read = (now = Date.now()): StoredSample[] => {
    if (!storage) return [];
    const raw = storage.getItem(key);
    if (!raw) return [];
    try {
      const cart = JSON.parse(raw) as StoredCart;
      if (!Array.isArray(cart.items) || typeof cart.expiresAt !== 'number' || cart.expiresAt <= now) {
        storage.removeItem(key);
        return [];
      }
      return cart.items.filter((i) => i && typeof i.sku === 'string' && typeof i.name === 'string');
    } catch {
      storage.removeItem(key);
      return [];
    }
  };
  const write = (items: StoredSample[], now: number, expiryHours = LOCAL_CART_EXPIRY_HOURS): void => {
    if (!storage) return;
    if (items.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ expiresAt: now + expiryHours * 3_600_000, items } satisfies StoredCart));
    notify(key, items);
  };
  return {
    key,
    read,
    add(samples, now = Date.now(), expiryHours = LOCAL_CART_EXPIRY_HOURS) {
      if (!storage) return { added: [], errors: [] };
      const items = read(now);
      const added: StoredSample[] = [];
      const errors: string[] = [];
      for (const sample of samples) {
        if (items.some((i) => i.sku === sample.sku)) errors.push(SAMPLE_MESSAGES.maxQuantity(sample.name));
        else {
          const item = { ...sample, qty: 1 };
          items.push(item);
          added.push(item);
        }
      }
      if (added.length > 0) write(items, now, expiryHours);
      return { added, errors };
    },
    setQty(sku, input, now = Date.now(), expiryHours = LOCAL_CART_EXPIRY_HOURS) {
      const items = read(now);
      const item = items.find((i) => i.sku === sku);
      if (!item) return { items };
      const asked = Number.parseInt(String(input), 10);
      item.qty = parseSampleQty(input);
      write(items, now, expiryHours);
      return asked > MAX_SAMPLE_QTY ? { items, error: SAMPLE_MESSAGES.maxQuantity(item.name) } : { items };
    },
    remove(sku, now = Date.now(), expiryHours = LOCAL_CART_EXPIRY_HOURS) {
      const items = read(now).filter((i) => i.sku !== sku);
      write(items, now, expiryHours);
      return items;
    },
    clear() {
      if (!storage) return;
      storage.removeItem(key);
      notify(key, []);
    },
    subscribe(listener) {
      if (typeof window === 'undefined') return () => {};
      const changed = (event: Event) => {
        if (event instanceof StorageEvent) {
          if (event.key !== null && event.key !== key) return;
        } else if ((event as CustomEvent<SamplesUpdatedDetail>).detail?.key !== key) return;
        listener();
      };
      window.addEventListener(SAMPLES_UPDATED_EVENT, changed);
      window.addEventListener('storage', changed);
      return () => {
        window.removeEventListener(SAMPLES_UPDATED_EVENT, changed);
        window.removeEventListener('storage', changed);
      };
    },
  };
}

// The main site's cart, as functions (the renderer's islands and their tests use these).

export function readSampleCart(storage: StorageLike | undefined = browserStorage(), now = Date.now()): StoredSample[] {
  return sampleCart(SAMPLE_CART_KEY, storage).read(now);
}

export function addSamples(samples: readonly Omit<StoredSample, 'qty'>[], storage: StorageLike | undefined = browserStorage(), now = Date.now(), expiryHours = LOCAL_CART_EXPIRY_HOURS): AddResult {
  return sampleCart(SAMPLE_CART_KEY, storage).add(samples, now, expiryHours);
}

export function removeSample(sku: string, storage: StorageLike | undefined = browserStorage(), now = Date.now()): StoredSample[] {
  return sampleCart(SAMPLE_CART_KEY, storage).remove(sku, now);
}

export function clearSampleCart(storage: StorageLike | undefined = browserStorage()): void {
  sampleCart(SAMPLE_CART_KEY, storage).clear();
}
