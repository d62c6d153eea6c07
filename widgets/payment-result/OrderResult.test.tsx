// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import { cartStorageKey, sampleCart } from '../cart-store/sample-cart';
import { storeOrderSuccess } from '../payment/order-success-store';
import { savePendingPayment } from '../payment/pending-payment';
import { OrderResult } from './OrderResult';

const apiBase = 'https://shop.test';
const dealer = 'oak-dealer';
const target = { kind: 'order' as const, orderId: 8, incrementId: '100000008', accessToken: 'tok', payer: { email: 'a@b.co', firstName: 'A', lastName: 'B' } };

function show(fetchImpl: typeof fetch, props: Record<string, string> = {}) {
  const element = document.createElement('div');
  document.body.append(element);
  const events: { type: string; detail: unknown }[] = [];
  for (const type of ['showroom:payment-completed', 'showroom:payment-failed']) element.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
  render(<OrderResult element={element} api={createApiClient(apiBase, { fetchImpl, dealer })} apiBase={apiBase} dealer={dealer} {...props} />, { container: element });
  return events;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/thank-you');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<showroom-order-result> component', () => {
  it("verifies a provider's return in place, fires showroom:payment-completed, shows the number in bold and drops the query", async () => {
    history.replaceState(null, '', '/thank-you?payment_intent=pi_9&payment_intent_client_secret=s&redirect_status=succeeded');
    const key = cartStorageKey(apiBase, dealer);
    sampleCart(key).add([{ name: 'Hartford Shaker', sku: 'HS-AW' }]);
    savePendingPayment({ target, method: 'card', cartKey: key });
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: true, error: false, status: 'completed', metadata: { orderId: '8', orderIncrementId: '100000008' }, transactionResponse: { amount: 25 }, remainingBalance: 0, partialPayment: false, sendConfirmationEmail: true }), { status: 200 }));
    const events = show(fetchImpl as unknown as typeof fetch, { method: 'stripe', heading: 'Thanks!', content: 'Order {orderId} is on its way.', actionHref: '/shop' });
    expect(screen.getByRole('status').textContent).toBe('Verifying your payment…');
    const number = await screen.findByText('100000008');
    expect(number.tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { name: 'Thanks!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://shop.test/api/payment/stripe/verify');
    expect(new Headers(init.headers).get('X-Showroom-Dealer')).toBe(dealer);
    expect(events).toEqual([{ type: 'showroom:payment-completed', detail: { orderNumber: '100000008', amount: 25, method: 'card', remainingBalance: 0 } }]);
    expect(location.search).toBe('');
    expect(sampleCart(key).read()).toEqual([]);
  });

  it('shows the failure in place with the reason and fires showroom:payment-failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    history.replaceState(null, '', '/thank-you?transactionId=test_txn_1');
    savePendingPayment({ target, method: 'test' });
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ error: 'orderNotExist', message: 'Order not found.' }), { status: 404 }));
    const events = show(fetchImpl as unknown as typeof fetch, { checkoutHref: '/checkout' });
    await screen.findByText('Order not found.');
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/checkout');
    expect(events).toEqual([{ type: 'showroom:payment-failed', detail: { orderNumber: '100000008', method: 'test', message: 'Order not found.' } }]);
  });

  it('without a return shows the stored success; with nothing stored and no checkout-href, a note', async () => {
    storeOrderSuccess({ orderId: '100000010', partialPayment: false, remainingBalance: 0 });
    const fetchImpl = vi.fn();
    show(fetchImpl as unknown as typeof fetch);
    expect((await screen.findByText('100000010')).tagName).toBe('STRONG');
    expect(fetchImpl).not.toHaveBeenCalled();
    cleanup();
    show(fetchImpl as unknown as typeof fetch);
    await waitFor(() => expect(screen.getByText('No recent order was found in this browser.')).toBeTruthy());
  });
});
