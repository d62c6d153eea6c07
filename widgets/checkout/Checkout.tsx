/**
 * The checkout: one component for the main site's `checkout` block and for
 * <showroom-checkout> on a dealer's page. The billing and shipping groups, the shipping method area,
 * the payment method selector with the chosen gateway's entry under it, and the cart summary.
 *
 * The order flow runs in `prepare()`, which the gateway's entry calls on submit: check the
 * form by the server's own rules, create (or, after a failed payment, update) the order under the
 * checkout's Idempotency-Key, and answer the order with its access token. The server decides every
 * amount; the totals shown are the server's.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CHECKOUT_MESSAGES } from '../../schemas/evaluators/checkout-messages';
import type { ApiClient } from '../api-client';
import { ApiRequestError } from '../api-client';
import { cartStorageKey, sampleCart, type StoredSample } from '../cart-store/sample-cart';
import { storeOrderSuccess } from '../payment/order-success-store';
import { PaymentEntry } from '../payment/PaymentEntry';
import type { OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../payment/payment-types';
import { readPendingPayment, savePendingPayment } from '../payment/pending-payment';
import { PaymentMethodList } from '../payment-methods/PaymentMethodList';
import { emitShowroomEvent } from '../showroom-events';
import { AddressFields } from './AddressFields';
import { CartSummary } from './CartSummary';
import { TotalBeforePaying } from './TotalBeforePaying';
import { startNewCheckout } from './checkout-session';
import {
  addressProblems,
  applyPrefill,
  copyBillingToShipping,
  emptyValues,
  fieldProblem,
  formFieldsOfApiErrors,
  isMissing,
  NON_US_MESSAGE,
  orderPayload,
  payerDetails,
  shippingPrefix,
  shipsOutsideUs,
  type CheckoutValues,
} from './checkout-values';
import { EmptyCart } from './EmptyCart';
import { isPaidStatus, placeOrder, recordPayment, type PlacedOrder } from './order-flow';
import { CALCULATING_SHIPPING, ShippingMethodArea } from './ShippingMethodArea';
import { usePrefill } from './use-prefill';
import { useCartTotals, type TotalsAddress } from './use-cart-totals';

/** A payment error clears itself after 10 seconds (not one that trying again cannot cure). */
export const PAYMENT_ERROR_MS = 10_000;
/** The submit label of the checkout's payment entry. */
export const PLACE_ORDER_LABEL = 'Place Order';

export interface CheckoutProps {
  /** Where the checkout's showroom:* events start (the element, or the block's frame). */
  element: HTMLElement;
  api: ApiClient;
  apiBase: string;
  dealer?: string;
  continueShoppingUrl?: string;
  /** Where a paid order goes; without one the order number is shown in place. */
  successUrl?: string;
  /**
   * Where a payment that leaves the page (the test gateway's authentication step, a Stripe redirect)
   * comes back; default the store's /payment/verify/{gateway}. The element passes its success-url:
   * the verify needs this tab's proof of the order (sessionStorage), which only a page of the same
   * origin can read, and that page's <showroom-order-result> verifies the return.
   */
  paymentReturnUrl?: string;
  /**
   * Main site only: ask GET /api/my-account/checkout-prefill (a signed-in customer's defaults). The
   * block sets it only when the account pages' hint says a customer may be signed in, so a guest's
   * checkout makes no call that is sure to answer 401.
   */
  prefill?: boolean;
  /** The prefill answered 401: nobody is signed in after all (the block clears the stale hint). */
  onGuest?: () => void;
  /** The heading (h2); the block writes the page's h1 itself. */
  showTitle?: boolean;
  /** The heading's words; default 'Checkout', '' for none (a dealer's page with its own). */
  heading?: string;
  /** Leaves the page (tests replace it). */
  navigate?: (url: string) => void;
}

/** The cart's samples, null until read in the browser (the server's HTML has no storage). */
function useCart(key: string) {
  const cart = useMemo(() => sampleCart(key), [key]);
  const [items, setItems] = useState<StoredSample[] | null>(null);
  useEffect(() => {
    setItems(cart.read());
    return cart.subscribe(() => setItems(cart.read()));
  }, [cart]);
  return { cart, items };
}

