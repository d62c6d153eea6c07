// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import { ORDER_SUCCESS_KEY } from '../payment/order-success-store';
import { fakeGateway, fakeGatewayEntries } from '../testing/fake-gateway-entry';
import { fakeShopFetch } from '../testing/fake-shop-fetch';
import { SplitPayment } from './SplitPayment';

vi.mock('../payment/gateway-entries', () => ({ gatewayEntries: fakeGatewayEntries }));

const address = { email: 'sam@example.com', firstName: 'Sam', lastName: 'Reed', street1: '1 Elm St', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US' };

function orderWith(payments: { amount: number; status: string }[], extra: Record<string, unknown> = {}) {
  return {
    id: 12,
    orderIncrementId: '000000012',
    poNumber: '',
    status: 'pending_payment',
    firstName: 'Sam',
    lastName: 'Reed',
    email: 'sam@example.com',
    addresses: [
      { type: 'billing', ...address },
      { type: 'shipping', ...address },
    ],
    items: [{ id: 1, name: 'Quartz countertop', sku: 'QTZ-1', qty: 1, price: 3000, rowTotal: 3000, notes: '', customOptions: [{ type: 'Finish', label: 'Calacatta', value: 'calacatta' }] }],
    payments: payments.map((p, i) => ({ id: i + 1, method: 'card', methodLabel: 'Credit card', status: p.status, amount: p.amount, createdAt: '2026-11-20T10:00:00.000Z' })),
    subtotal: 3000,
    shippingAmount: 0,
    shippingLabel: 'Freight',
    taxAmount: 0,
    discountAmount: 0,
    total: 3000,
    additionalNotes: '',
    splitPaymentEnabled: true,
    minimumSplitAmount: 500,
    ...extra,
  };
}

const methods = [{ name: 'card', title: 'Credit card', enabled: true, gateway: 'test', isDefault: true }];

function shop(order: unknown, pay?: unknown) {
  return fakeShopFetch({
    'GET /api/order/12': { status: 200, body: { success: true, data: order } },
    'GET /api/payment-methods': { status: 200, body: { success: true, paymentMethods: methods } },
    'POST /api/order/12/split-payment': (pay as never) ?? { status: 200, body: { success: true, message: 'Payment successful!', data: order } },
  });
}

function mount(fetchImpl: typeof fetch, props: Partial<Parameters<typeof SplitPayment>[0]> = {}) {
  const element = document.createElement('div');
  document.body.append(element);
  const navigate = vi.fn();
  const api = createApiClient('http://shop.test', { fetchImpl });
  render(<SplitPayment element={element} api={api} apiBase="http://shop.test" navigate={navigate} {...props} />, { container: element });
  return { element, navigate };
}

/** Lets the payment's promises (prepare, the fetches) run without moving the fake clock. */
/**
 * Lets the payment's promises, imports and renders run until `text` shows. Only setTimeout is faked
 * in these tests, so a real setImmediate turn lets I/O (a gateway module's import) finish: a fixed
 * number of microtask turns was not always enough on a loaded machine.
 */
async function settleUntil(text: string) {
  for (let turn = 0; turn < 1000 && !screen.queryByText(text); turn++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

beforeEach(() => {
  fakeGateway.reset();
  localStorage.clear();
  window.history.replaceState(null, '', '/order/split-payment');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('SplitPayment lookup', () => {
  it('asks for the order id and e-mail, with their messages, then re-routes to the same page with both', async () => {
    const { fetchImpl, calls } = shop(orderWith([]));
    mount(fetchImpl);
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Order' }));
    expect(screen.getByText('Order ID is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Order ID'));
    expect(screen.getByRole('form', { name: 'Find your order' })).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Order ID'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Order' }));
    expect(await screen.findByRole('heading', { name: 'Order #000000012' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/order/split-payment?orderId=12&email=sam%40example.com');
    const lookup = calls.find((c) => c.path === '/api/order/12')!;
    expect(lookup.query.get('email')).toBe('sam@example.com');
    expect(lookup.headers.Authorization).toBeUndefined();
    expect(calls.filter((c) => c.path === '/api/order/12')).toHaveLength(1);
  });

  it("says 'Order not found.' with Go Back to the lookup", async () => {
    const { fetchImpl } = fakeShopFetch({ 'GET /api/order/99': { status: 404, body: { error: 'orderNotExist', message: 'Order not found.' } } });
    window.history.replaceState(null, '', '/order/split-payment?orderId=99&email=x@example.com');
    mount(fetchImpl);
    expect(await screen.findByText('Order not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/order/split-payment');
  });

  it("shows the server's 429 message clearly, and a generic one for a failure", async () => {
    const limited = fakeShopFetch({ 'GET /api/order/12': { status: 429, body: { error: 'too_many_requests', message: 'Too many order lookups. Please try again in a minute.' } } });
    mount(limited.fetchImpl, { orderId: '12', email: 'sam@example.com' });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many order lookups. Please try again in a minute.');
    cleanup();
    const broken = fakeShopFetch({ 'GET /api/order/12': { status: 500, body: { error: 'internal', message: 'boom' } } });
    mount(broken.fetchImpl, { orderId: '12', email: 'sam@example.com' });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch order. Please try again later.');
  });
});

describe('SplitPayment order', () => {
  it('shows the order, its payments and the balance (total minus completed payments)', async () => {
    const { fetchImpl, calls } = shop(orderWith([{ amount: 1000, status: 'completed' }, { amount: 700, status: 'failed' }]));
    mount(fetchImpl, { orderId: '12', email: 'sam@example.com' });
    await screen.findByRole('heading', { name: 'Order #000000012' });
    expect(screen.getByText('Finish: Calacatta')).toBeTruthy();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('Failed')).toBeTruthy();
    expect(within(payments).getByText('$700.00')).toBeTruthy();
    const balance = screen.getByText('Balance due').parentElement!;
    expect(balance.textContent).toBe('Balance due$2,000.00');
    expect((screen.getByLabelText('Payment amount') as HTMLInputElement).value).toBe('2000.00');
    // The payment methods are asked for after the order shows: wait for that call (it came late once on a loaded machine).
    await vi.waitFor(() => expect(calls.find((c) => c.path === '/api/payment-methods')?.query.get('scope')).toBe('complete-order-payment'));
  });

  it.each([
    ['split payment is off', orderWith([], { splitPaymentEnabled: false }), 'Split payment is not enabled for this order.'],
    ['the balance is zero', orderWith([{ amount: 3000, status: 'completed' }]), 'This order has already been fully paid.'],
  ])('is not payable when %s', async (_case, order, message) => {
    const { fetchImpl } = shop(order);
    mount(fetchImpl, { orderId: '12', email: 'sam@example.com' });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('checks the amount with the messages of 001 §5', async () => {
    const { fetchImpl } = shop(orderWith([{ amount: 1000, status: 'completed' }]));
    mount(fetchImpl, { orderId: '12', email: 'sam@example.com' });
    const input = await screen.findByLabelText('Payment amount');
    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    const cases: [string, string][] = [
      ['', 'Payment amount is required'],
      ['12.345', 'Must be a valid number'],
      ['0', 'Payment amount must be greater than 0'],
      ['2000.01', 'Payment amount cannot exceed due amount of $2000.00'],
      ['499.99', 'Minimum payment amount is $500.00'],
    ];
    for (const [typed, message] of cases) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(pay);
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fakeGateway.targets.every((t) => t === null)).toBe(true);
  });

  it('requires the full due amount when it is at or below the minimum', async () => {
    const { fetchImpl } = shop(orderWith([{ amount: 2600, status: 'completed' }]));
    mount(fetchImpl, { orderId: '12', email: 'sam@example.com' });
    fireEvent.change(await screen.findByLabelText('Payment amount'), { target: { value: '100' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Must pay full due amount of $400.00')).toBeTruthy();
  });

  it("pays part with the e-mail as proof, shows 'Payment successful!' for 5 seconds and the new balance", async () => {
    const after = orderWith([{ amount: 1000, status: 'completed' }, { amount: 800, status: 'completed' }]);
    const { fetchImpl, calls } = shop(orderWith([{ amount: 1000, status: 'completed' }]), { status: 200, body: { success: true, message: 'Payment successful!', data: after } });
    const { element, navigate } = mount(fetchImpl, { orderId: '12', email: 'sam@example.com' });
    const completed: unknown[] = [];
    element.addEventListener('showroom:payment-completed', (e) => completed.push((e as CustomEvent).detail));
    fireEvent.change(await screen.findByLabelText('Payment amount'), { target: { value: '800' } });
    await screen.findByRole('button', { name: 'Pay Now' });
    fakeGateway.outcome = { kind: 'paid', payment: { transactionId: 'test_txn_9', method: 'card', gateway: 'test', status: 'completed', amount: 800 } };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    });
    await settleUntil('Payment successful!');
    expect(screen.getByText('Payment successful!')).toBeTruthy();

    expect(fakeGateway.targets[0]).toMatchObject({ kind: 'split', orderId: 12, incrementId: '000000012', email: 'sam@example.com', amount: 800 });
    const record = calls.find((c) => c.path === '/api/order/12/split-payment')!;
    expect(record.headers.Authorization).toBeUndefined();
    expect(record.body).toMatchObject({ email: 'sam@example.com', payments: [{ transactionId: 'test_txn_9', method: 'card' }] });
    expect(screen.getByText('Balance due').parentElement!.textContent).toBe('Balance due$1,200.00');
    expect((screen.getByLabelText('Payment amount') as HTMLInputElement).value).toBe('1200.00');
    expect(completed).toEqual([{ orderNumber: '000000012', amount: 800, method: 'card', remainingBalance: 1200 }]);
    expect(navigate).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Payment successful!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Payment successful!')).toBeNull();
  });

  it('stores the success and goes to the success page once the balance is zero', async () => {
    const after = orderWith([{ amount: 1000, status: 'completed' }, { amount: 2000, status: 'completed' }]);
    const { fetchImpl } = shop(orderWith([{ amount: 1000, status: 'completed' }]), { status: 200, body: { success: true, data: after } });
    const { navigate } = mount(fetchImpl, { orderId: '12', email: 'sam@example.com', successUrl: '/order/success' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/success'));
    expect(fakeGateway.targets[0]).toMatchObject({ amount: 2000 });
    expect(JSON.parse(localStorage.getItem(ORDER_SUCCESS_KEY)!)).toEqual({ orderId: '000000012', partialPayment: false, remainingBalance: 0 });
  });

  it("shows a failed payment's message, which clears after 5 seconds, and a 429 from the record", async () => {
    fakeGateway.outcome = { kind: 'failed', message: 'Your card was declined.' };
    const { fetchImpl } = shop(orderWith([]), { status: 429, body: { error: 'too_many_requests', message: 'Too many order lookups. Please try again in a minute.' } });
    const { element } = mount(fetchImpl, { orderId: '12', email: 'sam@example.com' });
    const failed: unknown[] = [];
    element.addEventListener('showroom:payment-failed', (e) => failed.push((e as CustomEvent).detail));
    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(pay);
    });
    await settleUntil('Your card was declined.');
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    expect(failed).toEqual([{ orderNumber: '000000012', method: 'card', message: 'Your card was declined.' }]);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Your card was declined.')).toBeNull();

    fakeGateway.outcome = { kind: 'paid', payment: { transactionId: 't', method: 'card', gateway: 'test', status: 'completed', amount: 3000 } };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    });
    await settleUntil('Too many order lookups. Please try again in a minute.');
    expect(screen.getByText('Too many order lookups. Please try again in a minute.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
