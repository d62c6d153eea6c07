/**
 * What the payment routes' contracts (schemas/api/payments.ts) refuse that the hand-written checks
 * let through, and that the answers are checked against the contracts in these tests too.
 *
 * @engines sqlite: a route test with a scripted orders room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseChecksOn } from '../../http/response-check';
import { startPaymentsTestApp, type PaymentsTestApp } from './payments-test-app';

async function call(app: PaymentsTestApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const visa = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: String(new Date().getUTCFullYear() + 2), cardCode: '123' };
const FORM_FAILED = 'Form validation failed. Please check your information.';

describe('payment contracts', () => {
  let app: PaymentsTestApp;
  beforeAll(async () => {
    app = await startPaymentsTestApp();
  });
  afterAll(() => app.stop());

  it('check every answer in tests (a mismatch would be a 500 response_mismatch)', async () => {
    expect(responseChecksOn()).toBe(true);
    const paid = await call(app, 'POST', '/api/payment/test/charge', { ...visa, orderId: '7' });
    expect(paid.status).toBe(200);
    const declined = await call(app, 'POST', '/api/payment/test/charge', { ...visa, cardNumber: '4000000000000002', orderId: '7' });
    expect(declined.status).toBe(402);
  });

  it('refuse a requested amount that is not a positive number, null included (null used to mean "none")', async () => {
    for (const [amount, message] of [
      [-1, 'Payment amount must be greater than 0'],
      [0, 'Payment amount must be greater than 0'],
      [null, 'Must be a valid number'],
      ['1e400', 'Must be a valid number'],
      ['0', 'Must be a valid number'],
      [20_000_000, 'Must be a valid number'],
    ] as const) {
      const res = await call(app, 'POST', '/api/payment/test/charge', { ...visa, orderId: '7', amount });
      expect(res, `amount ${String(amount)}`).toEqual({ status: 400, body: { error: 'invalid_request', message: FORM_FAILED, fields: { amount: message } } });
    }
    // JSON's 1e400 is Infinity once parsed: not a number a payment can ask for.
    const infinite = await call(app, 'POST', '/api/payment/test/charge', `{"cardNumber":"4242424242424242","expMonth":"12","expYear":"${visa.expYear}","cardCode":"123","orderId":"7","amount":1e400}`);
    expect(infinite.body.fields).toEqual({ amount: 'Must be a valid number' });
    // A split amount as digits is still accepted.
    expect((await call(app, 'POST', '/api/payment/test/charge', { ...visa, orderId: '8', amount: '12.50' })).status).toBe(200);
  });

  it('refuse ids that are not whole numbers or id text, which used to be turned into text', async () => {
    const res = await call(app, 'POST', '/api/payment/stripe/payment-intent', { metadata: { orderId: 1.5 } });
    expect(res).toEqual({ status: 400, body: { error: 'invalid_request', message: FORM_FAILED, fields: { 'metadata.orderId': 'Is not valid' } } });
  });

  it("refuse an owner's e-mail that is not an address (it used to be ignored, and the order answered unknown)", async () => {
    const res = await call(app, 'POST', '/api/payment/waiting/cancel', { email: 'not an address', metadata: { orderId: '7' } });
    expect(res).toEqual({ status: 400, body: { error: 'invalid_request', message: FORM_FAILED, fields: { email: 'Invalid email address' } } });
  });

  it('refuse shipping details that are not text, which used to be turned into text', async () => {
    const res = await call(app, 'POST', '/api/payment/stripe/payment-intent', { metadata: { orderId: '7' }, shipping: { name: 42, address: { line1: '1 Main St', postal_code: 78701 } } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'shipping.name': 'Must be a string', 'shipping.address.postal_code': 'Must be a string' });
  });

  it('answer a malformed PayPal order id with the wallet message of a missing one', async () => {
    const res = await call(app, 'POST', '/api/payment/paypal/capture', { orderId: 'not-paypal' });
    expect(res).toEqual({ status: 400, body: { error: 'invalid_request', message: 'No PayPal order to capture. Please try again.', fields: { orderId: 'Is not valid' } } });
  });

  it('refuse a webhook whose signature header is not of its shape, with the invalid signature answer', async () => {
    const stripe = await fetch(`${app.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 'nope' }, body: '{}' });
    expect(stripe.status).toBe(400);
    expect(await stripe.json()).toEqual({ error: 'invalid_signature', message: 'Invalid webhook signature.', fields: { 'stripe-signature': 'Invalid webhook signature.' } });
    const anet = await fetch(`${app.url}/api/webhooks/authorize-net`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(await anet.json()).toMatchObject({ error: 'invalid_signature', fields: { 'x-anet-signature': 'Invalid webhook signature.' } });
  });
});

describe('payment contracts without provider keys', () => {
  let app: PaymentsTestApp;
  beforeAll(async () => {
    app = await startPaymentsTestApp({ providers: false });
  });
  afterAll(() => app.stop());

  it('answer the unconfigured gateway first, with the request problems beside it', async () => {
    const res = await call(app, 'POST', '/api/payment/stripe/capture-payment', {});
    expect(res).toEqual({ status: 400, body: { error: 'gateway_not_configured', message: 'Payment method not available', gateway: 'stripe', fields: { paymentIntentId: 'This field is required' } } });
    const valid = await call(app, 'POST', '/api/payment/paypal/capture', { orderId: 'ABC123' });
    expect(valid).toEqual({ status: 400, body: { error: 'gateway_not_configured', message: 'PayPal configuration not found', gateway: 'paypal' } });
  });
});
