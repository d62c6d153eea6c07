/**
 * A payment that left the page (a provider's redirect, an authentication step) and that the verify
 * page finishes: what it pays for with the owner's proof, and which cart to clear on success. Kept
 * in sessionStorage, so it lives in this tab only and ends with it; the verify page removes it.
 */
import type { PaymentTarget } from './payment-types';

export const PENDING_PAYMENT_KEY = 'showroom:pending-payment';

export interface PendingPayment {
  target: PaymentTarget;
  /** The payment method's name, for the verify call and the order's record. */
  method: string;
  /** The sample cart's storage key to clear once paid (checkout only). */
  cartKey?: string;
}

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function session(): SessionLike | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked (third-party frame, privacy mode)
  }
}

export function savePendingPayment(pending: PendingPayment, storage = session()): void {
  storage?.setItem(PENDING_PAYMENT_KEY, JSON.stringify(pending));
}

export function readPendingPayment(storage = session()): PendingPayment | null {
  try {
    const value = JSON.parse(storage?.getItem(PENDING_PAYMENT_KEY) ?? 'null') as PendingPayment | null;
    return value && typeof value === 'object' && value.target ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingPayment(storage = session()): void {
  storage?.removeItem(PENDING_PAYMENT_KEY);
}
