import { useEffect, useRef, useState } from 'react';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { ApiClient } from '../api-client';
import { emitShowroomEvent } from '../showroom-events';

export interface PaymentMethodListProps {
  api: ApiClient;
  scope?: string;
}

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; methods: PaymentMethod[] };

/** The payment methods the store offers for a scope, as a radio group; the default one is preselected. */
export function PaymentMethodList({ api, scope }: PaymentMethodListProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [selected, setSelected] = useState<string>();
  const root = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    let current = true;
    api
      .get<{ paymentMethods: PaymentMethod[] }>('/api/payment-methods', { scope })
      .then(
        ({ paymentMethods }) => {
          if (!current) return;
          setLoad({ state: 'ready', methods: paymentMethods });
          setSelected(paymentMethods.find((m) => m.isDefault)?.name);
        },
        (err: Error) => current && setLoad({ state: 'error', message: err.message }),
      );
    return () => {
      current = false;
    };
  }, [api, scope]);

  const choose = (name: string) => {
    setSelected(name);
    emitShowroomEvent(root.current, 'showroom:payment-method-selected', { name });
  };

  return (
    <fieldset part="methods" className="sr-payment-methods" ref={root} aria-busy={load.state === 'loading'}>
      <legend>Payment method</legend>
      {load.state === 'loading' && <p className="sr-status">Loading payment methods…</p>}
      {load.state === 'error' && (
        <p className="sr-error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && load.methods.length === 0 && <p className="sr-status">No payment methods are available right now.</p>}
      {load.state === 'ready' &&
        load.methods.map((m) => (
          <label key={m.name} part="method" className="sr-payment-method">
            <input type="radio" name="paymentMethod" value={m.name} checked={selected === m.name} onChange={() => choose(m.name)} />
            <span className="sr-payment-method__title">{m.title}</span>
            {m.description && <span className="sr-payment-method__description">{m.description}</span>}
          </label>
        ))}
    </fieldset>
  );
}
