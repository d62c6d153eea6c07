/**
 * Quote payment: the quote a link opens, paid through the chosen method and converted
 * to an order. The link's token is the proof on every call (`Authorization: Bearer`), never the
 * query; the server charges the quote's own total (or the split amount it checks itself).
 *
 * States: loading; the quote with its method selector and pay form; the two dead ends (expired,
 * not found); done (the in-element success view, when no `successUrl` is given).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMoney, toCents } from '../../schemas/money';
import { parseAmountCents, validateQuoteSplitAmount } from '../../schemas/evaluators/split-amount';
import { ApiRequestError, type ApiClient } from '../api-client';
import { storeOrderSuccess } from '../payment/order-success-store';
import type { OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../payment/payment-types';
import { PaySection } from '../payment-methods/PaySection';
import { payerOf } from '../payment-summary/payer';
import { DeadEnd } from '../payment-summary/DeadEnd';
import { PageField } from '../payment-summary/PageField';
import { LoadingStatus, PageLoading, PaidThankYou } from '../payment-summary/PageStatus';
import { PAYMENT_EXCEPTION_MESSAGE, PAYMENT_REFUSED_MESSAGE, SELECT_METHOD_MESSAGE } from '../payment-summary/payment-messages';
import { PurchaseSummaryView } from '../payment-summary/PurchaseSummaryView';
import { emitShowroomEvent } from '../showroom-events';
import { moveTokenOutOfAddressBar, quoteLinkAccess, type QuoteLinkAccess } from './quote-link-access';
import type { ConvertAnswer, ConvertedOrder, ConvertRequest, QuoteAnswer, QuoteView } from './quote-types';

export const QUOTE_EXPIRED_MESSAGE = 'The quote link has expired. Please contact admin to receive a new payment link.';
export const QUOTE_NOT_FOUND_MESSAGE = 'Quote not found. The link may be incorrect.';
/** Kept here too: the quote page's error when Pay is pressed with no method. */
export { SELECT_METHOD_MESSAGE };

export interface QuotePaymentProps {
  element: HTMLElement;
  api: ApiClient;
  apiBase: string;
  /** The quote and its token; without them the address bar's link (or the moved token) is read. */
  quoteId?: string;
  token?: string;
  /** Where to go once paid (the main site: /order/success); without it the element shows its own success view. */
  successUrl?: string;
  homeUrl?: string;
  contactUrl?: string;
  /** Leaves the page (tests replace it). */
  navigate?: (url: string) => void;
}

type View =
  | { state: 'loading' }
  | { state: 'expired' }
  | { state: 'not-found' }
  | { state: 'error'; message: string }
  | { state: 'quote'; quote: QuoteView; access: QuoteLinkAccess }
  | { state: 'done'; order: ConvertedOrder };

const leave = (url: string) => window.location.assign(url);

/** The first thing the page shows: also what the server renders for the block, so hydration matches. */
export function QuotePaymentLoading() {
  return <PageLoading pageClassName="sr-quote-payment" />;
}

/** The order's e-mail when the answer carries it, for the thank-you page's link to pay the rest. */
function emailOf(order: unknown): { email?: string } {
  const email = (order as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? { email } : {};
}

export function QuotePayment({ element, api, apiBase, quoteId, token, successUrl, homeUrl = '/', contactUrl = '/contact', navigate = leave }: QuotePaymentProps) {
  const [view, setView] = useState<View>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    const access = quoteLinkAccess({ quoteId, token }, window.location.search);
    if (!access) {
      setView({ state: 'not-found' });
      return;
    }
    moveTokenOutOfAddressBar(access);
    setView({ state: 'loading' });
    api
      .get<QuoteAnswer>('/api/quote', { quoteId: access.quoteId }, { Authorization: `Bearer ${access.token}` })
      .then(
        ({ data }) => current && setView({ state: 'quote', quote: data, access }),
        (err: Error) => {
          if (!current) return;
          const code = err instanceof ApiRequestError ? err.code : '';
          if (code === 'tokenExpired') setView({ state: 'expired' });
          else if (code === 'quoteNotExist' || (err instanceof ApiRequestError && err.status === 404)) setView({ state: 'not-found' });
          else setView({ state: 'error', message: err.message });
        },
      );
    return () => {
      current = false;
    };
  }, [api, quoteId, token]);

  const onPaid = useCallback(
    (order: ConvertedOrder) => {
      storeOrderSuccess({ orderId: order.orderIncrementId, partialPayment: order.remainingBalance > 0, remainingBalance: order.remainingBalance, ...emailOf(order) });
      if (successUrl) navigate(successUrl);
      else setView({ state: 'done', order });
    },
    [navigate, successUrl],
  );

  return (
    <div className="sr-quote-payment" part="page" aria-busy={view.state === 'loading'}>
      {view.state === 'loading' && <LoadingStatus />}
      {view.state === 'expired' && (
        <DeadEnd message={QUOTE_EXPIRED_MESSAGE} actions={[{ href: homeUrl, label: 'Go to Home Page' }, { href: contactUrl, label: 'Contact Us' }]} />
      )}
      {view.state === 'not-found' && <DeadEnd message={QUOTE_NOT_FOUND_MESSAGE} actions={[{ href: homeUrl, label: 'Go to Home Page' }]} />}
      {view.state === 'error' && (
        <p className="sr-error" role="alert">
          {view.message}
        </p>
      )}
      {view.state === 'quote' && <QuoteForm element={element} api={api} apiBase={apiBase} quote={view.quote} access={view.access} onPaid={onPaid} />}
      {view.state === 'done' && (
        <PaidThankYou>
          Your order <strong>{view.order.orderIncrementId}</strong> has been placed.
          {view.order.remainingBalance > 0 && ` The remaining balance is ${formatMoney(view.order.remainingBalance)}.`}
        </PaidThankYou>
      )}
    </div>
  );
}

