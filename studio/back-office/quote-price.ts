/**
 * The builder's totals: the server's answer to POST /api/studio/quotes/price for the draft as it is
 * now. Asked a moment after the last change (typing a quantity asks once), a newer draft cancels
 * the question about an older one, so the latest answer is the one shown. Nothing is computed here.
 */
import { useEffect, useRef, useState } from 'react';
import type { QuotePrice, QuotePriceRequest } from '../api/back-office-quotes';
import { StudioApiError } from '../api/studio-client';
import { useQuotesClient } from './quote-client';

/** How long after the last change the totals are asked for. */
export const PRICE_DELAY_MS = 300;

export type PriceState =
  | { state: 'empty' }
  /** Asking; `last` is the previous answer, shown dimmed meanwhile. */
  | { state: 'pending'; last: QuotePrice | null }
  | { state: 'ready'; price: QuotePrice }
  /** The server refused the draft (400): its message and the fields it names. */
  | { state: 'invalid'; message: string; fields: Record<string, string> }
  | { state: 'error'; message: string };

export function useQuotePrice(request: QuotePriceRequest, failure: (error: unknown) => string): [PriceState, () => void] {
  const client = useQuotesClient();
  const [result, setResult] = useState<PriceState>({ state: 'empty' });
  const [round, setRound] = useState(0);
  const last = useRef<QuotePrice | null>(null);
  const key = JSON.stringify(request);

  useEffect(() => {
    if (request.lines.length === 0) {
      last.current = null;
      setResult({ state: 'empty' });
      return;
    }
    setResult({ state: 'pending', last: last.current });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client.price(request, controller.signal).then(
        (price) => {
          if (controller.signal.aborted) return;
          last.current = price;
          setResult({ state: 'ready', price });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof StudioApiError && error.status === 400) setResult({ state: 'invalid', message: error.message, fields: error.fields });
          else {
            const message = failure(error);
            if (message) setResult({ state: 'error', message });
          }
        },
      );
    }, PRICE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, key, round]);

  return [result, () => setRound((n) => n + 1)];
}
