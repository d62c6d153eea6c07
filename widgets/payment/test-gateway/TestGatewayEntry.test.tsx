// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api-client';
import { deferred, fillCard, GOOD_CARD, json, NEXT_YEAR, orderTarget, splitTarget, stubFetch } from '../CardFieldsTestKit';
import { leavePage } from '../leave-page';
import type { GatewayEntryProps, PaymentOutcome, PaymentTarget } from '../payment-types';
import { PENDING_PAYMENT_KEY } from '../pending-payment';
import { RETURN_ADDRESS_MESSAGES } from '../../../schemas/evaluators/return-address-messages';
import { TestGatewayEntry } from './TestGatewayEntry';

vi.mock('../leave-page', () => ({ leavePage: vi.fn() }));

const method = { name: 'card', title: 'Credit or debit card', enabled: true, gateway: 'test' as const };
const RETURN_URL = 'http://shop.test/payment/verify/test';

let outcomes: PaymentOutcome[];
let prepare: ReturnType<typeof vi.fn<() => Promise<PaymentTarget | null>>>;

function show(props: Partial<GatewayEntryProps> = {}) {
  return render(
    <TestGatewayEntry
      api={createApiClient('http://shop.test')}
      method={method}
      submitLabel="Place Order"
      prepare={prepare}
      onOutcome={(o) => outcomes.push(o)}
      returnUrl={RETURN_URL}
      {...props}
    />,
  );
}
const button = () => screen.getByRole('button') as HTMLButtonElement;
const errorOf = (label: string) => {
  const field = screen.getByLabelText(label);
  const id = field.getAttribute('aria-describedby');
  return { invalid: field.getAttribute('aria-invalid'), text: id ? document.getElementById(id)?.textContent : undefined };
};

