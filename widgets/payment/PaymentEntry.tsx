/**
 * The payment form of a money page: loads the chosen method's gateway client (its own chunk) and
 * renders it. The pages know nothing of gateways; they hand over `prepare` and hear `onOutcome`.
 * When the store refuses a payment because another payment of the same order waits for the
 * customer's bank, the entry shows that message with "Pay another way" above the form
 * (WaitingPaymentNotice); the page hears the failure with `waiting` set and only unlocks.
 */
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { gatewayEntries } from './gateway-entries';
import type { GatewayEntryProps, PaymentEntryProps, PaymentOutcome, PaymentTarget } from './payment-types';
import { WaitingPaymentNotice } from './WaitingPaymentNotice';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; Entry: ComponentType<GatewayEntryProps> };
type Notice = { kind: 'waiting'; message: string; target: PaymentTarget } | { kind: 'cleared'; message: string } | null;

export function PaymentEntry(props: PaymentEntryProps) {
  const gateway = props.method.gateway;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<Notice>(null);
  const { onOutcome } = props;
  const report = useCallback(
    (outcome: PaymentOutcome) => {
      setNotice(outcome.kind === 'failed' && outcome.waiting ? { kind: 'waiting', message: outcome.message, target: outcome.waiting } : null);
      onOutcome(outcome);
    },
    [onOutcome],
  );

  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    gatewayEntries[gateway]().then(
      (Entry) => current && setLoad({ state: 'ready', Entry }),
      () => current && setLoad({ state: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [gateway]);

  if (load.state === 'loading') return <p className="sr-status" role="status">Loading payment form…</p>;
  if (load.state === 'error')
    return (
      <p className="sr-error" role="alert">
        The payment form could not be loaded. Please check your connection and reload the page.
      </p>
    );
  return (
    <>
      {notice?.kind === 'waiting' && <WaitingPaymentNotice api={props.api} message={notice.message} target={notice.target} onCleared={(message) => setNotice({ kind: 'cleared', message })} />}
      {notice?.kind === 'cleared' && (
        <p className="sr-status" part="waiting-cleared" role="status">
          {notice.message}
        </p>
      )}
      <load.Entry key={props.method.name} {...props} onOutcome={report} />
    </>
  );
}
