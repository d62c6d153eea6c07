/**
 * The words and tones of an order's statuses on the orders screens. Order statuses take the labels
 * the customer's account shows (schemas/status-labels.ts), so the operator and the
 * customer name a status alike.
 */
import { ORDER_PAYMENT_STATES, type OrderPaymentState } from '../../schemas/api/back-office-orders';
import { ORDER_STATUSES } from '../../schemas/api/order-view';
import type { RefundStatus } from '../../schemas/api/refund-view';
import { statusBadge, type Badge } from '../../schemas/status-labels';

export type { Badge };
export { statusBadge };

const PAYMENT_STATE_BADGES: Record<OrderPaymentState, Badge> = {
  unpaid: { label: 'Unpaid', tone: 'neutral' },
  pending: { label: 'Payment pending', tone: 'warning' },
  partially_paid: { label: 'Partly paid', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  refund_due: { label: 'Refund due', tone: 'danger' },
  refund_requested: { label: 'Refund requested', tone: 'warning' },
  partially_refunded: { label: 'Partly refunded', tone: 'info' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

export const paymentStateBadge = (state: OrderPaymentState): Badge => PAYMENT_STATE_BADGES[state];

/** A payment record's own status (the gateway's answer), not the order's payment state. */
const PAYMENT_RECORD_BADGES: Record<string, Badge> = {
  completed: { label: 'Completed', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  on_hold: { label: 'On hold', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
  voided: { label: 'Voided', tone: 'neutral' },
};

export const paymentRecordBadge = (status: string): Badge => PAYMENT_RECORD_BADGES[status] ?? { label: status, tone: 'neutral' };

/**
 * A refund's status in the operator's words. A void (a payment cancelled before it took any money)
 * that went through is "Voided", not "Refunded".
 */
const REFUND_STATUS_BADGES: Record<RefundStatus, Badge> = {
  requested: { label: 'Waiting for approval', tone: 'warning' },
  processing: { label: 'In progress', tone: 'info' },
  pending: { label: 'Accepted, settling', tone: 'info' },
  succeeded: { label: 'Refunded', tone: 'success' },
  failed: { label: 'Refused by the gateway', tone: 'danger' },
  refused: { label: 'Turned down', tone: 'neutral' },
};

export function refundStatusBadge(status: RefundStatus, kind: 'refund' | 'void'): Badge {
  if (kind === 'void' && status === 'succeeded') return { label: 'Voided', tone: 'success' };
  return REFUND_STATUS_BADGES[status];
}

/** The choices of the status and payment filters, in the order of the state machine. */
export const STATUS_CHOICES = ORDER_STATUSES.map((value) => ({ value, label: statusBadge(value).label }));
export const PAYMENT_CHOICES = ORDER_PAYMENT_STATES.map((value) => ({ value, label: PAYMENT_STATE_BADGES[value].label }));

/** "Jane Doe", or the e-mail when the order carries no name. */
export function customerName(first: string, last: string, email: string): string {
  return `${first} ${last}`.trim() || email;
}
