/**
 * Split payment: an order looked up by its id and e-mail, paid toward its balance
 * in parts. The e-mail is the proof on every call, never a token; the server rate-limits
 * lookups and payments on one budget, and its 429 is shown as it says.
 *
 * States: the lookup form (no orderId/email), loading, not found (with Go Back), an error, the
 * order (payable, or why not), done (the element's own success view when no `successUrl` is given).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMoney, toCents } from '../../schemas/money';
import { parseAmountCents, validateSplitAmount } from '../../schemas/evaluators/split-amount';
import { ApiRequestError, type ApiClient } from '../api-client';
import { storeOrderSuccess } from '../payment/order-success-store';
import type { OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../payment/payment-types';
import { PaySection } from '../payment-methods/PaySection';
import { payerOf } from '../payment-summary/payer';
import { DeadEnd } from '../payment-summary/DeadEnd';
import { PageField } from '../payment-summary/PageField';
import { LoadingStatus, PageLoading, PaidThankYou } from '../payment-summary/PageStatus';
import { PAYMENT_EXCEPTION_MESSAGE, PAYMENT_REFUSED_MESSAGE } from '../payment-summary/payment-messages';
import { PurchaseSummaryView } from '../payment-summary/PurchaseSummaryView';
import { emitShowroomEvent } from '../showroom-events';
import { OrderLookupForm } from './OrderLookupForm';
import { PaymentsTable } from './PaymentsTable';
import { balanceDue, balanceDueCents, type LookupAnswer, type SplitOrder, type SplitPaymentAnswer, type SplitPaymentRequest } from './split-order';
import { useTimedMessage } from './use-timed-message';

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found.';
export const SPLIT_NOT_ENABLED_MESSAGE = 'Split payment is not enabled for this order.';
export const ORDER_PAID_MESSAGE = 'This order has already been fully paid.';
export const FETCH_FAILED_MESSAGE = 'Failed to fetch order. Please try again later.';
export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful!';

export interface SplitPaymentProps {
  element: HTMLElement;
  api: ApiClient;
  apiBase: string;
  /** The order and its e-mail; without them the address bar's ?orderId=&email= is read. */
  orderId?: string;
  email?: string;
  /** Where to go once the balance is zero (the main site: /order/success); without it, the element's own view. */
  successUrl?: string;
  /** Leaves the page (tests replace it). */
  navigate?: (url: string) => void;
}

interface Lookup {
  orderId: string;
  email: string;
}

type View =
  | { state: 'lookup' }
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'error'; message: string }
  | { state: 'order'; order: SplitOrder }
  | { state: 'done'; orderNumber: string };

const leave = (url: string) => window.location.assign(url);

/** The first thing the page shows: also what the server renders for the block, so hydration matches. */
export function SplitPaymentLoading() {
  return <PageLoading pageClassName="sr-split-payment" />;
}

function lookupFrom(given: { orderId?: string; email?: string }): Lookup | null {
  const query = typeof window === 'undefined' ? new URLSearchParams() : new URLSearchParams(window.location.search);
  const orderId = (given.orderId || query.get('orderId') || '').trim();
  const email = (given.email || query.get('email') || '').trim();
  return orderId && email ? { orderId, email } : null;
}

/** The message of a failed lookup: the server's for a refusal it explains (429, 400), a generic one otherwise. */
function lookupError(err: unknown): string {
  if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 404) return err.message;
  return FETCH_FAILED_MESSAGE;
}

