/**
 * Stripe's client: the Payment Element in deferred-intent mode (no intent exists until the customer
 * submits, so nothing is created for a visitor who only looks), the page's submit button, and the
 * payment itself (`payWithStripe`). Stripe.js is loaded by `@stripe/stripe-js` from js.stripe.com,
 * only when this method is chosen and configured (the `pure` entry: importing it injects nothing,
 * `loadStripe` does); the card fields live in Stripe's own frames.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { hostedCardError } from '../../../schemas/evaluators/card-entry';
import type { GatewayEntryProps } from '../payment-types';
import { STRIPE_MESSAGES } from './stripe-messages';
import { payWithStripe } from './stripe-payment';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; stripe: Stripe; elements: StripeElements };

/** Stripe wants an amount up front in deferred mode; the server charges its own figure anyway. */
const toCents = (dollars: number): number => Math.round(dollars * 100);

export function StripeEntry(props: GatewayEntryProps) {
  const { method, amountDue } = props;
  const publishableKey = method.config?.publishableKey;
  if (method.configured === false || !publishableKey) {
    return (
      <p className="sr-error" role="alert">
        {STRIPE_MESSAGES.notAvailable}
      </p>
    );
  }
  if (amountDue === undefined || amountDue <= 0) {
    return (
      <p className="sr-status" role="status">
        Loading payment form…
      </p>
    );
  }
  return <StripePaymentForm {...props} publishableKey={publishableKey} amountCents={toCents(amountDue)} />;
}

function StripePaymentForm(props: GatewayEntryProps & { publishableKey: string; amountCents: number }) {
  const { api, method, submitLabel, prepare, check, onOutcome, returnUrl, disabled, publishableKey, amountCents } = props;
  const mountPoint = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [complete, setComplete] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paymentMethodTypes = (method.availableMethods ?? ['card']).join(',');

  useEffect(() => {
    let current = true;
    let unmount: (() => void) | undefined;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (!current) return;
        if (!stripe || !mountPoint.current) return setLoaded({ state: 'failed' });
        // `allowedPaymentMethodTypes`: Stripe.js's name (this release) for the deferred mode's paymentMethodTypes.
        const elements = stripe.elements({ mode: 'payment', amount: amountCents, currency: 'usd', allowedPaymentMethodTypes: paymentMethodTypes.split(',') });
        const element = elements.create('payment');
        element.on('change', (event) => {
          setComplete(event.complete);
          if (event.complete) setFieldError(null);
        });
        element.mount(mountPoint.current);
        unmount = () => element.destroy();
        setLoaded({ state: 'ready', stripe, elements });
      },
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
      unmount?.();
    };
    // The amount follows below without remounting the customer's half-typed card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishableKey, paymentMethodTypes]);

  useEffect(() => {
    if (loaded.state === 'ready') loaded.elements.update({ amount: amountCents });
  }, [loaded, amountCents]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (loaded.state !== 'ready') return onOutcome({ kind: 'failed', message: STRIPE_MESSAGES.notReady });
    // The page's form and the Payment Element together, so every problem shows at once.
    const pageOk = check?.() ?? true;
    const missing = hostedCardError('paymentElement', { complete });
    if (missing) return setFieldError(missing);
    if (!pageOk) return;
    setBusy(true);
    try {
      const { stripe, elements } = loaded;
      // Stripe checks its own fields first (and wallets collect here), before any order is touched.
      const checked = await elements.submit();
      if (checked.error) {
        if (checked.error.type === 'validation_error') setFieldError(checked.error.message ?? STRIPE_MESSAGES.paymentFailed);
        else onOutcome({ kind: 'failed', message: checked.error.message ?? STRIPE_MESSAGES.paymentFailed });
        return;
      }
      const target = await prepare();
      if (!target) return;
      onOutcome(await payWithStripe({ stripe, elements, api, method, target, returnUrl }));
    } catch (err) {
      onOutcome({ kind: 'failed', message: (err as Error).message || STRIPE_MESSAGES.paymentFailed });
    } finally {
      setBusy(false);
    }
  }

  const errorId = `sr-stripe-error-${method.name}`;
  return (
    <form className="sr-stripe" onSubmit={submit} noValidate aria-busy={busy}>
      {loaded.state === 'loading' && (
        <p className="sr-status" role="status">
          Loading payment form…
        </p>
      )}
      {loaded.state === 'failed' && (
        <p className="sr-error" role="alert">
          {STRIPE_MESSAGES.loadFailed}
        </p>
      )}
      <div ref={mountPoint} className="sr-stripe-element" aria-describedby={fieldError ? errorId : undefined} />
      {fieldError && (
        <p id={errorId} className="sr-error" role="alert">
          {fieldError}
        </p>
      )}
      <button type="submit" className="sr-button" disabled={disabled || busy || loaded.state !== 'ready'}>
        {busy ? 'Processing…' : submitLabel}
      </button>
    </form>
  );
}
