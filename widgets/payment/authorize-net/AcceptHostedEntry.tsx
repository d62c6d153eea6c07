/**
 * Authorize.net Accept Hosted (SAQ A): no card field on the store's page. On submit the page is
 * prepared (the order made, or the quote named), the store asks POST /api/payment/authorize-net/hosted-page
 * for a form token of the amount it decides, and the browser POSTs the token to Authorize.net's
 * payment page, as a plain form does. Authorize.net sends the customer back to the verify page,
 * which asks the store to find and record the payment (../../payment-result/complete-redirected-payment.ts).
 */
import { useState } from 'react';
import type { RequestBody, ResponseBody } from '../../../schemas/api/endpoint';
import type { authorizeNetHostedPageEndpoint } from '../../../schemas/api/payments';
import { failedOutcome } from '../payment-failure';
import { leaveByPost } from '../leave-page';
import { paymentProof, requestedAmount } from '../payment-proof';
import type { GatewayEntryProps } from '../payment-types';
import { savePendingPayment } from '../pending-payment';

type HostedPage = ResponseBody<typeof authorizeNetHostedPageEndpoint, 200>;

/** The verify page's address, marked as Accept Hosted's return (Authorize.net adds nothing to it). */
export function acceptHostedReturnUrl(returnUrl: string): string {
  const url = new URL(returnUrl, 'http://placeholder.invalid');
  url.searchParams.set('return', 'accept-hosted');
  return returnUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.href;
}

export function AcceptHostedEntry(props: GatewayEntryProps) {
  const { api, method, prepare, onOutcome, submitLabel, returnUrl, disabled } = props;
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (props.check && !props.check()) return;
    setBusy(true);
    const target = await prepare().catch((err: unknown) => {
      onOutcome(failedOutcome(err, null));
      return null;
    });
    if (!target) return setBusy(false);
    const proof = paymentProof(target);
    const amount = requestedAmount(target);
    const request: RequestBody<typeof authorizeNetHostedPageEndpoint> = {
      ...proof.body,
      ...(amount !== undefined ? { amount } : {}),
      returnUrl: acceptHostedReturnUrl(returnUrl),
      // No cancelUrl: the store sends Cancel back to the page that asked when it may (a dealer's page may not be allowed).
    };
    let page: HostedPage;
    try {
      page = await api.send<HostedPage>('POST', '/api/payment/authorize-net/hosted-page', request, proof.headers);
    } catch (err) {
      setBusy(false);
      return onOutcome(failedOutcome(err, target));
    }
    savePendingPayment({ target, method: method.name });
    onOutcome({ kind: 'redirecting' });
    leaveByPost(page.formUrl, { token: page.token });
  };

  return (
    <div className="sr-card-form" part="card-form">
      <p className="sr-card-form__note">You will type your card on Authorize.net’s secure page, then come back here.</p>
      <button type="button" className="sr-pay-button" part="pay-button" onClick={() => void pay()} disabled={disabled || busy} aria-busy={busy}>
        {busy ? 'Opening Authorize.net…' : submitLabel}
      </button>
    </div>
  );
}
