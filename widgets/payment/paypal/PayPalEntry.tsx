/**
 * PayPal's client: PayPal's own buttons are the submit (the page's Pay Now is not shown). The SDK is
 * loaded by `@paypal/paypal-js` from paypal.com, only when this method is chosen. A click runs the
 * page's `prepare()` inside `createOrder` (no target: the promise rejects and PayPal closes its
 * window), the buyer approves in PayPal's window, and `onApprove` captures on the server.
 */
import { useEffect, useRef, useState } from 'react';
import { loadScript, type PayPalButtonsComponent } from '@paypal/paypal-js';
import type { GatewayEntryProps, PaymentTarget } from '../payment-types';
import { PAYPAL_MESSAGES } from '../../../schemas/evaluators/paypal-messages';
import { capturePayPalOrder, createPayPalOrder } from './paypal-payment';
import { isPaymentWaiting } from '../payment-failure';

type Loaded = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

/** Thrown from createOrder when the page's own form stopped the payment: not PayPal's error. */
class StoppedByPage extends Error {}

export function PayPalEntry(props: GatewayEntryProps) {
  const clientId = props.method.config?.clientId;
  if (props.method.configured === false || !clientId) {
    return (
      <p className="sr-error" role="alert">
        {PAYPAL_MESSAGES.configNotFound}
      </p>
    );
  }
  return <PayPalButtons {...props} clientId={clientId} />;
}

function PayPalButtons(props: GatewayEntryProps & { clientId: string }) {
  const { clientId, disabled } = props;
  const container = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  // PayPal keeps the callbacks it was rendered with; they read the page's latest props from here.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    let current = true;
    let buttons: PayPalButtonsComponent | undefined;
    let target: PaymentTarget | null = null;
    let failure: string | null = null;
    let waiting = false;

    const report = (outcome: Parameters<GatewayEntryProps['onOutcome']>[0]): void => {
      if (current) latest.current.onOutcome(outcome);
    };

    loadScript({ clientId, currency: 'USD', intent: 'capture', components: 'buttons', commit: true })
      .then(async (paypal) => {
        if (!current) return;
        if (!paypal?.Buttons || !container.current) return setLoaded({ state: 'failed', message: PAYPAL_MESSAGES.loadFailed });
        buttons = paypal.Buttons({
          style: { layout: 'vertical', label: 'pay' },
          onClick: (_data, actions) => (latest.current.disabled ? actions.reject() : actions.resolve()),
          createOrder: async () => {
            failure = null;
            waiting = false;
            target = await latest.current.prepare();
            if (!target) throw new StoppedByPage('stopped by the page');
            try {
              return await createPayPalOrder(latest.current.api, target);
            } catch (err) {
              failure = (err as Error).message;
              waiting = isPaymentWaiting(err);
              throw err;
            }
          },
          onApprove: async (data) => {
            if (!target) return report({ kind: 'failed', message: PAYPAL_MESSAGES.nothingToCapture });
            report(await capturePayPalOrder(latest.current.api, target, data.orderID, latest.current.method));
          },
          onCancel: () => report({ kind: 'failed', message: PAYPAL_MESSAGES.cancelled }),
          onError: (err) => {
            // The page's own form errors are already on the page; PayPal reports them as an error too.
            if (err instanceof StoppedByPage || (!failure && !target)) return;
            report({ kind: 'failed', message: failure ?? PAYPAL_MESSAGES.transactionError, ...(waiting && target ? { waiting: target } : {}) });
          },
        });
        if (!buttons.isEligible()) return setLoaded({ state: 'failed', message: PAYPAL_MESSAGES.notEligible });
        await buttons.render(container.current);
        if (current) setLoaded({ state: 'ready' });
      })
      .catch(() => current && setLoaded({ state: 'failed', message: PAYPAL_MESSAGES.loadFailed }));

    return () => {
      current = false;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId]);

  return (
    <div className="sr-paypal" aria-busy={loaded.state === 'loading'}>
      {loaded.state === 'loading' && (
        <p className="sr-status" role="status">
          Loading PayPal…
        </p>
      )}
      {loaded.state === 'failed' && (
        <p className="sr-error" role="alert">
          {loaded.message}
        </p>
      )}
      <div ref={container} className="sr-paypal-buttons" aria-disabled={disabled || undefined} style={disabled ? { opacity: 0.5, pointerEvents: 'none' } : undefined} />
    </div>
  );
}
