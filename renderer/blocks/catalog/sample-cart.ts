/**
 * The sample cart's storage (000 §3-§5, 002 §5 and §9). A small module with no React so the sample
 * cart widget of a later issue can reuse it (widgets may not import renderer/: move this file to
 * widgets/ then and import it from there).
 *
 * Storage: localStorage key `showroom:sample-cart` holds `{ "expiresAt": <ms>, "items": [{ name, sku,
 * qty, finish: { type, value } }] }`. The whole cart expires LOCAL_CART_EXPIRY hours (24) after the
 * last change. Each change fires `showroom:samples-updated` on window (detail: the items).
 * Quantity per sample is at most 1 (MAX_SAMPLE_QTY).
 */
export const SAMPLE_CART_KEY = 'showroom:sample-cart';
export const SAMPLES_UPDATED_EVENT = 'showroom:samples-updated';
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

/** 000 §5: parsed as an integer, a non-number becomes 1, never below 1 nor above the maximum. */
export function parseSampleQty(input: unknown): number {
  const n = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input), 10);
  if (!Number.isFinite(n) || Number.isNaN(n)) return 1;
  return Math.min(Math.max(n, 1), MAX_SAMPLE_QTY);
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): StorageLike | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed iframe)
  }
}

function notify(items: StoredSample[]): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(SAMPLES_UPDATED_EVENT, { detail: { items } }));
}

/** The stored samples; an expired or unreadable cart reads as empty (and is removed). */
export function readSampleCart(storage: StorageLike | undefined = browserStorage(), now = Date.now()): StoredSample[] {
  if (!storage) return [];
  const raw = storage.getItem(SAMPLE_CART_KEY);
  if (!raw) return [];
  try {
    const cart = JSON.parse(raw) as StoredCart;
    if (!Array.isArray(cart.items) || typeof cart.expiresAt !== 'number' || cart.expiresAt <= now) {
      storage.removeItem(SAMPLE_CART_KEY);
      return [];
    }
    return cart.items.filter((i) => i && typeof i.sku === 'string');
  } catch {
    storage.removeItem(SAMPLE_CART_KEY);
    return [];
  }
}

function write(storage: StorageLike, items: StoredSample[], now: number, expiryHours = LOCAL_CART_EXPIRY_HOURS): void {
  if (items.length === 0) storage.removeItem(SAMPLE_CART_KEY);
  else storage.setItem(SAMPLE_CART_KEY, JSON.stringify({ expiresAt: now + expiryHours * 3_600_000, items } satisfies StoredCart));
  notify(items);
}

export interface AddResult {
  added: StoredSample[];
  /** One message per sample already in the cart at the maximum quantity. */
  errors: string[];
}

/**
 * Adds samples (qty 1 each); a sample already in the cart is refused with the spec's message.
 * `expiryHours` is the site's LOCAL_CART_EXPIRY (site.json constants), 24 by default.
 */
export function addSamples(
  samples: readonly Omit<StoredSample, 'qty'>[],
  storage: StorageLike | undefined = browserStorage(),
  now = Date.now(),
  expiryHours = LOCAL_CART_EXPIRY_HOURS,
): AddResult {
  if (!storage) return { added: [], errors: [] };
  const items = readSampleCart(storage, now);
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
  if (added.length > 0) write(storage, items, now, expiryHours);
  return { added, errors };
}

/** Removes one sample; the key goes away when the list becomes empty. */
export function removeSample(sku: string, storage: StorageLike | undefined = browserStorage(), now = Date.now()): StoredSample[] {
  if (!storage) return [];
  const items = readSampleCart(storage, now).filter((i) => i.sku !== sku);
  write(storage, items, now);
  return items;
}

export function clearSampleCart(storage: StorageLike | undefined = browserStorage()): void {
  if (!storage) return;
  storage.removeItem(SAMPLE_CART_KEY);
  notify([]);
}
