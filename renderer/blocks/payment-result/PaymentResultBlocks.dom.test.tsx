// @vitest-environment jsdom
/**
 * The result blocks in the browser (jsdom), as their islands render them on the main site: its own
 * API (same origin), its own sample cart, and events from the block's frame.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CART_KEY, sampleCart } from '../../../widgets/cart-store/sample-cart';
import { ORDER_SUCCESS_KEY, storeOrderSuccess } from '../../../widgets/payment/order-success-store';
import { savePendingPayment } from '../../../widgets/payment/pending-payment';
import { storePaymentFailure } from '../../../widgets/payment-result/payment-failure-note';
import { OrderSuccessBlock, PaymentFailureBlock, PaymentVerifyBlock } from './PaymentResultBlocks';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the result blocks in the browser', () => {
  it("order-success: the main site's cart cleared, the number in bold, the item gone", async () => {
    sampleCart(SAMPLE_CART_KEY).add([{ name: 'Hartford Shaker', sku: 'HS-AW' }]);
    storeOrderSuccess({ orderId: '100000077', partialPayment: false, remainingBalance: 0 });
    render(<OrderSuccessBlock block={{ type: 'order-success', title: 'Thank you', content: ['Order {orderId} placed.'] }} data={undefined} />);
    expect((await screen.findByText('100000077')).tagName).toBe('STRONG');
    expect(localStorage.getItem(ORDER_SUCCESS_KEY)).toBeNull();
    expect(sampleCart(SAMPLE_CART_KEY).read()).toEqual([]);
  });

  it("payment-failure: the page's text, the verify page's reason and the order number", async () => {
    storePaymentFailure({ message: 'Your card was declined.', orderNumber: '100000078' });
    render(<PaymentFailureBlock block={{ type: 'payment-failure', title: 'Payment failed', content: ['Your order is kept.'], actions: [{ text: 'Back to checkout', path: '/checkout' }] }} data={undefined} />);
    await screen.findByText('Your card was declined.', { exact: false });
    expect(screen.getByText('100000078').tagName).toBe('STRONG');
    expect(screen.getByText('Your order is kept.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('payment-failure: a payment still being confirmed changes the title', async () => {
    storePaymentFailure({ message: 'Please wait for the e-mail.', orderNumber: '100000079', pending: true });
    render(<PaymentFailureBlock block={{ type: 'payment-failure', title: 'Payment failed', content: ['Your order is kept.'] }} data={undefined} />);
    await screen.findByRole('heading', { level: 1, name: 'Your payment is being confirmed' });
    expect(screen.queryByRole('heading', { name: 'Payment failed' })).toBeNull();
  });

  it("payment-verify: calls this site's verify route with the route's method and fires showroom:payment-completed on document", async () => {
    // jsdom cannot navigate; it reports location.replace as "not implemented" on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    history.replaceState(null, '', '/payment/verify/test?transactionId=test_txn_5');
    savePendingPayment({ target: { kind: 'order', orderId: 5, incrementId: '100000005', accessToken: 'tok', payer: { email: 'a@b.co', firstName: 'A', lastName: 'B' } }, method: 'card' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, error: false, status: 'completed', metadata: { orderId: '5', orderIncrementId: '100000005' }, transactionResponse: { amount: 30 }, remainingBalance: 0, partialPayment: false, sendConfirmationEmail: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const heard: unknown[] = [];
    const listener = (e: Event) => heard.push((e as CustomEvent).detail);
    document.addEventListener('showroom:payment-completed', listener);
    render(<PaymentVerifyBlock block={{ type: 'payment-verify' }} data={{ method: 'test' }} />);
    expect(screen.getByRole('status').textContent).toBe('Verifying your payment…');
    await waitFor(() => expect(heard).toEqual([{ orderNumber: '100000005', amount: 30, method: 'card', remainingBalance: 0 }]));
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/payment/test/verify');
    document.removeEventListener('showroom:payment-completed', listener);
  });
});
