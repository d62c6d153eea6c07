/** Provider status values to the internal payment status, one table per provider. */
import type { PaymentStatus } from './gateway';

/** Card provider (Stripe PaymentIntent.status). Unknown values stay pending: never completed by accident. */
export function stripeStatus(status: string): PaymentStatus {
  switch (status) {
    case 'succeeded':
      return 'completed';
    case 'requires_payment_method':
    case 'processing':
    case 'requires_capture':
    case 'requires_confirmation':
      return 'pending';
    case 'canceled':
      return 'failed';
    case 'requires_action':
      return 'on_hold';
    default:
      return 'pending';
  }
}

/** A Stripe refund's status: requires_action waits for the customer (pending); canceled is failed. Unknown values stay pending. */
export function stripeRefundStatus(status: string): 'succeeded' | 'pending' | 'failed' {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return 'pending';
  }
}

/**
 * Wallet provider (PayPal): COMPLETED is completed; PENDING and processing are pending. The table
 * names no others; declined, failed and voided payments are failed (PayPal calls them final), and
 * anything else (CREATED, APPROVED, SAVED, PAYER_ACTION_REQUIRED) has not been paid yet: pending.
 * A capture refunded in part or in full (PARTIALLY_REFUNDED, REFUNDED) was paid: completed (its
 * refunds are money given back, recorded on their own, not a payment that never came).
 */
export function paypalStatus(status: string): PaymentStatus {
  switch (status.toUpperCase()) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return 'completed';
    case 'DECLINED':
    case 'FAILED':
    case 'VOIDED':
      return 'failed';
    default:
      return 'pending';
  }
}

/** A PayPal refund's status: COMPLETED succeeded, FAILED and CANCELLED failed, PENDING (and anything new) pending. */
export function paypalRefundStatus(status: string): 'succeeded' | 'pending' | 'failed' {
  switch (status.toUpperCase()) {
    case 'COMPLETED':
      return 'succeeded';
    case 'FAILED':
    case 'CANCELLED':
      return 'failed';
    default:
      return 'pending';
  }
}

/** Authorize-style response code: 1 completed, 2 pending, 3 failed, 4 on_hold; else failed. */
export function authorizeNetStatus(responseCode: string | number): PaymentStatus {
  switch (String(responseCode)) {
    case '1':
      return 'completed';
    case '2':
      return 'pending';
    case '3':
      return 'failed';
    case '4':
      return 'on_hold';
    default:
      return 'failed';
  }
}
