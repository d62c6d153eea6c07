/**
 * Shown by PaymentEntry when the store refused a payment because another payment of the same order
 * or quote waits for the customer's bank (409): the store's words and a "Pay another way"
 * button that cancels the waiting payment. Once it is cancelled the notice says so and the
 * customer pays again with the form below; the button is the page's own action style.
 */
import { useRef, useState } from 'react';
import type { ApiClient } from '../api-client';
import { WAITING_PAYMENT_MESSAGES } from '../../schemas/evaluators/waiting-payment-messages';
import type { PaymentTarget } from './payment-types';
import { cancelWaitingPayment } from './waiting-payment';

export const CANCELLING_LABEL = 'Cancelling the waiting payment…';

export interface WaitingPaymentNoticeProps {
  api: ApiClient;
  message: string;
  target: PaymentTarget;
  /** The waiting payment was cancelled (or nothing waits any more): the page may take a new payment. */
  onCleared(message: string): void;
}

export function WaitingPaymentNotice({ api, message, target, onCleared }: WaitingPaymentNoticeProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const running = useRef(false);

  const cancel = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(undefined);
    const result = await cancelWaitingPayment(api, target);
    running.current = false;
    setBusy(false);
    if (result.ok) onCleared(result.message);
    else setError(result.message);
  };

  return (
    <div className="sr-waiting-payment" part="waiting-payment" role="alert">
      <p className="sr-waiting-payment__message">{message}</p>
      {error && <p className="sr-error">{error}</p>}
      <button type="button" className="sr-pay-button" part="pay-another-way" disabled={busy} aria-busy={busy} onClick={() => void cancel()}>
        {busy ? CANCELLING_LABEL : WAITING_PAYMENT_MESSAGES.payAnotherWay}
      </button>
    </div>
  );
}
