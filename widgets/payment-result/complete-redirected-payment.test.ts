// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, type ApiClient } from '../api-client';
import { SAMPLE_CART_KEY, SAMPLES_UPDATED_EVENT, sampleCart } from '../cart-store/sample-cart';
import { ORDER_SUCCESS_KEY } from '../payment/order-success-store';
import type { PaymentTarget } from '../payment/payment-types';
import { PENDING_PAYMENT_KEY, savePendingPayment } from '../payment/pending-payment';
import { completeRedirectedPayment, VERIFY_MESSAGES, type VerifyAnswer } from './complete-redirected-payment';
import { PAYMENT_FAILURE_KEY, takePaymentFailure } from './payment-failure-note';

const payer = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' };
const orderTarget: PaymentTarget = { kind: 'order', orderId: 7, incrementId: '100000007', accessToken: 'order-token', payer };
const quoteTarget: PaymentTarget = { kind: 'quote', quoteId: 3, token: 'link-token', payer };
const splitTarget: PaymentTarget = { kind: 'split', orderId: 9, incrementId: '100000009', email: 'ann@example.com', amount: 50, payer };

const paid: VerifyAnswer = {
  error: false,
  success: true,
  status: 'completed',
  message: 'Payment verified.',
  transactionId: 'test_txn_1',
  transactionResponse: { amount: 12.5 },
  metadata: { orderId: '7', orderIncrementId: '100000007', paymentId: '1' },
  partialPayment: false,
  remainingBalance: 0,
  sendConfirmationEmail: true,
};

type Call = { method: string; path: string; body: unknown; headers?: Record<string, string> };

/** A fake API client: answers by path, records every call. */
function fakeApi(answers: Record<string, unknown | Error>): ApiClient & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    get: vi.fn(async () => {
      throw new Error('no GET expected');
    }),
    async send<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
      calls.push({ method, path, body, headers });
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new Error(`unexpected ${path}`);
      return answer as T;
    },
  } as ApiClient & { calls: Call[] };
}

