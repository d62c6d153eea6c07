/**
 * The state of a quote as the back office shows it (schemas/api/back-office-quotes.ts QUOTE_STATES),
 * derived from what is stored: the quote's link expiry and order, and that order's status. One
 * function for a row read, one for the list's filter in SQL: the two say the same.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { QuoteState } from '../../schemas/api/back-office-quotes';
import type { DatabaseSchema } from '../db/tables';
import type { OrderStatus } from '../orders/order-status';

/**
 * An order with one of these statuses has been paid in full: the payment moved it to ordered, and
 * every later status but canceled comes after that (server/orders/order-status.ts).
 */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['ordered', 'processing', 'shipped', 'complete', 'holded', 'closed'];

export interface QuoteStateInput {
  status: string;
  tokenHash: string | null;
  tokenExpiresAt: string | null;
  orderId: number | null;
  orderStatus: string | null;
}

export function quoteState(q: QuoteStateInput, now: Date): QuoteState {
  if (q.status === 'draft') return 'draft';
  if (q.orderId !== null) return q.orderStatus !== null && (PAID_ORDER_STATUSES as readonly string[]).includes(q.orderStatus) ? 'paid' : 'converted';
  if (q.tokenHash === null || q.tokenExpiresAt === null) return 'no_link';
  return Date.parse(q.tokenExpiresAt) > now.getTime() ? 'open' : 'expired';
}

type QuoteWithOrder = ExpressionBuilder<DatabaseSchema, 'quote' | 'sales_order'>;

/**
 * The list's filter for a state, over `quote` left-joined to `sales_order`. Expiry times are stored
 * as ISO-8601 UTC text (toISOString), so comparing them as text compares them as times.
 */
export function stateFilter(state: QuoteState, now: Date): (eb: QuoteWithOrder) => Expression<SqlBool> {
  const nowIso = now.toISOString();
  const paid = [...PAID_ORDER_STATUSES];
  switch (state) {
    case 'paid':
      return (eb) => eb.and([eb('quote.order_id', 'is not', null), eb('sales_order.status', 'in', paid)]);
    case 'converted':
      return (eb) => eb.and([eb('quote.order_id', 'is not', null), eb.or([eb('sales_order.status', 'is', null), eb('sales_order.status', 'not in', paid)])]);
    case 'draft':
      return (eb) => eb('quote.status', '=', 'draft');
    case 'no_link':
      return (eb) => eb.and([eb('quote.status', '!=', 'draft'), eb('quote.order_id', 'is', null), eb.or([eb('quote.token_hash', 'is', null), eb('quote.token_expires_at', 'is', null)])]);
    case 'open':
      return (eb) => eb.and([eb('quote.order_id', 'is', null), eb('quote.token_hash', 'is not', null), eb('quote.token_expires_at', '>', nowIso)]);
    case 'expired':
      return (eb) => eb.and([eb('quote.order_id', 'is', null), eb('quote.token_hash', 'is not', null), eb('quote.token_expires_at', '<=', nowIso)]);
  }
}
