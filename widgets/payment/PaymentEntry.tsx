/**
 * The payment form of a money page: loads the chosen method's gateway client (its own chunk) and
 * renders it. The pages know nothing of gateways; they hand over `prepare` and hear `onOutcome`.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { gatewayEntries } from './gateway-entries';
import type { GatewayEntryProps, PaymentEntryProps } from './payment-types';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; Entry: ComponentType<GatewayEntryProps> };

export function PaymentEntry(props: PaymentEntryProps) {
  const gateway = props.method.gateway;
  const [load, setLoad] = useState<Load>({ state: 'loading' });

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
  return <load.Entry key={props.method.name} {...props} />;
}