beforeEach(() => {
  outcomes = [];
  prepare = vi.fn(async () => orderTarget);
  sessionStorage.clear();
  vi.mocked(leavePage).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the test gateway card entry', () => {
  it('renders labelled card fields with the browser hints and the limits of 002 §5', () => {
    show();
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    expect([number.autocomplete, number.inputMode, number.maxLength]).toEqual(['cc-number', 'numeric', 19]);
    const cvv = screen.getByLabelText('CVV') as HTMLInputElement;
    expect([cvv.autocomplete, cvv.inputMode, cvv.maxLength]).toEqual(['cc-csc', 'numeric', 4]);
    const months = [...(screen.getByLabelText('Expiry month') as HTMLSelectElement).options].map((o) => o.value);
    expect(months).toEqual(['', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(screen.getByLabelText('Expiry month').getAttribute('autocomplete')).toBe('cc-exp-month');
    expect(screen.getByLabelText('Expiry year').getAttribute('autocomplete')).toBe('cc-exp-year');
    const years = [...(screen.getByLabelText('Expiry year') as HTMLSelectElement).options].map((o) => o.value).slice(1);
    const now = new Date().getFullYear();
    expect(years).toEqual(Array.from({ length: 11 }, (_, i) => String(now + i)));
    expect(button().textContent).toBe('Place Order');
    // The number keeps digits only, so 19 of them fit.
    fillCard({ cardNumber: '4242 4242-4242 4242' });
    expect(number.value).toBe('4242424242424242');
  });

  it("asks the page's own check with the card's, so every problem shows at once; the page's field keeps the focus", async () => {
    const { fetchMock } = stubFetch();
    const pageField = document.body.appendChild(document.createElement('input'));
    const check = vi.fn(() => {
      pageField.focus();
      return false;
    });
    show({ check });
    fireEvent.click(button());
    expect(check).toHaveBeenCalledTimes(1);
    expect(errorOf('Card number')).toEqual({ invalid: 'true', text: 'Card number is required' });
    expect(document.activeElement).toBe(pageField);
    // A good card with the page's form still wrong: nothing is prepared or charged.
    fillCard(GOOD_CARD);
    fireEvent.click(button());
    expect(check).toHaveBeenCalledTimes(2);
    expect(prepare).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    pageField.remove();
  });

  it('shows each required message under its field and pays nothing', async () => {
    const { fetchMock } = stubFetch();
    show();
    fireEvent.click(button());
    expect(errorOf('Card number')).toEqual({ invalid: 'true', text: 'Card number is required' });
    expect(errorOf('Expiry month')).toEqual({ invalid: 'true', text: 'Expiry is required' });
    expect(errorOf('Expiry year')).toEqual({ invalid: 'true', text: 'Expiry is required' });
    expect(errorOf('CVV')).toEqual({ invalid: 'true', text: 'CVV is required' });
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    expect(prepare).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(outcomes).toEqual([]);
  });

  it('says which part is invalid, then clears each error as it is fixed', () => {
    stubFetch();
    show();
    fillCard({ cardNumber: '424242424242', expMonth: '12', expYear: NEXT_YEAR, cardCode: '12' });
    fireEvent.click(button());
    expect(errorOf('Card number').text).toBe('Card number is invalid');
    expect(errorOf('CVV').text).toBe('CVV is invalid');
    expect(errorOf('Expiry month')).toEqual({ invalid: 'false', text: undefined });
    fillCard({ cardCode: '1234' });
    expect(errorOf('CVV')).toEqual({ invalid: 'false', text: undefined });
    expect(errorOf('Card number').text).toBe('Card number is invalid');
  });

  it('prepares, charges with the order token, and reports the payment the server accepted', async () => {
    const { calls } = stubFetch(json(200, { success: true, status: 'completed', transactionId: 'test_txn_1', transactionResponse: { amount: 57.25 } }));
    show();
    fillCard(GOOD_CARD);
    fireEvent.click(button());
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(calls[0]!.url).toBe('http://shop.test/api/payment/test/charge');
    expect(calls[0]!.headers.Authorization).toBe('Bearer order-token-41');
    expect(calls[0]!.body).toEqual({ ...GOOD_CARD, metadata: { orderId: 41 }, returnUrl: RETURN_URL });
    expect(outcomes[0]).toEqual({ kind: 'paid', payment: { transactionId: 'test_txn_1', method: 'card', gateway: 'test', status: 'completed', amount: 57.25 } });
    // The card does not stay in the page after it paid.
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('');
  });

  it('asks for the split amount with the e-mail as proof, and no token', async () => {
    prepare.mockResolvedValue(splitTarget);
    const { calls } = stubFetch(json(200, { success: true, status: 'completed', transactionId: 'test_txn_2', transactionResponse: { amount: 125.5 } }));
    show({ submitLabel: 'Pay Now' });
    fillCard(GOOD_CARD);
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[0]!.body).toMatchObject({ email: 'ada@example.com', amount: 125.5, metadata: { orderId: 42 } });
  });

  it('pays once for a double click, with a progress label while it runs', async () => {
    const answer = deferred<Response>();
    const { fetchMock } = stubFetch(() => answer.promise);
    show();
    fillCard(GOOD_CARD);
    fireEvent.click(button());
    fireEvent.click(button());
    fireEvent.keyDown(screen.getByLabelText('CVV'), { key: 'Enter' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Processing payment…');
    expect(prepare).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(json(200, { success: true, status: 'completed', transactionId: 'test_txn_3', transactionResponse: { amount: 10 } })));
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(button().textContent).toBe('Place Order');
    expect(outcomes.map((o) => o.kind)).toEqual(['paid']);
  });

  it("reports a decline in the server's words and lets the customer try another card", async () => {
    stubFetch(json(402, { error: 'card_declined', message: 'Your card was declined.', status: 'failed', success: false, transactionId: 'test_txn_4' }));
    show();
    fillCard({ ...GOOD_CARD, cardNumber: '4000000000000002' });
    fireEvent.click(button());
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'failed', message: 'Your card was declined.' }]));
    expect(button().disabled).toBe(false);
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000000000000002');
  });

  it('turns an exception, a 5xx or a lost connection into the message of 001 §8', async () => {
    stubFetch(json(502, { error: 'payment_error', message: 'upstream said no' }), new TypeError('Failed to fetch'));
    show();
    fillCard(GOOD_CARD);
    fireEvent.click(button());
    await waitFor(() => expect(outcomes).toHaveLength(1));
    fireEvent.click(button());
    await waitFor(() => expect(outcomes).toHaveLength(2));
    const message = 'An error occurred while processing your payment. Please try again.';
    expect(outcomes).toEqual([{ kind: 'failed', message }, { kind: 'failed', message }]);
    prepare.mockRejectedValueOnce(new Error('boom'));
    fireEvent.click(button());
    await waitFor(() => expect(outcomes).toHaveLength(3));
    expect(outcomes[2]).toEqual({ kind: 'failed', message });
  });

  it("shows the server's card field errors under the fields", async () => {
    stubFetch(json(400, { error: 'invalid_request', message: 'Form validation failed. Please check your information.', fields: { expMonth: 'Expiry month is invalid' } }));
    show();
    fillCard(GOOD_CARD);
    fireEvent.click(button());
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'failed', message: 'Form validation failed. Please check your information.' }]));
    expect(errorOf('Expiry month')).toEqual({ invalid: 'true', text: 'Expiry month is invalid' });
  });

  it('says in its own words that this page is not the store\'s when the server refuses the return address, and asks the page to keep it', async () => {
    // What the server answered a visitor at http://localhost:3000 while it knew itself as 127.0.0.1 only.
    stubFetch(json(400, { error: 'invalid_request', message: 'Form validation failed. Please check your information.', fields: { returnUrl: RETURN_ADDRESS_MESSAGES.field } }));
    show();
    fillCard(GOOD_CARD);
    fireEvent.click(button());
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'failed', message: RETURN_ADDRESS_MESSAGES.refused(window.location.origin), lasting: true }]));
    expect(outcomes[0]).not.toMatchObject({ message: 'Form validation failed. Please check your information.' });
    expect(button().disabled).toBe(false);
  });

  it('stops quietly when the page says its own form is not ready', async () => {
    prepare.mockResolvedValue(null);
    const { fetchMock } = stubFetch();
    show();
    fillCard(GOOD_CARD);
    fireEvent.click(button());
    await waitFor(() => expect(prepare).toHaveBeenCalled());
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(outcomes).toEqual([]);
  });

  it('saves the pending payment and leaves for the authentication page when the card needs it', async () => {
    const url = 'http://shop.test/api/payment/test/authenticate?transactionId=test_txn_5&secret=s';
    stubFetch(json(402, { error: 'authentication_required', message: 'Additional authentication required', status: 'on_hold', transactionId: 'test_txn_5', nextAction: { type: 'redirect_to_url', url } }));
    show();
    fillCard({ ...GOOD_CARD, cardNumber: '4000002500003155' });
    fireEvent.click(button());
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'redirecting' }]));
    expect(leavePage).toHaveBeenCalledWith(url);
    expect(JSON.parse(sessionStorage.getItem(PENDING_PAYMENT_KEY)!)).toEqual({ target: orderTarget, method: 'card' });
    // No second payment while the browser leaves.
    expect(button().disabled).toBe(true);
  });

  it("says 'Payment method not available' when the test gateway is off", () => {
    stubFetch();
    show({ method: { ...method, configured: false } });
    expect(screen.getByRole('alert').textContent).toBe('Payment method not available');
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('is locked while the page disables it', () => {
    stubFetch();
    show({ disabled: true });
    expect(button().disabled).toBe(true);
    expect((screen.getByLabelText('Card number') as HTMLInputElement).disabled).toBe(true);
  });
});
