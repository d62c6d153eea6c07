/**
 * The payment routes inside the whole server (port 0, a fresh SQLite file), wired to the orders
 * room's real `chargeAmount` and `onConfirmedPayment`, with Stripe and PayPal as local fakes.
 *
 * @engines sqlite postgres: a confirmed payment is recorded in the engine's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../../gateways/fakes/fake-paypal';
import { startFakeStripe, type FakeStripe } from '../../gateways/fakes/fake-stripe';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { api, orderPayload } from '../commerce-test-kit';

const WEBHOOK_SECRET = 'whsec_server_test';
const visa = { cardNumber: '4242424242424242', expMonth: '12', expYear: String(new Date().getUTCFullYear() + 3), cardCode: '123' };

describe('payments in the whole server', () => {
  let server: TestServer;
  let stripe: FakeStripe;
  let paypal: FakePayPal;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    paypal = await startFakePayPal({ clientId: 'AcLientIdFromPayPal', clientSecret: 'shh' });
    server = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_server',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_server',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: 'AcLientIdFromPayPal',
      PAYPAL_CLIENT_SECRET: 'shh',
      PAYPAL_API_BASE: paypal.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
    await paypal?.close();
  });

  it('lists payment methods with their public client settings only', async () => {
    const res = await api(server.url, 'GET', '/api/payment-methods?scope=sample-order');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.paymentMethods.map((m: { name: string }) => [m.name, m]));
    expect(byName.card).toMatchObject({ gateway: 'test', configured: true, config: {} });
    expect(byName.paypal).toMatchObject({ gateway: 'paypal', configured: true, config: { clientId: 'AcLientIdFromPayPal' } });
    expect(JSON.stringify(res.body)).not.toContain('shh');
    expect(JSON.stringify(res.body)).not.toContain('sk_test_server');
  });

  it('charges an order with the test gateway for its server total; verify and the charge record one payment', async () => {
    const order = (await api(server.url, 'POST', '/api/order', orderPayload({ total: 0.01 }))).body;
    expect(order.id).toBeDefined();
    const auth = { Authorization: `Bearer ${order.accessToken}` };
    const charge = await api(server.url, 'POST', '/api/payment/test/charge', { ...visa, amount: order.total, metadata: { orderId: String(order.id) } }, auth);
    expect(charge.status).toBe(200);
    expect(charge.body.transactionResponse.amount).toBe(order.total);
    expect(order.total).toBeGreaterThan(0.01);

    const verified = await api(server.url, 'POST', '/api/payment/test/verify', { transactionId: charge.body.transactionId }, auth);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, status: 'completed', orderStatus: 'ordered' });
    expect(verified.body.order.payments).toHaveLength(1);
  });

  it('refuses to charge an order that does not exist', async () => {
    const res = await api(server.url, 'POST', '/api/payment/test/charge', { ...visa, orderId: '987654' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Order not found.');
  });

  it('a Stripe webhook racing the browser\'s verify records one payment', async () => {
    const order = (await api(server.url, 'POST', '/api/order', orderPayload())).body;
    const auth = { Authorization: `Bearer ${order.accessToken}` };
    const created = await api(server.url, 'POST', '/api/payment/stripe/payment-intent', { metadata: { orderId: String(order.id), orderIncrementId: order.orderIncrementId } }, auth);
    expect(created.status).toBe(200);
    expect(created.body.paymentIntent.amount).toBe(Math.round(order.total * 100));
    stripe.confirmInBrowser(created.body.paymentIntent.id);
    const { payload, signature } = stripe.webhook('payment_intent.succeeded', created.body.paymentIntent.id, WEBHOOK_SECRET);

    const [hook, verify] = await Promise.all([
      fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload }),
      api(server.url, 'POST', '/api/payment/stripe/verify', { paymentIntentId: created.body.paymentIntent.id }, auth),
    ]);
    expect(hook.status).toBe(200);
    expect(verify.status).toBe(200);
    expect(verify.body.orderStatus).toBe('ordered');
    const again = await api(server.url, 'POST', '/api/payment/stripe/verify', { paymentIntentId: created.body.paymentIntent.id }, auth);
    expect(again.body.order.payments).toHaveLength(1);
    expect(stripe.violations).toEqual([]);
  });
});
