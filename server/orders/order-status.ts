/**
 * The order status machine. Every status change goes through `assertTransition`, so an order can
 * only move along the table below; payments decide their target with `statusAfterPayment`
 * (ordered when paid, pending_payment otherwise; partially_paid for a split).
 */
// One list for the contracts and the server: the API's status enum is this machine's statuses.
import { ORDER_STATUSES } from '../../schemas/api/order-view';
import { ApiError } from '../http/api-error';

export { ORDER_STATUSES };
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Allowed moves. A status may "move" to itself (another attempt or payment) where listed. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['pending', 'pending_payment', 'partially_paid', 'ordered', 'canceled'],
  pending_payment: ['pending_payment', 'partially_paid', 'ordered', 'canceled'],
  partially_paid: ['partially_paid', 'ordered', 'canceled'],
  ordered: ['processing', 'holded', 'canceled'],
  processing: ['shipped', 'complete', 'holded', 'canceled'],
  shipped: ['complete'],
  holded: ['ordered', 'processing', 'canceled'],
  complete: ['closed'],
  canceled: [],
  closed: [],
};

/** The order state that goes with each status (a new order: state new, status pending). */
export const STATE_OF_STATUS: Record<OrderStatus, string> = {
  pending: 'new',
  pending_payment: 'pending_payment',
  partially_paid: 'processing',
  ordered: 'processing',
  processing: 'processing',
  shipped: 'complete',
  complete: 'complete',
  holded: 'holded',
  canceled: 'canceled',
  closed: 'closed',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: string, to: OrderStatus): boolean {
  return isOrderStatus(from) && ORDER_TRANSITIONS[from].includes(to);
}

export function assertTransition(from: string, to: OrderStatus): void {
  if (!canTransition(from, to)) {
    throw new ApiError(409, 'invalid_status_transition', `The order cannot change from ${from} to ${to}.`);
  }
}

/** Statuses in which the customer may still pay (and change addresses, before any payment). */
export function isPayable(status: string): boolean {
  return status === 'pending' || status === 'pending_payment' || status === 'partially_paid';
}

/**
 * The status after a payment has been recorded. `paidCents` counts completed payments including
 * this one. A failed payment leaves the status as it is (the order is kept for a retry).
 */
export function statusAfterPayment(
  current: string,
  paymentStatus: 'completed' | 'pending' | 'failed' | 'on_hold' | 'voided',
  paidCents: number,
  totalCents: number,
): OrderStatus | null {
  if (!isPayable(current)) return null;
  if (paymentStatus === 'failed' || paymentStatus === 'voided') return null;
  if (paidCents >= totalCents && paidCents > 0) return 'ordered';
  if (paidCents > 0) return 'partially_paid';
  return 'pending_payment';
}
