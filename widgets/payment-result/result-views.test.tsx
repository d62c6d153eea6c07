// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import { SAMPLE_CART_KEY, SAMPLES_UPDATED_EVENT, sampleCart } from '../cart-store/sample-cart';
import { ORDER_SUCCESS_KEY, storeOrderSuccess } from '../payment/order-success-store';
import { savePendingPayment } from '../payment/pending-payment';
import { OrderSuccessView } from './OrderSuccessView';
import { PAYMENT_FAILURE_KEY, storePaymentFailure } from './payment-failure-note';
import { PaymentFailureNoteView, useTakenPaymentFailure } from './PaymentFailureNoteView';
import { VERIFYING_TEXT, VerifyProgress } from './VerifyProgress';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const content = ['Your order {orderId} has been placed.', '<b>escaped</b> text'];
const partialContent = ['Payment toward {orderId} received. Remaining balance: {remainingBalance}.'];

describe('the order success view', () => {
  it('shows the stored order number in bold, escapes the content, removes the item and clears the cart (once, under strict mode)', async () => {
    sampleCart(SAMPLE_CART_KEY).add([{ name: 'Hartford Shaker', sku: 'HS-WHITE' }]);
    storeOrderSuccess({ orderId: '100000042', partialPayment: false, remainingBalance: 0 });
    const cleared = vi.fn();
    window.addEventListener(SAMPLES_UPDATED_EVENT, cleared);
    const navigate = vi.fn();
    const { container } = render(
      <StrictMode>
        <OrderSuccessView title="Thank you for your order" content={content} partialContent={partialContent} actions={[{ text: 'Continue Shopping', path: '/order-samples' }]} cartKey={SAMPLE_CART_KEY} navigate={navigate} />
      </StrictMode>,
    );
    const number = await screen.findByText('100000042');
    expect(number.tagName).toBe('STRONG');
    expect(number.closest('p')!.textContent).toBe('Your order 100000042 has been placed.');
    expect(screen.getByText('<b>escaped</b> text')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/order-samples');
    expect(localStorage.getItem(ORDER_SUCCESS_KEY)).toBeNull();
    expect(localStorage.getItem(SAMPLE_CART_KEY)).toBeNull();
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    window.removeEventListener(SAMPLES_UPDATED_EVENT, cleared);
  });

  it("gives a part-paid order 'Pay the remaining $…' to the split-payment page with its number and e-mail, the other actions stepping back", async () => {
    storeOrderSuccess({ orderId: '100000044', partialPayment: true, remainingBalance: 7584.53, email: 'ann+kitchen@example.com' });
    render(<OrderSuccessView title="Thank you" content={content} partialContent={partialContent} actions={[{ text: 'Continue Shopping', path: '/order-samples' }]} cartKey={SAMPLE_CART_KEY} navigate={vi.fn()} />);
    const pay = await screen.findByRole('link', { name: 'Pay the remaining $7,584.53' });
    expect(pay.getAttribute('href')).toBe('/order/split-payment?orderId=100000044&email=ann%2Bkitchen%40example.com');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).className).toContain('sr-result__action--secondary');
  });

  it('offers no such link for an order paid in full', async () => {
    storeOrderSuccess({ orderId: '100000045', partialPayment: false, remainingBalance: 0, email: 'ann@example.com' });
    render(<OrderSuccessView title="Thank you" content={content} partialContent={partialContent} actions={[{ text: 'Continue Shopping', path: '/order-samples' }]} cartKey={SAMPLE_CART_KEY} navigate={vi.fn()} />);
    await screen.findByText('100000045');
    expect(screen.queryByRole('link', { name: /Pay the remaining/ })).toBeNull();
  });

  it('shows the split variant with the remaining balance', async () => {
    storeOrderSuccess({ orderId: '100000043', partialPayment: true, remainingBalance: 7584.53 });
    render(<OrderSuccessView title="Thank you" content={content} partialContent={partialContent} cartKey={SAMPLE_CART_KEY} navigate={vi.fn()} />);
    const balance = await screen.findByText('$7,584.53');
    expect(balance.tagName).toBe('STRONG');
    expect(balance.closest('p')!.textContent).toBe('Payment toward 100000043 received. Remaining balance: $7,584.53.');
    expect(screen.queryByText(/has been placed/)).toBeNull();
  });

  it('goes to /checkout without a stored number, and leaves the cart alone', async () => {
    sampleCart(SAMPLE_CART_KEY).add([{ name: 'Hartford Shaker', sku: 'HS-WHITE' }]);
    const navigate = vi.fn();
    render(<OrderSuccessView title="Thank you" content={content} cartKey={SAMPLE_CART_KEY} navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout'));
    expect(sampleCart(SAMPLE_CART_KEY).read()).toHaveLength(1);
    expect(screen.queryByText(/has been placed/)).toBeNull();
  });
});

