/**
 * The `order-success` storage item: the order number the success page shows, with
 * the split payment's state. Written by whichever page finished the payment, read and removed by
 * /order/success (and by <showroom-order-result>).
 */
export const ORDER_SUCCESS_KEY = 'order-success';

export interface OrderSuccess {
  /** The order's increment id (what the customer calls the order number). */
  orderId: string;
  partialPayment?: boolean;
  remainingBalance?: number;
  /** The order's e-mail, for a part-paid order's link to pay the rest (the split-payment page looks the order up by number and e-mail). */
  email?: string;
}

function local(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function storeOrderSuccess(success: OrderSuccess, storage = local()): void {
  storage?.setItem(ORDER_SUCCESS_KEY, JSON.stringify(success));
}

/** The stored success, removed as it is read (a reload then finds nothing and goes to /checkout). */
export function takeOrderSuccess(storage = local()): OrderSuccess | null {
  const raw = storage?.getItem(ORDER_SUCCESS_KEY);
  storage?.removeItem(ORDER_SUCCESS_KEY);
  try {
    const value = JSON.parse(raw ?? 'null') as OrderSuccess | null;
    return value && typeof value.orderId === 'string' && value.orderId ? value : null;
  } catch {
    return null;
  }
}