function putInCart() {
  sampleCart(SAMPLE_CART_KEY).add([{ name: 'Hartford Shaker', sku: 'HS-WHITE' }]);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('completeRedirectedPayment', () => {
  it("Authorize.net Accept Hosted: the return names no payment, so the store is asked to find it with the quote's link, then verify reads it back", async () => {
    savePendingPayment({ target: quoteTarget, method: 'authorizenet' });
    const api = fakeApi({
      '/api/payment/authorize-net/hosted-return': { success: true, transactionId: '60000000001', status: 'completed', amount: 12.5 },
      '/api/payment/authorizenet/verify': { ...paid, transactionId: '60000000001', metadata: { ...paid.metadata, quoteId: '3' } },
    });
    const result = await completeRedirectedPayment(api, 'authorizenet', new URLSearchParams('return=accept-hosted'));
    expect(result).toMatchObject({ kind: 'success', orderNumber: '100000007', method: 'authorizenet' });
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/payment/authorize-net/hosted-return', body: { metadata: { quoteId: 3 } }, headers: { Authorization: 'Bearer link-token' } },
      { method: 'POST', path: '/api/payment/authorizenet/verify', body: { transactionId: '60000000001', metadata: { quoteId: 3 } }, headers: { Authorization: 'Bearer link-token' } },
    ]);
  });

  it('Authorize.net Accept Hosted: no payment found (the customer cancelled) is a failure in the store\'s words', async () => {
    savePendingPayment({ target: orderTarget, method: 'authorizenet' });
    const message = 'No Authorize.net payment was found for this order. If you paid, it will show here within a few minutes.';
    const api = fakeApi({ '/api/payment/authorize-net/hosted-return': new ApiRequestError(404, 'payment_not_found', message) });
    const result = await completeRedirectedPayment(api, 'authorizenet', new URLSearchParams('return=accept-hosted'));
    expect(result).toMatchObject({ kind: 'failure', reason: message, orderNumber: '100000007' });
    expect(api.calls).toHaveLength(1);
  });

  it('test gateway: verifies the transactionId with the order token, stores the success, clears the cart and the pending payment', async () => {
    putInCart();
    savePendingPayment({ target: orderTarget, method: 'test', cartKey: SAMPLE_CART_KEY });
    const heard: unknown[] = [];
    window.addEventListener(SAMPLES_UPDATED_EVENT, (e) => heard.push((e as CustomEvent).detail));
    const api = fakeApi({ '/api/payment/test/verify': paid });

    const result = await completeRedirectedPayment(api, 'test', new URLSearchParams('transactionId=test_txn_1'));

    expect(result).toEqual({ kind: 'success', orderNumber: '100000007', partialPayment: false, remainingBalance: 0, amount: 12.5, method: 'test' });
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/payment/test/verify', body: { transactionId: 'test_txn_1', metadata: { orderId: 7 } }, headers: { Authorization: 'Bearer order-token' } },
    ]);
    expect(JSON.parse(localStorage.getItem(ORDER_SUCCESS_KEY)!)).toEqual({ orderId: '100000007', partialPayment: false, remainingBalance: 0 });
    expect(localStorage.getItem(SAMPLE_CART_KEY)).toBeNull();
    expect(heard).toEqual([{ key: SAMPLE_CART_KEY, items: [] }]);
    expect(sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(sessionStorage.getItem(PAYMENT_FAILURE_KEY)).toBeNull();
  });

  it("Stripe: sends payment_intent and its client secret as paymentIntentId / paymentIntentClientSecret", async () => {
    savePendingPayment({ target: orderTarget, method: 'card', cartKey: SAMPLE_CART_KEY });
    const api = fakeApi({ '/api/payment/stripe/verify': paid });
    const result = await completeRedirectedPayment(api, 'stripe', new URLSearchParams('payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded'));
    expect(result.kind).toBe('success');
    expect(api.calls[0]!.body).toEqual({ paymentIntentId: 'pi_123', paymentIntentClientSecret: 'pi_123_secret_x', metadata: { orderId: 7 } });
  });

  it('Authorize.net: the transactionId of the return', async () => {
    savePendingPayment({ target: orderTarget, method: 'authorizenet' });
    const api = fakeApi({ '/api/payment/authorizenet/verify': paid });
    await completeRedirectedPayment(api, 'authorizenet', new URLSearchParams('transactionId=60212345678'));
    expect(api.calls[0]!.body).toEqual({ transactionId: '60212345678', metadata: { orderId: 7 } });
  });

  it("PayPal: its order id arrives as token and is sent as orderId; a split target proves itself by e-mail and keeps the split variant", async () => {
    savePendingPayment({ target: splitTarget, method: 'paypal' });
    const api = fakeApi({
      '/api/payment/paypal/verify': { ...paid, metadata: { orderId: '9', orderIncrementId: '100000009' }, partialPayment: true, remainingBalance: 40.25 },
    });
    const result = await completeRedirectedPayment(api, 'paypal', new URLSearchParams('token=5O190127TN364715T&PayerID=X'));
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/api/payment/paypal/verify',
      body: { orderId: '5O190127TN364715T', email: 'ann@example.com', metadata: { orderId: 9 } },
      headers: {},
    });
    expect(result).toMatchObject({ kind: 'success', orderNumber: '100000009', partialPayment: true, remainingBalance: 40.25 });
    expect(JSON.parse(localStorage.getItem(ORDER_SUCCESS_KEY)!)).toEqual({ orderId: '100000009', email: 'ann@example.com', partialPayment: true, remainingBalance: 40.25 });
  });

  it('converts a quote when the answer names a quoteId and no orderId, with the link token', async () => {
    savePendingPayment({ target: quoteTarget, method: 'card' });
    const api = fakeApi({
      '/api/payment/test/verify': { ...paid, metadata: { quoteId: '3' } },
      '/api/quote/convertToOrder': { success: true, message: 'ok', order: { orderIncrementId: '100000011', remainingBalance: 0 }, sendConfirmationEmail: true },
    });
    const result = await completeRedirectedPayment(api, 'test', new URLSearchParams('transactionId=test_txn_q'));
    expect(api.calls[0]!.headers).toEqual({ Authorization: 'Bearer link-token' });
    expect(api.calls[0]!.body).toEqual({ transactionId: 'test_txn_q', metadata: { quoteId: 3 } });
    expect(api.calls[1]).toEqual({
      method: 'POST',
      path: '/api/quote/convertToOrder',
      body: { quoteId: 3, payment: { transactionId: 'test_txn_1', method: 'card' } },
      headers: { Authorization: 'Bearer link-token' },
    });
    expect(result).toMatchObject({ kind: 'success', orderNumber: '100000011' });
  });

  it('a failed conversion is a failure', async () => {
    savePendingPayment({ target: quoteTarget, method: 'card' });
    const api = fakeApi({
      '/api/payment/test/verify': { ...paid, metadata: { quoteId: '3' } },
      '/api/quote/convertToOrder': new ApiRequestError(400, 'tokenExpired', 'The quote link has expired. Please contact admin to receive a new payment link.'),
    });
    const result = await completeRedirectedPayment(api, 'test', new URLSearchParams('transactionId=test_txn_q'));
    expect(result).toMatchObject({ kind: 'failure', reason: 'The quote link has expired. Please contact admin to receive a new payment link.' });
    expect(localStorage.getItem(ORDER_SUCCESS_KEY)).toBeNull();
  });

  it("a refused verify is a failure with the server's message, the order number kept for the failure page and the cart kept", async () => {
    putInCart();
    savePendingPayment({ target: orderTarget, method: 'test', cartKey: SAMPLE_CART_KEY });
    const api = fakeApi({ '/api/payment/test/verify': new ApiRequestError(404, 'orderNotExist', 'Order not found.') });
    const result = await completeRedirectedPayment(api, 'test', new URLSearchParams('transactionId=test_txn_1'));
    expect(result).toEqual({ kind: 'failure', reason: 'Order not found.', orderNumber: '100000007', method: 'test' });
    expect(takePaymentFailure()).toEqual({ message: 'Order not found.', orderNumber: '100000007' });
    expect(sampleCart(SAMPLE_CART_KEY).read()).toHaveLength(1);
    expect(localStorage.getItem(ORDER_SUCCESS_KEY)).toBeNull();
    expect(sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('an answer with error true (a declined payment) is a failure with its message', async () => {
    savePendingPayment({ target: orderTarget, method: 'test' });
    const api = fakeApi({ '/api/payment/test/verify': { ...paid, error: true, success: false, status: 'failed', message: 'Your card was declined.', sendConfirmationEmail: false } });
    const result = await completeRedirectedPayment(api, 'test', new URLSearchParams('transactionId=test_txn_1'));
    expect(result).toMatchObject({ kind: 'failure', reason: 'Your card was declined.' });
  });

  it('the e-mail flag false is a failure', async () => {
    savePendingPayment({ target: orderTarget, method: 'test' });
    const api = fakeApi({ '/api/payment/test/verify': { ...paid, sendConfirmationEmail: false } });
    const result = await completeRedirectedPayment(api, 'test', new URLSearchParams('transactionId=test_txn_1'));
    expect(result).toEqual({ kind: 'failure', reason: 'Payment verified.', orderNumber: '100000007', pending: false, method: 'test' });
    expect(localStorage.getItem(ORDER_SUCCESS_KEY)).toBeNull();
  });

  it('a payment the provider still holds (pending, on_hold) goes to the failure page saying not to pay again', async () => {
    for (const status of ['pending', 'on_hold'] as const) {
      savePendingPayment({ target: orderTarget, method: 'card' });
      const api = fakeApi({ '/api/payment/stripe/verify': { ...paid, status, message: 'Payment pending.', sendConfirmationEmail: false } });
      const result = await completeRedirectedPayment(api, 'stripe', new URLSearchParams('payment_intent=pi_1'));
      expect(result).toEqual({ kind: 'failure', reason: VERIFY_MESSAGES.pending, orderNumber: '100000007', pending: true, method: 'card' });
      expect(takePaymentFailure()).toEqual({ message: VERIFY_MESSAGES.pending, orderNumber: '100000007', pending: true });
    }
  });

  it('without a pending payment (another tab, a stale link) it sends nothing and fails with a clear reason', async () => {
    const api = fakeApi({ '/api/payment/test/verify': paid });
    const result = await completeRedirectedPayment(api, 'test', new URLSearchParams('transactionId=test_txn_1'));
    expect(result).toEqual({ kind: 'failure', reason: VERIFY_MESSAGES.noPendingPayment, method: 'test' });
    expect(api.calls).toEqual([]);
    expect(takePaymentFailure()).toEqual({ message: VERIFY_MESSAGES.noPendingPayment });
  });

  it('without the provider ids in the query it sends nothing', async () => {
    savePendingPayment({ target: orderTarget, method: 'test' });
    const api = fakeApi({});
    const result = await completeRedirectedPayment(api, 'test', new URLSearchParams(''));
    expect(result).toMatchObject({ kind: 'failure', reason: VERIFY_MESSAGES.missingReturn, orderNumber: '100000007' });
    expect(api.calls).toEqual([]);
  });
});
