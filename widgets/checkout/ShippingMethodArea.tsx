/**
 * The shipping method area: one of four states, all from the server's totals: calculating,
 * waiting for an address, no method for this address, or the applied method with its price.
 */
import { useId } from 'react';
import { formatMoney } from '../../schemas/money';
import type { TotalsState } from './use-cart-totals';

export const CALCULATING_SHIPPING = 'Calculating shipping rate…';

export function ShippingMethodArea({ totals, error }: { totals: TotalsState; error?: string }) {
  const headingId = useId();
  let body;
  if (totals.state === 'loading' || totals.state === 'idle') {
    body = <p className="sr-status">{CALCULATING_SHIPPING}</p>;
  } else if (totals.state === 'error') {
    body = <p className="sr-error">{totals.message}</p>;
  } else if (totals.totals.shippingAvailable && totals.totals.shippingMethod) {
    const m = totals.totals.shippingMethod;
    body = (
      <p className="sr-checkout__shipping-method">
        <strong>{m.displayName}</strong>: {formatMoney(m.rate)}
        {m.description && <span className="sr-status"> {m.description}</span>}
      </p>
    );
  } else {
    body = <p className="sr-status">{totals.totals.shippingMessage}</p>;
  }
  return (
    <section className="sr-checkout__shipping" aria-labelledby={headingId}>
      <h3 id={headingId}>Shipping method</h3>
      <div role="status" aria-live="polite" data-testid="shipping-method">
        {body}
      </div>
      {error && (
        <p className="sr-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