interface QuoteFormProps {
  element: HTMLElement;
  api: ApiClient;
  apiBase: string;
  quote: QuoteView;
  access: QuoteLinkAccess;
  onPaid(order: ConvertedOrder): void;
}

/** The quote with its pay form: method, split amount (where the quote allows it), the gateway's entry. */
function QuoteForm({ element, api, apiBase, quote, access, onPaid }: QuoteFormProps) {
  const [method, setMethod] = useState<OfferedPaymentMethod>();
  const [amount, setAmount] = useState(quote.total.toFixed(2));
  const [amountError, setAmountError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const amountRef = useRef(amount);
  amountRef.current = amount;
  const amountInput = useRef<HTMLInputElement>(null);
  const methodRef = useRef(method);
  methodRef.current = method;
  const payable = !quote.orderId && quote.status !== 'ordered';
  const split = quote.splitPaymentEnabled;

  /** The page's own fields (the method, the split amount), their errors shown; nothing else happens. */
  const check = useCallback((): boolean => {
    setFormError(undefined);
    if (!methodRef.current) {
      setFormError(SELECT_METHOD_MESSAGE);
      return false;
    }
    if (!split) return true;
    const message = validateQuoteSplitAmount({ amount: amountRef.current, totalCents: toCents(quote.total), minimumCents: toCents(quote.minimumSplitAmount) });
    setAmountError(message ?? undefined);
    if (message) amountInput.current?.focus();
    return !message;
  }, [quote, split]);

  const prepare = useCallback(async (): Promise<PaymentTarget | null> => {
    if (!check()) return null;
    setBusy(true);
    return { kind: 'quote', quoteId: quote.id, token: access.token, amount: split ? Number(amountRef.current) : undefined, payer: payerOf(quote) };
  }, [access.token, check, quote, split]);

  const onOutcome = useCallback(
    async (outcome: PaymentOutcome) => {
      const chosen = methodRef.current;
      if (outcome.kind === 'redirecting' || outcome.kind === 'awaiting-card') return; // the verify page finishes and converts the quote
      if (outcome.kind === 'failed') {
        setBusy(false);
        const message = outcome.message || PAYMENT_REFUSED_MESSAGE;
        // A payment waiting for the bank: the payment entry shows it, with "Pay another way".
        setFormError(outcome.waiting ? undefined : message);
        emitShowroomEvent(element, 'showroom:payment-failed', { method: chosen?.name ?? '', message });
        return;
      }
      const { payment } = outcome;
      try {
        const body: ConvertRequest = { quoteId: quote.id, payment: { transactionId: payment.transactionId, method: payment.method, methodLabel: chosen?.title, status: payment.status, amount: payment.amount } };
        const { order } = await api.send<ConvertAnswer>(
          'POST',
          '/api/quote/convertToOrder',
          body,
          { Authorization: `Bearer ${access.token}` },
        );
        emitShowroomEvent(element, 'showroom:payment-completed', {
          orderNumber: order.orderIncrementId,
          amount: payment.amount ?? order.paidAmount,
          method: payment.method,
          remainingBalance: order.remainingBalance,
        });
        onPaid(order);
      } catch (err) {
        const message = err instanceof ApiRequestError ? err.message : PAYMENT_EXCEPTION_MESSAGE;
        setBusy(false);
        setFormError(message);
        emitShowroomEvent(element, 'showroom:payment-failed', { method: payment.method, message });
      }
    },
    [access.token, api, element, onPaid, quote.id],
  );

  const title = `Quote #${quote.quoteIncrementId}${quote.poNumber ? ` (PO ${quote.poNumber})` : ''}`;
  const amountHint = `Between ${formatMoney(quote.minimumSplitAmount)} and ${formatMoney(quote.total)}`;

  return (
    <>
      <h2 className="sr-page-title" part="title">
        {title}
      </h2>
      <PurchaseSummaryView purchase={quote} />
      {!payable ? (
        <p className="sr-status" role="status">
          This quote has already been paid.
        </p>
      ) : (
        <PaySection
          api={api}
          apiBase={apiBase}
          scope="convert-to-order"
          method={method}
          onSelect={setMethod}
          busy={busy}
          prepare={prepare}
          check={check}
          onOutcome={onOutcome}
          amountDue={split && parseAmountCents(amount) !== null ? Number(amount) : quote.total}
        >
          {split && (
            <PageField
              inputRef={amountInput}
              id="sr-quote-amount"
              label="Amount to pay now"
              hint={amountHint}
              error={amountError}
              announceError
              fieldPart="field"
              name="splitAmount"
              type="number"
              inputMode="decimal"
              min={quote.minimumSplitAmount}
              max={quote.total}
              step="0.01"
              value={amount}
              disabled={busy}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                setAmountError(undefined);
              }}
            />
          )}
          {formError && (
            <p className="sr-error sr-form-error" role="alert" part="error">
              {formError}
            </p>
          )}
        </PaySection>
      )}
    </>
  );
}
