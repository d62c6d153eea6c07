/**
 * The server's totals of the cart for the shipping address (`POST /api/cart/totals`): the lines with
 * catalog prices, subtotal, the shipping method or why there is none, tax and total. The browser
 * never adds anything up. Asked again when the cart or the address's country, state or ZIP change,
 * debounced, and an answer to an older question is dropped.
 */
import { useEffect, useRef, useState } from 'react';
import type { ResponseBody } from '../../schemas/api/endpoint';
import type { cartTotalsEndpoint } from '../../schemas/api/orders';
import type { ApiClient } from '../api-client';
import type { StoredSample } from '../cart-store/sample-cart';
import { cartLines } from './checkout-values';

/** What `POST /api/cart/totals` answers (its contract, schemas/api/orders.ts). */
export type CartTotals = ResponseBody<typeof cartTotalsEndpoint, 200>;
export type TotalsLine = CartTotals['items'][number];

export interface TotalsAddress {
  countryId: string;
  state: string;
  zipCode: string;
}

export type TotalsState =
  | { state: 'idle' }
  | { state: 'loading'; last?: CartTotals }
  | { state: 'ready'; totals: CartTotals }
  | { state: 'error'; message: string; last?: CartTotals };

/** The shipping lookup's failure when the server gives no message of its own. */
export const SHIPPING_FAILED = 'Failed to calculate shipping';
export const TOTALS_DEBOUNCE_MS = 400;

const lastOf = (s: TotalsState) => (s.state === 'ready' ? s.totals : s.state === 'idle' ? undefined : s.last);

export function useCartTotals(api: ApiClient, items: readonly StoredSample[] | null, address: TotalsAddress | null): TotalsState {
  const [result, setResult] = useState<TotalsState>({ state: 'idle' });
  const asked = useRef(0);
  // One question per cart and address: the key changes only when one of them does.
  const question = items && items.length > 0 ? JSON.stringify({ items: cartLines(items), address }) : null;

  useEffect(() => {
    const id = ++asked.current;
    if (!question) {
      setResult({ state: 'idle' });
      return;
    }
    setResult((s) => ({ state: 'loading', last: lastOf(s) }));
    const first = lastOf(result) === undefined;
    const timer = setTimeout(
      () => {
        api.send<CartTotals>('POST', '/api/cart/totals', JSON.parse(question)).then(
          (totals) => id === asked.current && setResult({ state: 'ready', totals }),
          (err: Error) => id === asked.current && setResult((s) => ({ state: 'error', message: err.message || SHIPPING_FAILED, last: lastOf(s) })),
        );
      },
      // The first answer (the cart's lines) is wanted at once; only the address's edits wait.
      first ? 0 : TOTALS_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, question]);

  return result;
}
