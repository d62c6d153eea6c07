/**
 * A quote's money as the server stated it: the builder's panel shows the latest answer of the price
 * endpoint (with its pending, refused and failed states), the detail the totals stored with the
 * quote. Amounts are formatted, never computed.
 */
import type { ReactNode } from 'react';
import { formatMoney } from '../../schemas/money';
import type { PriceState } from './quote-price';

export interface Totals {
  subtotal: number;
  discount: number;
  shipping: { label: string | null; amount: number; message?: string | null };
  tax: number;
  taxPercent?: number;
  total: number;
}

export function TotalsList({ totals }: { totals: Totals }) {
  const { shipping } = totals;
  return (
    <dl className="quote-totals__list">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 ? (
        <div>
          <dt>Discount</dt>
          <dd>−{formatMoney(totals.discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>
          Shipping
          {shipping.label ? <span className="quote-totals__note">{shipping.label}</span> : null}
          {!shipping.label && shipping.message ? <span className="quote-totals__note quote-totals__note--reason">{shipping.message}</span> : null}
        </dt>
        <dd>{shipping.label || !shipping.message ? formatMoney(shipping.amount) : '—'}</dd>
      </div>
      <div>
        <dt>
          Tax
          {totals.taxPercent ? <span className="quote-totals__note">{totals.taxPercent}%</span> : null}
        </dt>
        <dd>{formatMoney(totals.tax)}</dd>
      </div>
      <div className="quote-totals__total">
        <dt>Total</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
    </dl>
  );
}

/** The builder's totals panel; `children` (the create button) sits at its foot. */
export function QuoteTotalsPanel({ price, retry, children }: { price: PriceState; retry(): void; children?: ReactNode }) {
  const pending = price.state === 'pending';
  const shown = price.state === 'ready' ? price.price : price.state === 'pending' ? price.last : null;
  return (
    <section className="card quote-totals" aria-labelledby="quote-totals-title" aria-busy={pending || undefined}>
      <div className="quote-totals__head">
        <h2 className="section-title" id="quote-totals-title">
          Totals
        </h2>
        {pending ? (
          <span className="quote-totals__pending">
            <span className="spinner" aria-hidden="true" /> Updating…
          </span>
        ) : null}
      </div>
      {price.state === 'empty' ? <p className="muted quote-totals__empty">Add a catalog line to see the totals.</p> : null}
      {shown ? (
        <div className={pending ? 'quote-totals__stale' : undefined}>
          <TotalsList totals={shown} />
        </div>
      ) : null}
      {pending && !shown ? <p className="muted quote-totals__empty">Computing the totals…</p> : null}
      {price.state === 'invalid' ? (
        <p className="quote-totals__problem">
          <span aria-hidden="true">⚠ </span>
          The totals wait for a correction: {price.message}
        </p>
      ) : null}
      {price.state === 'error' ? (
        <div className="quote-totals__problem">
          <p>Could not compute the totals: {price.message}</p>
          <button type="button" className="button button--secondary button--small" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {price.state === 'ready' ? `Total ${formatMoney(price.price.total)}.` : ''}
      </p>
      <p className="quote-totals__rules muted">Shipping and tax follow the store’s rules for the shipping address; prices are the catalog’s.</p>
      {children}
    </section>
  );
}
