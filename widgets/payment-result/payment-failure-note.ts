/**
 * Why a payment ended on /payment/fail: written by the verify page (or <showroom-order-result>) just
 * before it leaves, read once by the failure page, so the customer sees the reason and the order
 * number to quote. sessionStorage, not the URL: a failure page must not print text a link carries
 * (anyone could send a link "Your payment failed, call 555-...").
 */
export const PAYMENT_FAILURE_KEY = 'showroom:payment-failure';

export interface PaymentFailureNote {
  /** The reason shown to the customer (the server's message, or ours). */
  message: string;
  /** The order number, when an order exists (it is kept for a retry). */
  orderNumber?: string;
  /** The payment is not refused but still being confirmed: the page says not to pay again. */
  pending?: boolean;
}

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function session(): SessionLike | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function storePaymentFailure(note: PaymentFailureNote, storage = session()): void {
  storage?.setItem(PAYMENT_FAILURE_KEY, JSON.stringify(note));
}

/** The stored note, removed as it is read (a reload shows the page's own text only). */
export function takePaymentFailure(storage = session()): PaymentFailureNote | null {
  const raw = storage?.getItem(PAYMENT_FAILURE_KEY);
  storage?.removeItem(PAYMENT_FAILURE_KEY);
  try {
    const value = JSON.parse(raw ?? 'null') as PaymentFailureNote | null;
    return value && typeof value.message === 'string' ? value : null;
  } catch {
    return null;
  }
}
