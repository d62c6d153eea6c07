/**
 * Authorize.net Accept Hosted (SAQ A): no card field on the store's page. On submit the page is
 * prepared (the order made, or the quote named), the store asks POST /api/payment/authorize-net/hosted-page
 * for a form token of the amount it decides, and the token is POSTed to Authorize.net's payment
 * page, as a plain form does:
 * - redirect (the default): the browser leaves for Authorize.net's page, which sends the customer
 *   back to the verify page, where the store finds and records the payment
 *   (../../payment-result/complete-redirected-payment.ts);
 * - in a frame (the method's integration `authorizenet-accept-hosted-iframe`, on the store's own
 *   pages): the form shows in a frame of this page, and its messages arrive through the store's
 *   iframe communicator (./accept-hosted-frame.ts). Its size sets the frame's height, Cancel closes
 *   it (the page hears the payment was cancelled), and the transaction it names is handed to the store (hosted-return with `transactionId`),
 *   which reads it from Authorize.net and records it only if it pays this order or quote.
 */
import { useEffect, useRef, useState } from 'react';
import type { RequestBody, ResponseBody } from '../../../schemas/api/endpoint';
import type { authorizeNetHostedPageEndpoint, authorizeNetHostedReturnEndpoint } from '../../../schemas/api/payments';
import { integrationOf } from '../../../schemas/payment-integrations';
import { failedOutcome, PAYMENT_HANDLING_ERROR } from '../payment-failure';
import { leaveByPost } from '../leave-page';
import { paymentProof, requestedAmount } from '../payment-proof';
import type { GatewayEntryProps, PaymentTarget } from '../payment-types';
import { savePendingPayment } from '../pending-payment';
import { newFrameName, parseHostedFormMessage, relayedFrom } from './accept-hosted-frame';

type HostedPage = ResponseBody<typeof authorizeNetHostedPageEndpoint, 200>;
type HostedReturn = ResponseBody<typeof authorizeNetHostedReturnEndpoint, 200>;

export const ACCEPT_HOSTED_CANCELLED = 'The Authorize.net payment was cancelled. You have not been charged.';

/** The frame's height until the form says its own. */
const FIRST_HEIGHT = 560;

/** The verify page's address, marked as Accept Hosted's return (Authorize.net adds nothing to it). */
export function acceptHostedReturnUrl(returnUrl: string): string {
  const url = new URL(returnUrl, 'http://placeholder.invalid');
  url.searchParams.set('return', 'accept-hosted');
  return returnUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.href;
}

/**
 * In a frame only where the store's communicator can reach the page: the store's own pages. On a
 * dealer's page (the store's return address is of another origin) the form redirects instead.
 */
function showsInFrame(props: GatewayEntryProps): boolean {
  if (integrationOf(props.method) !== 'authorizenet-accept-hosted-iframe') return false;
  return new URL(props.returnUrl, window.location.href).origin === window.location.origin;
}

interface OpenFrame {
  name: string;
  formUrl: string;
  token: string;
  target: PaymentTarget;
}

export function AcceptHostedEntry(props: GatewayEntryProps) {
  const { api, method, prepare, onOutcome, submitLabel, returnUrl, disabled } = props;
  const inFrame = showsInFrame(props);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<OpenFrame | null>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);
  const frame = useRef<HTMLIFrameElement>(null);
  // The communicator may relay a transactResponse more than once: the store is asked once.
  const recording = useRef(false);

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
      ...(inFrame ? { display: 'iframe' as const } : {}),
    };
    let page: HostedPage;
    try {
      page = await api.send<HostedPage>('POST', '/api/payment/authorize-net/hosted-page', request, proof.headers);
    } catch (err) {
      setBusy(false);
      return onOutcome(failedOutcome(err, target));
    }
    if (inFrame) {
      setHeight(FIRST_HEIGHT);
      setOpen({ name: newFrameName(), formUrl: page.formUrl, token: page.token, target });
      return onOutcome({ kind: 'awaiting-card' });
    }
    savePendingPayment({ target, method: method.name });
    onOutcome({ kind: 'redirecting' });
    leaveByPost(page.formUrl, { token: page.token });
  };

  useEffect(() => {
    if (!open) return;
    const close = () => {
      setOpen(null);
      setBusy(false);
    };
    const record = async (transactionId: string) => {
      if (recording.current) return;
      recording.current = true;
      const proof = paymentProof(open.target);
      try {
        const found = await api.send<HostedReturn>('POST', '/api/payment/authorize-net/hosted-return', { ...proof.body, transactionId }, proof.headers);
        if (found.success) {
          const status = found.status === 'on_hold' ? 'on_hold' : 'completed';
          onOutcome({ kind: 'paid', payment: { transactionId: found.transactionId, method: method.name, gateway: 'authorizenet', status, amount: found.amount } });
        } else {
          onOutcome({ kind: 'failed', message: PAYMENT_HANDLING_ERROR });
        }
      } catch (err) {
        onOutcome(failedOutcome(err, open.target));
      } finally {
        recording.current = false;
        close();
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (!relayedFrom(event, frame.current, window.location.origin)) return;
      const message = parseHostedFormMessage(event.data);
      if (message?.action === 'resizeWindow') setHeight(message.height);
      else if (message?.action === 'cancel') {
        close();
        onOutcome({ kind: 'failed', message: ACCEPT_HOSTED_CANCELLED });
      }
      else if (message?.action === 'transactResponse') void record(message.transId);
      // successfulSave concerns a saved payment profile, which this form never offers.
    };
    window.addEventListener('message', onMessage);
    leaveByPost(open.formUrl, { token: open.token }, open.name);
    return () => window.removeEventListener('message', onMessage);
  }, [open]);

  if (open) {
    return (
      <div className="sr-card-form" part="card-form">
        <p className="sr-card-form__note">Type your card in Authorize.net’s secure form below; this store never receives it.</p>
        <iframe ref={frame} name={open.name} title="Authorize.net secure payment form" className="sr-hosted-frame" style={{ height: `${height}px` }} />
      </div>
    );
  }
  return (
    <div className="sr-card-form" part="card-form">
      <p className="sr-card-form__note">
        {inFrame ? 'You will type your card in Authorize.net’s secure form, shown on this page.' : 'You will type your card on Authorize.net’s secure page, then come back here.'}
      </p>
      <button type="button" className="sr-pay-button" part="pay-button" onClick={() => void pay()} disabled={disabled || busy} aria-busy={busy}>
        {busy ? 'Opening Authorize.net…' : submitLabel}
      </button>
    </div>
  );
}
