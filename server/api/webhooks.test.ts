/**
 * POST /api/webhooks/{stripe|paypal|authorize-net}: raw-body signature checks, then the provider's own answer.
 *
 * @engines sqlite: signatures are checked before anything is stored.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANET_SIGNATURE_KEY, startPaymentsTestApp, STRIPE_WEBHOOK_SECRET, type PaymentsTestApp } from './payments/payments-test-app';

async function post(app: PaymentsTestApp, provider: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${app.url}/api/webhooks/${provider}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  return { status: res.status, body: await res.json() };
}

describe('webhooks', () => {
  let app: PaymentsTestApp;
  beforeAll(async () => {
    app = await startPaymentsTestApp();
  });
  afterAll(() => app.stop());
  afterEach(() => expect([...app.stripe.violations, ...app.paypal.violations, ...app.anet.violations]).toEqual([]));

  it('Stripe: a signed event records the intent as Stripe reports it now; a bad signature is a 400', async () => {
    const created = await fetch(`${app.url}/api/payment/stripe/payment-intent`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ metadata: { orderId: '7' } }) });
    const { paymentIntent } = await created.json();
    app.stripe.confirmInBrowser(paymentIntent.id);
    const { payload, signature } = app.stripe.webhook('payment_intent.succeeded', paymentIntent.id, STRIPE_WEBHOOK_SECRET);

    const before = app.confirmed.length;
    expect(await post(app, 'stripe', payload, { 'Stripe-Signature': signature })).toEqual({ status: 200, body: { received: true, applied: true, status: 'completed' } });
    expect(app.confirmed.slice(before)).toEqual([expect.objectContaining({ gateway: 'stripe', providerReference: paymentIntent.id, status: 'completed', amountCents: 4_250, metadata: expect.objectContaining({ orderId: '7' }) })]);

    const tampered = payload.replace('"succeeded"', '"canceled"');
    expect(await post(app, 'stripe', tampered, { 'Stripe-Signature': signature })).toEqual({ status: 400, body: { error: 'invalid_signature', message: 'Invalid webhook signature.' } });
    expect((await post(app, 'stripe', payload, {})).status).toBe(400);
    expect(app.confirmed.length).toBe(before + 1);
  });

  it('Stripe: events that are not about payment intents are acknowledged and ignored', async () => {
    const { payload, signature } = app.stripe.webhook('customer.created', 'cus_1', STRIPE_WEBHOOK_SECRET);
    expect(await post(app, 'stripe', payload, { 'Stripe-Signature': signature })).toEqual({ status: 200, body: { received: true, applied: false } });
  });

  it('PayPal: verified through PayPal, then the order is read back from PayPal', async () => {
    const created = await (await fetch(`${app.url}/api/payment/paypal/order`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ additionalData: { orderId: '7' } }) })).json();
    app.paypal.approve(created.id);
    await fetch(`${app.url}/api/payment/paypal/capture`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderId: created.id }) });
    const event = JSON.stringify({
      id: 'WH-58D329510W468432D-8HN650336L201105X',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAPTURE1', status: 'COMPLETED', supplementary_data: { related_ids: { order_id: created.id } } },
    });
    const ok = await post(app, 'paypal', event, app.paypal.webhookHeaders());
    expect(ok).toEqual({ status: 200, body: { received: true, applied: true, status: 'completed' } });
    expect(app.confirmed.at(-1)).toMatchObject({ gateway: 'paypal', providerReference: created.id, amountCents: 4_250 });
    const forged = await post(app, 'paypal', event, { ...app.paypal.webhookHeaders(), 'PAYPAL-TRANSMISSION-SIG': 'forged' });
    expect(forged).toEqual({ status: 400, body: { error: 'invalid_signature', message: 'Invalid webhook signature.' } });
    expect((await post(app, 'paypal', '{not json', app.paypal.webhookHeaders())).status).toBe(400);
  });

  it('Authorize.net: X-ANET-Signature over the raw body, then getTransactionDetails', async () => {
    const charged = await (
      await fetch(`${app.url}/api/payment/authorize-net/process-transaction`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'token', additionalData: { orderId: '8' } }),
      })
    ).json();
    const body = JSON.stringify({ notificationId: 'n1', eventType: 'net.authorize.payment.authcapture.created', eventDate: new Date().toISOString(), webhookId: 'w1', payload: { responseCode: 1, entityName: 'transaction', id: charged.transactionId, authAmount: 1000 } });
    const before = app.confirmed.length;
    expect(await post(app, 'authorize-net', body, { 'X-ANET-Signature': app.anet.sign(body, ANET_SIGNATURE_KEY) })).toEqual({ status: 200, body: { received: true, applied: true, status: 'completed' } });
    // The amount is what Authorize.net's own record says, not the event's.
    expect(app.confirmed.slice(before)).toEqual([expect.objectContaining({ gateway: 'authorizenet', providerReference: charged.transactionId, amountCents: 100_000, metadata: { orderId: '8', orderIncrementId: '000000008' } })]);
    expect((await post(app, 'authorize-net', body, { 'X-ANET-Signature': app.anet.sign(body, '00') })).body).toEqual({ error: 'invalid_signature', message: 'Invalid webhook signature.' });
  });

  it('answers other methods and providers cleanly', async () => {
    const get = await fetch(`${app.url}/api/webhooks/stripe`);
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: 'method_not_allowed', message: 'Webhooks are delivered with POST.' });
    expect((await post(app, 'square', '{}', {})).status).toBe(404);
  });
});