export function Checkout({ element, api, apiBase, dealer, continueShoppingUrl = '/order-samples', successUrl, paymentReturnUrl, prefill, onGuest, showTitle = true, heading = 'Checkout', navigate = (url) => window.location.assign(url) }: CheckoutProps) {
  const cartKey = useMemo(() => cartStorageKey(apiBase, dealer), [apiBase, dealer]);
  const { cart, items } = useCart(cartKey);
  const [values, setValues] = useState<CheckoutValues>(emptyValues);
  const [sameAsBilling, setSameAsBilling] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [method, setMethod] = useState<OfferedPaymentMethod>();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [paymentError, setPaymentError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [paidOrder, setPaidOrder] = useState<string>();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);
  const orderRef = useRef<PlacedOrder | undefined>(undefined);
  const busyRef = useRef(false);
  const errorTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const signedIn = usePrefill(api, !!prefill, (data) => setValues((v) => applyPrefill(v, data)), setSameAsBilling, onGuest);

  const shipFrom = shippingPrefix(sameAsBilling);
  const state = values[`${shipFrom}state`];
  const zip = values[`${shipFrom}zip`];
  const country = values[`${shipFrom}country`];
  const address = useMemo<TotalsAddress | null>(() => (state && zip ? { countryId: country, state, zipCode: zip } : null), [country, state, zip]);
  const totalsState = useCartTotals(api, items, address);
  const totals = totalsState.state === 'ready' ? totalsState.totals : totalsState.state === 'idle' ? undefined : totalsState.last;
  const outsideUs = shipsOutsideUs(values, sameAsBilling);

  useEffect(() => () => clearTimeout(errorTimer.current), []);

  const lock = (on: boolean) => {
    busyRef.current = on;
    setBusy(on);
  };

  const showPaymentError = (message: string, lasting = false) => {
    clearTimeout(errorTimer.current);
    setPaymentError(message);
    if (!lasting) errorTimer.current = setTimeout(() => setPaymentError(undefined), PAYMENT_ERROR_MS);
  };

  const change = (name: keyof CheckoutValues, value: string) => {
    // Another country changes what a state is (a USPS code or free text): the old one no longer applies.
    setValues((v) => ({ ...v, [name]: value, ...(name.endsWith('country') && value !== v[name] ? { [name.replace('country', 'state')]: '' } : {}) }));
    // A field already marked wrong is checked again as it is corrected.
    if (errors[name]) setErrors((e) => withProblem(e, name, fieldProblem({ ...values, [name]: value }, name)));
  };
  const blur = (name: keyof CheckoutValues) => setErrors((e) => withProblem(e, name, fieldProblem(values, name)));

  const focusFirstInvalid = (problems: Record<string, string>) => {
    const fields = formRef.current?.querySelectorAll<HTMLElement>('input[name], select[name]') ?? [];
    for (const field of fields) {
      if (problems[field.getAttribute('name')!]) {
        field.focus();
        return;
      }
    }
    formRef.current?.querySelector<HTMLElement>('[name="paymentMethod"]')?.focus();
  };

  /** The form's own checks (the checkout field rules and the shipping area), their errors shown; no order is made. */
  const check = useCallback((): boolean => {
    setFormError(undefined);
    setPaymentError(undefined);
    const problems = addressProblems(values, sameAsBilling);
    if (!method) problems.paymentMethod = CHECKOUT_MESSAGES.paymentMethodRequired;
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setFormError(Object.values(problems).some(isMissing) ? CHECKOUT_MESSAGES.completeRequiredFields : CHECKOUT_MESSAGES.formValidationFailed);
      focusFirstInvalid(problems);
      return false;
    }
    setErrors({});
    if (outsideUs) {
      setFormError(NON_US_MESSAGE);
      return false;
    }
    if (totalsState.state !== 'ready') {
      setFormError(totalsState.state === 'error' ? totalsState.message : CALCULATING_SHIPPING);
      return false;
    }
    if (!totalsState.totals.shippingAvailable) {
      setFormError(CHECKOUT_MESSAGES.noShippingMethods);
      return false;
    }
    return true;
  }, [method, outsideUs, sameAsBilling, totalsState, values]);

  const prepare = useCallback(async (): Promise<PaymentTarget | null> => {
    if (busyRef.current || !items || !check()) return null;
    lock(true);
    try {
      const { order, created } = await placeOrder(api, cartKey, orderPayload(values, sameAsBilling, items, method!.name));
      orderRef.current = order;
      if (created) emitShowroomEvent(element, 'showroom:order-placed', { orderNumber: order.orderIncrementId, total: order.total });
      setStatus('Processing your payment…');
      return { kind: 'order', orderId: order.id, incrementId: order.orderIncrementId, accessToken: order.accessToken, payer: payerDetails(values) };
    } catch (err) {
      lock(false);
      if (err instanceof ApiRequestError) {
        const fields = formFieldsOfApiErrors(err.fields, sameAsBilling);
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          focusFirstInvalid(fields);
        }
      }
      setFormError((err as Error).message);
      return null;
    }
  }, [api, cartKey, check, element, items, method, sameAsBilling, values]);

  /**
   * `shownByEntry`: the payment entry shows it itself (a payment waiting for the bank, with "Pay
   * another way"). `lasting`: trying again cannot help, so the message is not cleared.
   */
  const failed = (message: string, how: { shownByEntry?: boolean; lasting?: boolean } = {}) => {
    lock(false);
    setStatus(undefined);
    if (how.shownByEntry) setPaymentError(undefined);
    else showPaymentError(message, how.lasting);
    emitShowroomEvent(element, 'showroom:payment-failed', { orderNumber: orderRef.current?.orderIncrementId, method: method?.name ?? '', message });
  };

  const onOutcome = async (outcome: PaymentOutcome) => {
    const order = orderRef.current;
    if (outcome.kind === 'failed') return failed(outcome.message, { shownByEntry: Boolean(outcome.waiting), lasting: outcome.lasting });
    if (outcome.kind === 'awaiting-card') return setStatus(undefined);
    if (outcome.kind === 'redirecting') {
      // The verify page clears this cart once the payment is confirmed.
      const pending = readPendingPayment();
      if (pending) savePendingPayment({ ...pending, cartKey });
      setStatus('Redirecting to complete your payment…');
      return;
    }
    if (!order) return failed('Payment failed');
    try {
      const recorded = await recordPayment(api, order, outcome.payment);
      if (recorded.message === 'Payment failed' || (!isPaidStatus(recorded.order.status) && outcome.payment.status === 'completed')) return failed('Payment failed');
      storeOrderSuccess({ orderId: order.orderIncrementId });
      cart.clear();
      startNewCheckout(cartKey);
      orderRef.current = undefined;
      emitShowroomEvent(element, 'showroom:payment-completed', { orderNumber: order.orderIncrementId, amount: outcome.payment.amount ?? recorded.order.total, method: outcome.payment.method, remainingBalance: 0 });
      // Shown in place of the (now empty) cart, also while the success page loads.
      lock(false);
      setStatus(undefined);
      setPaidOrder(order.orderIncrementId);
      if (successUrl) navigate(successUrl);
    } catch (err) {
      failed((err as Error).message);
    }
  };

  if (paidOrder) {
    return (
      <section part="success" className="sr-checkout__success" role="status">
        <h2>Thank you for your order!</h2>
        <p>
          Your order number is <strong>{paidOrder}</strong>. A confirmation e-mail is on its way.
        </p>
        <a className="sr-button" href={continueShoppingUrl}>
          Continue Shopping
        </a>
      </section>
    );
  }
  if (items === null) return <p className="sr-status" role="status">Loading cart...</p>;
  if (items.length === 0) return <EmptyCart continueShoppingUrl={continueShoppingUrl} />;

  const returnUrl = method ? (paymentReturnUrl ?? `${new URL(apiBase).origin}/payment/verify/${method.gateway}`) : '';
  return (
    <div part="checkout" className="sr-checkout" aria-busy={busy}>
      <CartSummary
        totals={totals}
        error={totalsState.state === 'error' ? totalsState.message : undefined}
        itemCount={items.length}
        continueShoppingUrl={continueShoppingUrl}
        onClear={() => cart.clear()}
        open={summaryOpen}
        onOpenChange={setSummaryOpen}
        disabled={busy}
      />
      <div className="sr-checkout__form" ref={formRef}>
        {showTitle && heading && <h2>{heading}</h2>}
        <AddressFields prefix="bill_" legend="Billing address" values={values} errors={errors} onChange={change} onBlur={blur} withEmail emailLocked={signedIn && !!values.bill_email} disabled={busy} />
        <label className="sr-checkout__same">
          <input
            type="checkbox"
            name="same_as_billing"
            checked={sameAsBilling}
            disabled={busy}
            onChange={(e) => {
              const same = e.currentTarget.checked;
              setSameAsBilling(same);
              if (same) setValues((v) => copyBillingToShipping(v));
              setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([k]) => !(same && k.startsWith('ship_')))));
            }}
          />
          Shipping address is the same as billing
        </label>
        {!sameAsBilling && <AddressFields prefix="ship_" legend="Shipping address" values={values} errors={errors} onChange={change} onBlur={blur} withEmail={false} disabled={busy} />}
        {outsideUs && (
          <p className="sr-error sr-checkout__alert" role="alert">
            {NON_US_MESSAGE}
          </p>
        )}
        <ShippingMethodArea totals={totalsState} />
        <section className="sr-checkout__payment" aria-label="Payment">
          <PaymentMethodList
            api={api}
            scope="sample-order"
            disabled={busy}
            onSelect={(m) => {
              setMethod(m);
              setErrors((e) => withProblem(e, 'paymentMethod', undefined));
            }}
          />
          {errors.paymentMethod && <p className="sr-error">{errors.paymentMethod}</p>}
          {formError && (
            <p part="form-error" className="sr-error sr-checkout__alert" role="alert">
              {formError}
            </p>
          )}
          {paymentError && (
            <p part="payment-error" className="sr-error sr-checkout__alert" role="alert">
              {paymentError}
            </p>
          )}
          {status && (
            <p className="sr-status" role="status">
              {status}
            </p>
          )}
          <TotalBeforePaying totals={totals} itemCount={items.length} />
          {method && <PaymentEntry api={api} method={method} submitLabel={PLACE_ORDER_LABEL} prepare={prepare} check={check} onOutcome={onOutcome} amountDue={totals?.total} returnUrl={returnUrl} disabled={busy} />}
        </section>
      </div>
    </div>
  );
}

function withProblem(errors: Record<string, string>, name: string, problem: string | undefined): Record<string, string> {
  if (errors[name] === problem) return errors;
  const next = { ...errors };
  if (problem) next[name] = problem;
  else delete next[name];
  return next;
}
