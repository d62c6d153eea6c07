/** The order's figures as the server priced them: subtotal, shipping, tax when there is any, total. */
import { formatMoney } from '../../schemas/money';
import type { CartTotals } from './use-cart-totals';

export function TotalsList({ totals, subtotalLabel = 'Subtotal' }: { totals: CartTotals; subtotalLabel?: string }) {
  return (
    <dl className="sr-checkout__totals">
      <dt>{subtotalLabel}</dt>
      <dd>{formatMoney(totals.subtotal)}</dd>
      <dt>Shipping</dt>
      <dd>{totals.shippingAvailable ? formatMoney(totals.shippingCost) : '—'}</dd>
      {totals.taxAmount > 0 && (
        <>
          <dt>Tax</dt>
          <dd>{formatMoney(totals.taxAmount)}</dd>
        </>
      )}
      <dt className="sr-checkout__grand">Total</dt>
      <dd className="sr-checkout__grand">{formatMoney(totals.total)}</dd>
    </dl>
  );
}
