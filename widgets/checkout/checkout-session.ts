/**
 * One checkout's secrets, kept in sessionStorage so a reload keeps them and they end with the tab:
 * the Idempotency-Key of `POST /api/order` (a retry or a double click updates the same order, never
 * creates a second, docs/commerce-api.md) and, once the order exists, its id, number and access token
 * (the owner's proof for the payment and the PATCH). A finished checkout starts a new one.
 */
export interface CheckoutSession {
  idempotencyKey: string;
  order?: { id: number; incrementId: string; accessToken: string };
}

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function session(): SessionLike | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked: the checkout still works, a reload starts over
  }
}

/** One checkout per cart: the main site's and each dealer's cart (cartStorageKey) have their own. */
export function checkoutSessionKey(cartKey: string): string {
  return `showroom:checkout:${cartKey}`;
}

export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function readCheckoutSession(cartKey: string, storage = session()): CheckoutSession {
  try {
    const value = JSON.parse(storage?.getItem(checkoutSessionKey(cartKey)) ?? 'null') as CheckoutSession | null;
    if (value && typeof value.idempotencyKey === 'string' && /^[A-Za-z0-9_\-:.]{16,128}$/.test(value.idempotencyKey)) return value;
  } catch {
    // unreadable: start a new checkout below
  }
  const fresh = { idempotencyKey: newIdempotencyKey() };
  storage?.setItem(checkoutSessionKey(cartKey), JSON.stringify(fresh));
  return fresh;
}

export function saveCheckoutSession(cartKey: string, value: CheckoutSession, storage = session()): void {
  storage?.setItem(checkoutSessionKey(cartKey), JSON.stringify(value));
}

/** After a paid order: the next checkout gets a new key (and no order). */
export function startNewCheckout(cartKey: string, storage = session()): CheckoutSession {
  const fresh = { idempotencyKey: newIdempotencyKey() };
  storage?.setItem(checkoutSessionKey(cartKey), JSON.stringify(fresh));
  return fresh;
}
