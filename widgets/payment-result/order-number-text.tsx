/**
 * The success content's placeholders: `{orderId}` becomes the order number in bold and
 * `{remainingBalance}` the balance left to pay ($7,584.53, written as the quote and split pages write
 * money, so the customer reads the same figure on each). The content is plain text from the page
 * definition (or the element's attribute), rendered as React text, so it is always escaped; the
 * placeholders are the only markup it can produce.
 */
import { Fragment, type ReactNode } from 'react';

export const ORDER_ID_PLACEHOLDER = '{orderId}';
export const REMAINING_BALANCE_PLACEHOLDER = '{remainingBalance}';

// The browser's own formatter, not schemas/money's formatMoney (same output): importing that would
// pull the payment-pages chunk into <showroom-order-result>.
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money as the balance is written in the content ($7,584.53). */
export function formatBalance(amount: number): string {
  return dollars.format(amount);
}

export function withOrderNumber(text: string, orderNumber: string, remainingBalance = 0): ReactNode {
  const parts = text.split(/(\{orderId\}|\{remainingBalance\})/);
  return parts.map((part, i) =>
    part === ORDER_ID_PLACEHOLDER ? (
      <strong key={i}>{orderNumber}</strong>
    ) : part === REMAINING_BALANCE_PLACEHOLDER ? (
      <strong key={i}>{dollars.format(remainingBalance)}</strong>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
