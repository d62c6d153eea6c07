/**
 * The status badge labels: order and quote statuses, and payment
 * statuses. Unknown values are shown as given, in a neutral style.
 */
export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

export interface Badge {
  label: string;
  tone: BadgeTone;
}

const STATUS_BADGES: Readonly<Record<string, Badge>> = {
  canceled: { label: 'Canceled', tone: 'danger' },
  closed: { label: 'Closed', tone: 'danger' },
  complete: { label: 'Completed', tone: 'success' },
  completed: { label: 'Completed', tone: 'success' },
  fraud: { label: 'Suspected Fraud', tone: 'danger' },
  holded: { label: 'On Hold', tone: 'warning' },
  payment_review: { label: 'Payment Review', tone: 'warning' },
  paypal_canceled_reversal: { label: 'PayPal Canceled Reversal', tone: 'warning' },
  paypal_reversed: { label: 'PayPal Reversed', tone: 'danger' },
  pending: { label: 'Pending', tone: 'warning' },
  pending_payment: { label: 'Pending Payment', tone: 'warning' },
  pending_paypal: { label: 'Pending PayPal', tone: 'warning' },
  processing: { label: 'Processing', tone: 'info' },
  synced: { label: 'Synced', tone: 'info' },
  ordered: { label: 'Ordered', tone: 'info' },
  partially_paid: { label: 'Partially Paid', tone: 'warning' },
  shipped: { label: 'Shipped', tone: 'info' },
  // Quotes
  ready_to_order: { label: 'Ready to Order', tone: 'info' },
};

const PAYMENT_BADGES: Readonly<Record<string, Badge>> = {
  paid: { label: 'Paid', tone: 'success' },
  completed: { label: 'Paid', tone: 'success' },
  successful: { label: 'Paid', tone: 'success' },
  success: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  declined: { label: 'Failed', tone: 'danger' },
  error: { label: 'Failed', tone: 'danger' },
  pending: { label: 'Pending', tone: 'warning' },
  processing: { label: 'Pending', tone: 'warning' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  cancelled: { label: 'Refunded', tone: 'neutral' },
};

export function statusBadge(status: string): Badge {
  return STATUS_BADGES[status.toLowerCase()] ?? { label: status, tone: 'neutral' };
}

export function paymentBadge(status: string): Badge {
  return PAYMENT_BADGES[status.toLowerCase()] ?? { label: status, tone: 'neutral' };
}