export function SplitPayment({ element, api, apiBase, orderId, email, successUrl, navigate = leave }: SplitPaymentProps) {
  const [lookup, setLookup] = useState<Lookup | null>(() => lookupFrom({ orderId, email }));
  const [view, setView] = useState<View>(() => (lookup ? { state: 'loading' } : { state: 'lookup' }));

  // New attributes look up again; the same lookup keeps its object, so the order is not fetched twice.
  useEffect(() => {
    const next = lookupFrom({ orderId, email });
    setLookup((prev) => (prev?.orderId === next?.orderId && prev?.email === next?.email ? prev : next));
  }, [orderId, email]);

  useEffect(() => {
    if (!lookup) {
      setView({ state: 'lookup' });
      return;
    }
    let current = true;
    setView({ state: 'loading' });
    api.get<LookupAnswer>(`/api/order/${encodeURIComponent(lookup.orderId)}`, { email: lookup.email }).then(
      ({ data }) => current && setView({ state: 'order', order: data }),
      (err: unknown) => {
        if (!current) return;
        if (err instanceof ApiRequestError && err.status === 404) setView({ state: 'not-found' });
        else setView({ state: 'error', message: lookupError(err) });
      },
    );
    return () => {
      current = false;
    };
  }, [api, lookup]);

  // The lookup re-routes to the same page with both parameters, without leaving it.
  const onLookup = useCallback((next: Lookup) => {
    const url = new URL(window.location.href);
    url.searchParams.set('orderId', next.orderId);
    url.searchParams.set('email', next.email);
    window.history.pushState(window.history.state, '', url.pathname + url.search + url.hash);
    setLookup(next);
  }, []);

  const onPaidInFull = useCallback(
    (order: SplitOrder) => {
      storeOrderSuccess({ orderId: order.orderIncrementId, partialPayment: false, remainingBalance: 0 });
      if (successUrl) navigate(successUrl);
      else setView({ state: 'done', orderNumber: order.orderIncrementId });
    },
    [navigate, successUrl],
  );

  const lookupPath = typeof window === 'undefined' ? '/order/split-payment' : window.location.pathname;

  return (
    <div className="sr-split-payment" part="page" aria-busy={view.state === 'loading'}>
      {view.state === 'lookup' && <OrderLookupForm initial={{ orderId, email }} onLookup={onLookup} />}
      {view.state === 'loading' && <LoadingStatus />}
      {view.state === 'not-found' && <DeadEnd message={ORDER_NOT_FOUND_MESSAGE} actions={[{ href: lookupPath, label: 'Go Back' }]} />}
      {view.state === 'error' && <DeadEnd message={view.message} messageClassName="sr-error" actions={[{ href: lookupPath, label: 'Go Back' }]} />}
      {view.state === 'order' && lookup && (
        <OrderPayment
          element={element}
          api={api}
          apiBase={apiBase}
          order={view.order}
          email={lookup.email}
          onOrder={(order) => setView({ state: 'order', order })}
          onPaidInFull={onPaidInFull}
        />
      )}
      {view.state === 'done' && (
        <PaidThankYou>
          Order <strong>{view.orderNumber}</strong> is paid in full.
        </PaidThankYou>
      )}
    </div>
  );
}

interface OrderPaymentProps {
  element: HTMLElement;
  api: ApiClient;
  apiBase: string;
  order: SplitOrder;
  email: string;
  onOrder(order: SplitOrder): void;
  onPaidInFull(order: SplitOrder): void;
}