describe('the verify progress view', () => {
  function answer(status: number, body: unknown) {
    return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }
  const target = { kind: 'order' as const, orderId: 5, incrementId: '100000005', accessToken: 'tok', payer: { email: 'a@b.co', firstName: 'A', lastName: 'B' } };

  it("shows 'Verifying your payment…' as a status with a spinner, verifies once, then replaces the page with /order/success", async () => {
    savePendingPayment({ target, method: 'test', cartKey: SAMPLE_CART_KEY });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchImpl = vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify({ success: true, error: false, status: 'completed', metadata: { orderId: '5', orderIncrementId: '100000005' }, remainingBalance: 0, partialPayment: false, sendConfirmationEmail: true, transactionResponse: { amount: 10 } }), { status: 200 });
    });
    const navigate = vi.fn();
    const onResult = vi.fn();
    const { container } = render(
      <StrictMode>
        <VerifyProgress api={createApiClient('https://shop.test', { fetchImpl })} method="test" search="?transactionId=test_txn_9" onResult={onResult} navigate={navigate} />
      </StrictMode>,
    );
    expect(screen.getByRole('status').textContent).toBe(VERIFYING_TEXT);
    expect(container.querySelector('.sr-spinner[aria-hidden="true"]')).not.toBeNull();
    release();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/success'));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(String((fetchImpl.mock.calls[0] as unknown as [string])[0])).toBe('https://shop.test/api/payment/test/verify');
    expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ kind: 'success', orderNumber: '100000005' }));
    expect(JSON.parse(localStorage.getItem(ORDER_SUCCESS_KEY)!)).toMatchObject({ orderId: '100000005' });
  });

  it('replaces the page with /payment/fail when the server refuses, leaving the reason for that page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    savePendingPayment({ target, method: 'test' });
    const navigate = vi.fn();
    render(<VerifyProgress api={createApiClient('https://shop.test', { fetchImpl: answer(404, { error: 'orderNotExist', message: 'Order not found.' }) })} method="test" search="?transactionId=x" navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/payment/fail'));
    expect(JSON.parse(sessionStorage.getItem(PAYMENT_FAILURE_KEY)!)).toEqual({ message: 'Order not found.', orderNumber: '100000005' });
  });
});

function FailureNote() {
  return <PaymentFailureNoteView note={useTakenPaymentFailure()} />;
}

describe('the failure note', () => {
  it('shows the reason and the order number once, then nothing', async () => {
    storePaymentFailure({ message: 'Your card was declined.', orderNumber: '100000007' });
    render(<FailureNote />);
    await screen.findByText('Your card was declined.', { exact: false });
    expect(screen.getByText('100000007').tagName).toBe('STRONG');
    expect(sessionStorage.getItem(PAYMENT_FAILURE_KEY)).toBeNull();
    cleanup();
    const { container } = render(<FailureNote />);
    expect(container.textContent).toBe('');
  });

  it('says a pending payment is being confirmed', async () => {
    storePaymentFailure({ message: 'Wait for the e-mail.', pending: true });
    render(<FailureNote />);
    expect((await screen.findByText('Please do not pay again.')).tagName).toBe('STRONG');
    expect(screen.getByText('Wait for the e-mail.', { exact: false })).toBeTruthy();
  });
});
