import { useEffect, useRef, useState } from 'react';
import type { ResponseBody } from '../../schemas/api/endpoint';
import type { paymentMethodsEndpoint } from '../../schemas/api/payments';
import type { ApiClient } from '../api-client';
import type { OfferedPaymentMethod } from '../payment/payment-types';
import { emitShowroomEvent } from '../showroom-events';

export interface PaymentMethodListProps {
  api: ApiClient;
  scope?: string;
  /** Told the chosen method: the preselected default once loaded, then each choice (the money pages' selector). */
  onSelect?(method: OfferedPaymentMethod): void;
  /** Locks the choice while a payment is under way. */
  disabled?: boolean;
}

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; methods: OfferedPaymentMethod[] };

/** The payment methods the store offers for a scope, as a radio group; the default one is preselected. */
export function PaymentMethodList({ api, scope, onSelect, disabled }: PaymentMethodListProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [selected, setSelected] = useState<string>();
  const root = useRef<HTMLFieldSetElement>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    let current = true;
    api
      .get<ResponseBody<typeof paymentMethodsEndpoint, 200>>('/api/payment-methods', { scope })
      .then(
        ({ paymentMethods }) => {
          if (!current) return;
          setLoad({ state: 'ready', methods: paymentMethods });
          const preselected = paymentMethods.find((m) => m.isDefault);
          setSelected(preselected?.name);
          if (preselected) onSelectRef.current?.(preselected);
        },
        (err: Error) => current && setLoad({ state: 'error', message: err.message }),
      );
    return () => {
      current = false;
    };
  }, [api, scope]);

  const choose = (method: OfferedPaymentMethod) => {
    setSelected(method.name);
    onSelectRef.current?.(method);
    emitShowroomEvent(root.current, 'showroom:payment-method-selected', { name: method.name });
  };

  return (
    <fieldset part="methods" className="sr-payment-methods" ref={root} aria-busy={load.state === 'loading'} disabled={disabled}>
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
            <input type="radio" name="paymentMethod" value={m.name} checked={selected === m.name} onChange={() => choose(m)} />
            <span className="sr-payment-method__title">{m.title}</span>
            {m.description && <span className="sr-payment-method__description">{m.description}</span>}
          </label>
        ))}
    </fieldset>
  );
}
