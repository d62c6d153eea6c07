/**
 * The words and tones of an order's statuses on the orders screens. Order statuses take the labels
 * the customer's account shows (schemas/status-labels.ts), so the operator and the
 * customer name a status alike.
 */
import { ORDER_PAYMENT_STATES, type OrderPaymentState } from '../../schemas/api/back-office-orders';
import { ORDER_STATUSES } from '../../schemas/api/order-view';
import { statusBadge, type Badge } from '../../schemas/status-labels';

export type { Badge };
export { statusBadge };

const PAYMENT_STATE_BADGES: Record<OrderPaymentState, Badge> = {
  unpaid: { label: 'Unpaid', tone: 'neutral' },
  pending: { label: 'Payment pending', tone: 'warning' },
  partially_paid: { label: 'Partly paid', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  refund_due: { label: 'Refund due', tone: 'danger' },
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

/** The choices of the status and payment filters, in the order of the state machine. */
export const STATUS_CHOICES = ORDER_STATUSES.map((value) => ({ value, label: statusBadge(value).label }));
export const PAYMENT_CHOICES = ORDER_PAYMENT_STATES.map((value) => ({ value, label: PAYMENT_STATE_BADGES[value].label }));

/** "Jane Doe", or the e-mail when the order carries no name. */
export function customerName(first: string, last: string, email: string): string {
  return `${first} ${last}`.trim() || email;
}
