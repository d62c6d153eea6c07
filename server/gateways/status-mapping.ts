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

/**
 * Wallet provider (PayPal): COMPLETED is completed; PENDING and processing are pending. The table
 * names no others; declined, failed and voided payments are failed (PayPal calls them final), and
 * anything else (CREATED, APPROVED, SAVED, PAYER_ACTION_REQUIRED) has not been paid yet: pending.
 */
export function paypalStatus(status: string): PaymentStatus {
  switch (status.toUpperCase()) {
    case 'COMPLETED':
      return 'completed';
    case 'DECLINED':
    case 'FAILED':
    case 'VOIDED':
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
