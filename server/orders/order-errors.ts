/**
 * The order module's own errors: what went wrong in the shop's words (an order not found, a move
 * the status machine refuses, a refund above what is left), never an HTTP status. The HTTP edge
 * maps each kind to its status (server/http/error-handler.ts); a command line or a job reads the
 * kind and the message.
 */
export type OrderErrorKind =
  /** The order, quote, payment or refund named does not exist, or the caller has not proved it owns it (the same answer). */
  | 'not_found'
  /** The request itself is wrong: a field, an amount, a mismatched payment. */
  | 'invalid'
  /** The order's state refuses it now: paid already, locked by a payment, a move the machine refuses. */
  | 'conflict'
  /** The provider declined the payment. */
  | 'payment_failed'
  /** A link that was right once has expired. */
  | 'expired'
  /** Too many tries from one client. */
  | 'too_many'
  /** The provider could not be reached. */
  | 'unavailable';

export class OrderError extends Error {
  constructor(
    readonly kind: OrderErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'OrderError';
  }
}

export const ORDER_NOT_FOUND = 'Order not found.';

export function orderNotFound(): OrderError {
  return new OrderError('not_found', 'orderNotExist', ORDER_NOT_FOUND);
}
