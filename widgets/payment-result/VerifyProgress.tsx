/**
 * The verify page's view (our own: what the original site showed meanwhile is not known): a status
 * line with a spinner while completeRedirectedPayment runs, then `location.replace` to the success
 * or failure page, so Back does not land here and verify twice. It runs once per mount, even under
 * React's strict double effects.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api-client';
import { completeRedirectedPayment, type RedirectedPaymentResult } from './complete-redirected-payment';

export const VERIFYING_TEXT = 'Verifying your payment…';

export interface VerifyProgressProps {
  /** A heading above the status (the main site's page has one; an element on a dealer's page not). */
  title?: string;
  api: ApiClient;
  /** The verify route's method (the URL's {paymentMethod}). */
  method: string;
  /** The page's query, with the provider's return ids. */
  search: string;
  successUrl?: string;
  failureUrl?: string;
  /** Told the result before leaving (the element fires its events here). */
  onResult?(result: RedirectedPaymentResult): void;
  /** How to leave; tests pass their own. */
  navigate?(url: string): void;
}

export function VerifyProgress({ title, api, method, search, successUrl = '/order/success', failureUrl = '/payment/fail', onResult, navigate = (url) => window.location.replace(url) }: VerifyProgressProps) {
  const started = useRef(false);
  // The latest callback: the page may learn its event target after the first render.
  const report = useRef(onResult);
  report.current = onResult;
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void completeRedirectedPayment(api, method, new URLSearchParams(search)).then((result) => {
      if (result.kind === 'failure') console.warn(`Payment verification failed: ${result.reason}`);
      report.current?.(result);
      setLeaving(true);
      navigate(result.kind === 'success' ? successUrl : failureUrl);
    });
    // One verification per page load: the inputs come from the URL and do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="sr-verify" aria-busy={!leaving}>
      {title && <h1 className="sr-result__title">{title}</h1>}
      <span className="sr-spinner" aria-hidden="true" />
      <p role="status" className="sr-status">
        {leaving ? 'Opening your result…' : VERIFYING_TEXT}
      </p>
      <p className="sr-status">Please keep this page open and do not pay again.</p>
    </div>
  );
}
