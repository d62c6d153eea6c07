/**
 * Contract test: the Stripe adapter against a local Stripe that checks every request with Stripe's
 * own OpenAPI document (the extract in fakes/providers). A request Stripe would refuse fails the test.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fakes/fake-stripe';
import { StripeGateway } from './stripe-gateway';

describe('Stripe gateway against Stripe\'s OpenAPI document', () => {
  let fake: FakeStripe;
  let gateway: StripeGateway;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: 'sk_test_contract' });
    gateway = new StripeGateway({ secretKey: 'sk_test_contract', publishableKey: 'pk_test_contract', webhookSecret: 'whsec_contract', apiBase: fake.url });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    // Every request the adapter sent must be one Stripe accepts.
    expect(fake.violations).toEqual([]);
  });

  it('creates an intent with our metadata, an idempotency key and the 2020-08-27 API version', async () => {
    const intent = await gateway.createIntent({
      amountCents: 12_345,
      currency: 'USD',
      receiptEmail: 'jane@example.com',
      shipping: { name: 'Jane Doe', address: { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' } },
      metadata: { orderId: '42', orderIncrementId: '000000042' },
      idempotencyKey: 'pi-create-abc',
    });
    expect(intent).toMatchObject({ amount: 12_345, currency: 'usd', status: 'requires_payment_method', metadata: { orderId: '42', orderIncrementId: '000000042' } });
    expect(intent.client_secret).toMatch(/^pi_.+_secret_/);
    const sent = fake.requests.at(-1)!;
    expect(sent.headers['idempotency-key']).toBe('pi-create-abc');
    expect(sent.headers['stripe-version']).toBe('2020-08-27');
    expect(sent.body).toContain('metadata[orderId]=42');
  });

  it('gets the same intent back for a repeated create with the same key', async () => {
    const request = { amountCents: 500, currency: 'USD', metadata: { orderId: '7' }, idempotencyKey: 'pi-create-same' };
    const first = await gateway.createIntent(request);
    const second = await gateway.createIntent(request);
    expect(second.id).toBe(first.id);
    expect(fake.intents.size).toBeGreaterThan(0);
  });

  it('updates, confirms, and maps every status of 002 §4 on confirm', async () => {
    const created = await gateway.createIntent({ amountCents: 2_000, currency: 'USD', metadata: { quoteId: 'Q1' }, idempotencyKey: 'pi-u1', paymentMethodTypes: ['card'] });
    await gateway.updateIntent(created.id, { amountCents: 2_500, metadata: { quoteId: 'Q1', orderId: '9' }, receiptEmail: 'a@b.co' });
    expect(await gateway.confirm(created.id)).toMatchObject({ status: 'pending', amountCents: 2_500, metadata: { quoteId: 'Q1', orderId: '9' } });

    await gateway.updateIntent(created.id, { paymentMethodTypes: ['card'] });
    fake.intents.get(created.id)!.payment_method = 'pm_card_visa';
    const confirmed = await gateway.confirmIntent(created.id, 'confirm-1');
    expect(confirmed.status).toBe('succeeded');
    const payment = await gateway.confirm(created.id);
    expect(payment).toEqual({
      gateway: 'stripe',
      providerReference: created.id,
      transactionId: created.id,
      status: 'completed',
      amountCents: 2_500,
      currency: 'USD',
      metadata: { quoteId: 'Q1', orderId: '9' },
      additionalData: { providerStatus: 'succeeded', cardBrand: 'visa', cardLast4: '4242' },
    });
  });

  it('reports requires_action as on_hold and a decline as a 402 with Stripe\'s message', async () => {
    const held = await gateway.createIntent({ amountCents: 100, currency: 'USD', metadata: {}, idempotencyKey: 'pi-h', paymentMethodId: 'pm_card_threeDSecure2Required' });
    await gateway.confirmIntent(held.id);
    expect((await gateway.confirm(held.id)).status).toBe('on_hold');

    const declined = await gateway.createIntent({ amountCents: 100, currency: 'USD', metadata: {}, idempotencyKey: 'pi-d', paymentMethodId: 'pm_card_chargeDeclined' });
    await expect(gateway.confirmIntent(declined.id)).rejects.toMatchObject({ status: 402, code: 'card_declined', message: 'Your card was declined.' });
    expect((await gateway.confirm(declined.id)).status).toBe('pending');
  });

  it('captures a manually captured intent', async () => {
    const created = await gateway.createIntent({ amountCents: 900, currency: 'USD', metadata: {}, idempotencyKey: 'pi-c' });
    const intent = fake.intents.get(created.id)!;
    intent.capture_method = 'manual';
    fake.confirmInBrowser(created.id);
    expect((await gateway.confirm(created.id)).status).toBe('pending');
    const captured = await gateway.captureIntent(created.id, `pi-capture-${created.id}`);
    expect(captured.status).toBe('succeeded');
    expect((await gateway.confirm(created.id)).status).toBe('completed');
  });

  it('answers an unknown intent with a 404 payment_not_found', async () => {
    await expect(gateway.confirm('pi_doesnotexist')).rejects.toMatchObject({ status: 404, code: 'payment_not_found' });
  });

  it('checks webhook signatures over the raw body', () => {
    const { payload, signature } = fake.webhook('payment_intent.succeeded', 'pi_x', 'whsec_contract');
    expect(gateway.verifyWebhook(Buffer.from(payload), signature).type).toBe('payment_intent.succeeded');
    expect(() => gateway.verifyWebhook(Buffer.from(payload.replace('pi_x', 'pi_y')), signature)).toThrow('Invalid webhook signature.');
    const other = fake.webhook('payment_intent.succeeded', 'pi_x', 'whsec_other');
    expect(() => gateway.verifyWebhook(Buffer.from(other.payload), other.signature)).toThrow('Invalid webhook signature.');
  });

  it('the fake refuses what Stripe would refuse (so the checks above mean something)', async () => {
    const raw = new Stripe('sk_test_contract', { host: new URL(fake.url).hostname, port: new URL(fake.url).port, protocol: 'http', maxNetworkRetries: 0 });
    const bad = { amount: 100, currency: 'usd', bogus_parameter: 'x' } as unknown as Stripe.PaymentIntentCreateParams;
    await expect(raw.paymentIntents.create(bad)).rejects.toThrow(/additional properties: bogus_parameter/);
    await expect(raw.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams)).rejects.toThrow(/required property 'amount'/);
    expect(fake.violations).toHaveLength(2);
    fake.violations.length = 0;
  });
});