/** The order, its payments and balance, and the pay form toward the due amount. */
function OrderPayment({ element, api, apiBase, order, email, onOrder, onPaidInFull }: OrderPaymentProps) {
  const due = balanceDue(order);
  const [method, setMethod] = useState<OfferedPaymentMethod>();
  const [amount, setAmount] = useState(due.toFixed(2));
  const [amountError, setAmountError] = useState<string>();
  const [message, showMessage] = useTimedMessage();
  const [busy, setBusy] = useState(false);
  const amountInput = useRef<HTMLInputElement>(null);
  const latest = useRef({ amount, method, order });
  latest.current = { amount, method, order };
  const notPayable = !order.splitPaymentEnabled ? SPLIT_NOT_ENABLED_MESSAGE : due === 0 ? ORDER_PAID_MESSAGE : null;

  /** The page's own field (the amount), its error shown; nothing else happens. */
  const check = useCallback((): boolean => {
    const { amount: typed, method: chosen, order: current } = latest.current;
    showMessage(undefined);
    if (!chosen) return false;
    const error = validateSplitAmount({ amount: typed, dueCents: balanceDueCents(current), minimumCents: toCents(current.minimumSplitAmount) });
    setAmountError(error ?? undefined);
    if (error) amountInput.current?.focus();
    return !error;
  }, [showMessage]);

  const prepare = useCallback(async (): Promise<PaymentTarget | null> => {
    if (!check()) return null;
    const { amount: typed, order: current } = latest.current;
    setBusy(true);
    return { kind: 'split', orderId: current.id, incrementId: current.orderIncrementId, email, amount: Number(typed), payer: payerOf(current) };
  }, [check, email]);

  const onOutcome = useCallback(
    async (outcome: PaymentOutcome) => {
      const { method: chosen, order: current } = latest.current;
      if (outcome.kind === 'redirecting' || outcome.kind === 'awaiting-card') return; // the verify page records it
      if (outcome.kind === 'failed') {
        setBusy(false);
        const text = outcome.message || PAYMENT_REFUSED_MESSAGE;
        // A payment waiting for the bank: the payment entry shows it, with "Pay another way".
        showMessage(outcome.waiting ? undefined : { kind: 'error', text });
        emitShowroomEvent(element, 'showroom:payment-failed', { orderNumber: current.orderIncrementId, method: chosen?.name ?? '', message: text });
        return;
      }
      const { payment } = outcome;
      try {
        const body: SplitPaymentRequest = {
          email,
          payments: [{ transactionId: payment.transactionId, method: payment.method, methodLabel: chosen?.title, status: payment.status, amountPaid: payment.amount }],
        };
        const { data } = await api.send<SplitPaymentAnswer>('POST', `/api/order/${current.id}/split-payment`, body);
        const remaining = balanceDue(data);
        emitShowroomEvent(element, 'showroom:payment-completed', {
          orderNumber: data.orderIncrementId,
          amount: payment.amount ?? Math.max(0, due - remaining),
          method: payment.method,
          remainingBalance: remaining,
        });
        setBusy(false);
        if (remaining === 0) {
          onPaidInFull(data);
          return;
        }
        // The answer is the order as it now stands: shown at once, without spending another lookup.
        onOrder(data);
        setAmount(remaining.toFixed(2));
        showMessage({ kind: 'success', text: PAYMENT_SUCCESS_MESSAGE });
      } catch (err) {
        const text = err instanceof ApiRequestError ? err.message : PAYMENT_EXCEPTION_MESSAGE;
        setBusy(false);
        showMessage({ kind: 'error', text });
        emitShowroomEvent(element, 'showroom:payment-failed', { orderNumber: current.orderIncrementId, method: payment.method, message: text });
      }
    },
    [api, due, element, email, onOrder, onPaidInFull, showMessage],
  );

  const minimum = order.minimumSplitAmount;
  const hint = toCents(due) <= toCents(minimum) ? `The full due amount of ${formatMoney(due)} is required.` : `At least ${formatMoney(minimum)}, up to ${formatMoney(due)}.`;

  return (
    <>
      <h2 className="sr-page-title" part="title">
        Order #{order.orderIncrementId}
        {order.poNumber ? ` (PO ${order.poNumber})` : ''}
      </h2>
      <PurchaseSummaryView purchase={order} />
      <PaymentsTable payments={order.payments} />
      <dl className="sr-balance" part="balance">
        <div>
          <dt>Order total</dt>
          <dd>{formatMoney(order.total)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatMoney(Math.max(0, order.total - due))}</dd>
        </div>
        <div className="sr-balance__due">
          <dt>Balance due</dt>
          <dd>{formatMoney(due)}</dd>
        </div>
      </dl>
      {message && (
        <p className={message.kind === 'success' ? 'sr-success' : 'sr-error'} role={message.kind === 'success' ? 'status' : 'alert'} part="message">
          {message.text}
        </p>
      )}
      {notPayable ? (
        <p className="sr-status sr-not-payable" role="status">
          {notPayable}
        </p>
      ) : (
        <PaySection
          api={api}
          apiBase={apiBase}
          scope="complete-order-payment"
          method={method}
          onSelect={setMethod}
          busy={busy}
          prepare={prepare}
          check={check}
          onOutcome={onOutcome}
          amountDue={parseAmountCents(amount) !== null ? Number(amount) : due}
        >
          <PageField
            inputRef={amountInput}
            id="sr-split-amount"
            label="Payment amount"
            hint={hint}
            error={amountError}
            announceError
            fieldPart="field"
            name="amount"
            type="number"
            inputMode="decimal"
            min={Math.min(minimum, due)}
            max={due}
            step="0.01"
            value={amount}
            disabled={busy}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setAmountError(undefined);
            }}
          />
        </PaySection>
      )}
    </>
  );
}
