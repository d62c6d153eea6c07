/**
 * <showroom-sample-cart>: the samples in the cart, resolved against the store's catalog (GET
 * /api/catalog/samples; a SKU the store no longer sells is not shown, and a cart where nothing
 * resolves is empty), with quantity (1 at most), delete, clear and a link to checkout: the store's
 * /checkout, or the dealer's own `checkout-url`. It follows every change of the same cart, from
 * other elements, islands and tabs.
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../schemas/money';
import type { ApiClient } from '../api-client';
import { loadCatalogSamples, resolveCart, sampleImageUrl, type CatalogSample } from '../sample-ordering/catalog-samples';
import { LOCAL_CART_EXPIRY_HOURS, type StoredSample } from '../cart-store/sample-cart';
import { useCartFor, useCartItems } from '../cart-store/use-sample-cart';
import { emitShowroomEvent } from '../showroom-events';

export const EMPTY_CART_TEXT = 'Your sample cart is empty.';

export interface SampleCartViewProps {
  element: HTMLElement;
  api: ApiClient;
  apiBase: string;
  dealer?: string;
  checkoutUrl?: string;
  expiryHours?: number;
}

export function SampleCartView({ element, api, apiBase, dealer, checkoutUrl, expiryHours = LOCAL_CART_EXPIRY_HOURS }: SampleCartViewProps) {
  const cart = useCartFor(apiBase, dealer);
  const items = useCartItems(cart);
  const [catalog, setCatalog] = useState<CatalogSample[] | null>(null);
  const [error, setError] = useState<string>();
  const [qtyMessage, setQtyMessage] = useState<string>();

  useEffect(() => {
    let current = true;
    loadCatalogSamples(api, apiBase).then(
      (samples) => current && setCatalog(samples),
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [api, apiBase]);

  const changed = (next: StoredSample[]) => emitShowroomEvent(element, 'showroom:cart-changed', { items: next, count: next.length });

  if (error) {
    return (
      <p className="sr-error" role="alert">
        {error}
      </p>
    );
  }
  if (!catalog) return <p className="sr-status">Loading...</p>;
  const resolved = resolveCart(items, catalog);
  if (resolved.length === 0) {
    return (
      <p part="empty" className="sr-status">
        {EMPTY_CART_TEXT}
      </p>
    );
  }
  const total = resolved.reduce((sum, s) => sum + s.catalog.price * s.qty, 0);
  return (
    <section part="cart" className="sr-cart" aria-label="Sample cart">
      <ul className="sr-cart__items">
        {resolved.map((s) => (
          <li key={s.sku} part="item" className="sr-cart__item">
            {s.catalog.image ? <img className="sr-cart__image" src={sampleImageUrl(s.catalog.image.src, apiBase)} alt="" width={40} height={40} loading="lazy" /> : <span className="sr-cart__image" />}
            <span className="sr-cart__name">
              {s.catalog.styleTitle}: {s.catalog.finishLabel}
            </span>
            {/* A visible label; the name adds the sample's, and starts with the words a person sees. */}
            <label className="sr-cart__qty">
              <span>Quantity</span>
              <input
                type="number"
                min={1}
                max={1}
                value={s.qty}
                aria-label={`Quantity of ${s.catalog.name}`}
                onChange={(e) => {
                  const result = cart.setQty(s.sku, e.currentTarget.value, Date.now(), expiryHours);
                  setQtyMessage(result.error);
                  changed(result.items);
                }}
              />
            </label>
            <span className="sr-cart__price">{formatMoney(s.catalog.price * s.qty)}</span>
            <button type="button" part="remove" className="sr-button sr-button--quiet sr-cart__remove" aria-label={`Remove ${s.catalog.name}`} onClick={() => changed(cart.remove(s.sku, Date.now(), expiryHours))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {qtyMessage && (
        <p className="sr-error" role="alert">
          {qtyMessage}
        </p>
      )}
      <p part="total">
        Subtotal: <strong>{formatMoney(total)}</strong>
      </p>
      <div className="sr-cart__actions">
        <a part="checkout" className="sr-button" href={checkoutUrl || `${apiBase.replace(/\/$/, '')}/checkout`}>
          Checkout
        </a>
        <button
          type="button"
          part="clear"
          className="sr-button sr-button--quiet"
          onClick={() => {
            cart.clear();
            changed([]);
          }}
        >
          Clear cart
        </button>
      </div>
    </section>
  );
}
