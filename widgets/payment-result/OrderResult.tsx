/**
 * <showroom-order-result>: the result view a dealer puts on the page their checkout's success-url
 * points to. A provider's return in the address (./complete-redirected-payment.ts, hasProviderReturn)
 * is verified first, in place: the progress state, then the success view or the failure note (a
 * dealer's page has no /order/success nor /payment/fail to go to). The query is then removed from
 * the address, so a reload shows the result page rather than verifying again. Without a return it
 * shows the order this browser just paid (the `order-success` item), as /order/success does.
 */
import { useState } from 'react';
import type { ShowroomElementContext } from '../element-base/define-showroom-element';
import { cartStorageKey } from '../cart-store/sample-cart';
import { readPendingPayment } from '../payment/pending-payment';
import { hasProviderReturn, type RedirectedPaymentResult } from './complete-redirected-payment';
import { DEFAULT_PARTIAL_CONTENT, DEFAULT_SUCCESS_CONTENT, OrderSuccessView } from './OrderSuccessView';
import { PENDING_PAYMENT_TITLE, PaymentFailureNoteView, useTakenPaymentFailure } from './PaymentFailureNoteView';
import { ResultActions, type ResultAction } from './result-actions';
import { emitRedirectedPaymentEvent } from './result-events';
import { VerifyProgress } from './VerifyProgress';

export interface OrderResultProps extends ShowroomElementContext {
  method?: string;
  heading?: string;
  content?: string;
  partialContent?: string;
  actionText?: string;
  actionHref?: string;
  checkoutHref?: string;
}

function FailureView({ checkoutHref }: { checkoutHref?: string }) {
  const note = useTakenPaymentFailure();
  return (
    <div className="sr-result sr-result--failure">
      <h2 className="sr-result__title">{note?.pending ? PENDING_PAYMENT_TITLE : 'Payment failed'}</h2>
      <PaymentFailureNoteView note={note} />
      {/* A pending payment must not be paid again: no "Try again" then. */}
      {!note?.pending && <ResultActions actions={checkoutHref ? [{ text: 'Try again', path: checkoutHref }] : []} />}
    </div>
  );
}

type Stage = 'verifying' | 'success' | 'failure' | 'none';

function withoutQuery(): void {
  try {
    history.replaceState(history.state, '', location.pathname + location.hash);
  } catch {
    // a sandboxed frame may refuse; the verify would only repeat its answer
  }
}

function storePage(path: string, apiBase: string): string {
  try {
    return new URL(path, apiBase).href;
  } catch {
    return path;
  }
}

export function OrderResult({ element, api, apiBase, dealer, method, heading = 'Thank you for your order', content, partialContent, actionText = 'Continue Shopping', actionHref, checkoutHref }: OrderResultProps) {
  const [search] = useState(() => location.search);
  const [stage, setStage] = useState<Stage>(() => (hasProviderReturn(new URLSearchParams(search)) ? 'verifying' : 'success'));
  const actions: ResultAction[] = actionHref ? [{ text: actionText, path: actionHref }] : [];

  const finished = (result: RedirectedPaymentResult) => {
    emitRedirectedPaymentEvent(element, result);
    withoutQuery();
    setStage(result.kind === 'success' ? 'success' : 'failure');
  };

  return (
    <div part="result" className="sr-result-box">
      {stage === 'verifying' && (
        <VerifyProgress api={api} method={method ?? readPendingPayment()?.method ?? 'card'} search={search} onResult={finished} navigate={() => {}} />
      )}
      {stage === 'success' && (
        <OrderSuccessView
          title={heading}
          content={content ? [content] : DEFAULT_SUCCESS_CONTENT}
          partialContent={partialContent ? [partialContent] : DEFAULT_PARTIAL_CONTENT}
          actions={actions}
          cartKey={cartStorageKey(apiBase, dealer)}
          // The store's split-payment page: a dealer's site has none of its own.
          splitPaymentUrl={storePage('/order/split-payment', apiBase)}
          navigate={() => (checkoutHref ? location.assign(checkoutHref) : setStage('none'))}
        />
      )}
      {stage === 'failure' && <FailureView checkoutHref={checkoutHref} />}
      {stage === 'none' && <p className="sr-status">No recent order was found in this browser.</p>}
    </div>
  );
}
