/**
 * Contract test: the Stripe adapter against a local Stripe that checks every request with Stripe's
 * own OpenAPI document (the extract in fakes/providers). A request Stripe would refuse fails the test.
 */
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fakes/fake-stripe';
import { decodeBracketed } from './fakes/openapi-validator';
import { VENDORED_FIXTURES, vendoredDir } from './fakes/providers/vendored-operations';
import { StripeGateway, stripeRefundReason, stripeRefundsOf } from './stripe-gateway';

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

describe('Stripe refunds against Stripe\'s OpenAPI document', () => {
  let fake: FakeStripe;
  let gateway: StripeGateway;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: 'sk_test_refunds' });
    gateway = new StripeGateway({ secretKey: 'sk_test_refunds', publishableKey: 'pk_test_refunds', webhookSecret: 'whsec_refunds', apiBase: fake.url });
  });
  afterAll(() => fake.close());
  afterEach(() => expect(fake.violations).toEqual([]));

  let n = 0;
  /** An intent the customer paid (Stripe.js confirmed it with 4242...), as the store recorded it. */
  const paid = async (amountCents: number, paymentMethod = 'pm_card_visa') => {
    const intent = await gateway.createIntent({ amountCents, currency: 'USD', metadata: { orderId: '77' }, idempotencyKey: `pi-refund-${++n}` });
    fake.confirmInBrowser(intent.id, paymentMethod);
    return { providerReference: intent.id, transactionId: intent.id, amountCents, currency: 'USD', additionalData: { cardLast4: '4242' } };
  };
  const refunds = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

  it('refunds a paid intent in full with Stripe\'s reason, our reason and key in metadata, and the Idempotency-Key', async () => {
    const payment = await paid(12_000);
    const outcome = await gateway.refund({ payment, amountCents: 12_000, idempotencyKey: 'refund-full-1', reason: 'requested_by_customer' });
    expect(outcome).toEqual({ kind: 'refund', status: 'succeeded', providerReference: expect.stringMatching(/^re_/), amountCents: 12_000 });
    const sent = refunds().at(-1)!;
    expect(sent.headers['idempotency-key']).toBe('refund-full-1');
    expect(sent.headers['stripe-version']).toBe('2020-08-27');
    expect(decodeBracketed(sent.body)).toEqual({ payment_intent: payment.providerReference, amount: '12000', reason: 'requested_by_customer', metadata: { reason: 'requested_by_customer', idempotencyKey: 'refund-full-1' } });
    expect(fake.refundsOf(payment.providerReference)).toMatchObject([{ id: outcome.providerReference, amount: 12_000, status: 'succeeded' }]);
    // The intent stays succeeded: the payment was received; its refunds are recorded on their own.
    expect((await gateway.confirm(payment.providerReference)).status).toBe('completed');
  });

  it('maps our reasons to Stripe\'s where it has them, and keeps ours in metadata otherwise', async () => {
    expect(stripeRefundReason('duplicate')).toBe('duplicate');
    expect(stripeRefundReason('Fraudulent')).toBe('fraudulent');
    expect(stripeRefundReason('Requested by the customer')).toBe('requested_by_customer');
    expect(stripeRefundReason('returned_goods')).toBeUndefined();
    const payment = await paid(3_000);
    await gateway.refund({ payment, amountCents: 1_000, idempotencyKey: 'refund-reason-1', reason: 'returned goods' });
    const body = decodeBracketed(refunds().at(-1)!.body);
    expect(body.reason).toBeUndefined();
    expect(body.metadata).toEqual({ reason: 'returned goods', idempotencyKey: 'refund-reason-1' });
  });

  it('refunds in parts, then refuses more than is left with Stripe\'s message', async () => {
    const payment = await paid(10_000);
    const first = await gateway.refund({ payment, amountCents: 4_000, idempotencyKey: 'refund-part-1', reason: 'other' });
    const second = await gateway.refund({ payment, amountCents: 5_000, idempotencyKey: 'refund-part-2', reason: 'other' });
    expect([first.status, second.status]).toEqual(['succeeded', 'succeeded']);
    expect(first.providerReference).not.toBe(second.providerReference);
    const third = await gateway.refund({ payment, amountCents: 2_000, idempotencyKey: 'refund-part-3', reason: 'other' });
    expect(third).toEqual({ kind: 'refund', status: 'failed', providerReference: payment.providerReference, amountCents: 2_000, message: 'Refund amount ($20.00) is greater than unrefunded amount on charge ($10.00)' });
    expect((await gateway.refund({ payment, amountCents: 1_000, idempotencyKey: 'refund-part-4', reason: 'other' })).status).toBe('succeeded');
    const fifth = await gateway.refund({ payment, amountCents: 1, idempotencyKey: 'refund-part-5', reason: 'other' });
    expect(fifth).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Charge ch_\w+ has already been refunded\.$/) });
    expect(fake.refundsOf(payment.providerReference).map((r) => r.amount)).toEqual([4_000, 5_000, 1_000]);
  });

  it('refunds once for one idempotency key: a retry gets the same refund', async () => {
    const payment = await paid(5_000);
    const request = { payment, amountCents: 2_500, idempotencyKey: 'refund-retry-1', reason: 'duplicate' };
    const [a, b] = await Promise.all([gateway.refund(request), gateway.refund(request)]);
    const c = await gateway.refund(request);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(fake.refundsOf(payment.providerReference)).toHaveLength(1);
  });

  it('voids an intent that took no money (cancel), for its whole amount, and answers a retry the same', async () => {
    const unpaid = await gateway.createIntent({ amountCents: 4_400, currency: 'USD', metadata: {}, idempotencyKey: 'pi-void-1' });
    const payment = { providerReference: unpaid.id, transactionId: unpaid.id, amountCents: 4_400, currency: 'USD', additionalData: {} };
    const before = refunds().length;
    const outcome = await gateway.refund({ payment, amountCents: 4_400, idempotencyKey: 'void-1', reason: 'order_cancelled' });
    expect(outcome).toEqual({ kind: 'void', status: 'succeeded', providerReference: unpaid.id, amountCents: 4_400 });
    expect(fake.intents.get(unpaid.id)).toMatchObject({ status: 'canceled' });
    const cancel = fake.requests.find((r) => r.path === `/v1/payment_intents/${unpaid.id}/cancel`)!;
    expect(cancel.headers['idempotency-key']).toBe('void-1:void');
    expect(await gateway.refund({ payment, amountCents: 4_400, idempotencyKey: 'void-1', reason: 'order_cancelled' })).toEqual(outcome);
    expect(refunds()).toHaveLength(before);

    // Authorised and not captured (requires_capture), waiting for 3-D Secure (requires_action): voided too.
    const manual = await gateway.createIntent({ amountCents: 900, currency: 'USD', metadata: {}, idempotencyKey: 'pi-void-2' });
    fake.intents.get(manual.id)!.capture_method = 'manual';
    fake.confirmInBrowser(manual.id);
    expect(fake.intents.get(manual.id)!.status).toBe('requires_capture');
    expect(await gateway.refund({ payment: { ...payment, providerReference: manual.id, transactionId: manual.id, amountCents: 900 }, amountCents: 900, idempotencyKey: 'void-2', reason: 'fraudulent' })).toMatchObject({ kind: 'void', status: 'succeeded', amountCents: 900 });
    expect(decodeBracketed(fake.requests.find((r) => r.path === `/v1/payment_intents/${manual.id}/cancel`)!.body)).toEqual({ cancellation_reason: 'fraudulent' });
    const held = await gateway.createIntent({ amountCents: 100, currency: 'USD', metadata: {}, idempotencyKey: 'pi-void-3', paymentMethodId: 'pm_card_threeDSecure2Required' });
    await gateway.confirmIntent(held.id);
    expect(await gateway.refund({ payment: { ...payment, providerReference: held.id, transactionId: held.id, amountCents: 100 }, amountCents: 100, idempotencyKey: 'void-3', reason: 'other' })).toMatchObject({ kind: 'void', status: 'succeeded' });
  });

  it('leaves a processing intent to Stripe, which has nothing to refund yet', async () => {
    const payment = await paid(700);
    fake.intents.get(payment.providerReference)!.status = 'processing';
    expect(await gateway.refund({ payment, amountCents: 700, idempotencyKey: 'refund-processing', reason: 'other' })).toEqual({
      kind: 'refund',
      status: 'failed',
      providerReference: payment.providerReference,
      amountCents: 700,
      message: `This PaymentIntent (${payment.providerReference}) does not have a successful charge to refund.`,
    });
  });

  it('maps the refund\'s status: pending and requires_action wait, failed and canceled fail with the reason', async () => {
    const payment = await paid(4_000);
    const refund = (key: string) => gateway.refund({ payment, amountCents: 500, idempotencyKey: key, reason: 'other' });
    fake.nextRefundStatus('pending');
    expect((await refund('status-1')).status).toBe('pending');
    fake.nextRefundStatus('requires_action');
    expect((await refund('status-2')).status).toBe('pending');
    fake.nextRefundStatus('failed', 'lost_or_stolen_card');
    expect(await refund('status-3')).toMatchObject({ kind: 'refund', status: 'failed', providerReference: expect.stringMatching(/^re_/), message: 'The refund failed at Stripe (lost_or_stolen_card).' });
    fake.nextRefundStatus('canceled');
    expect(await refund('status-4')).toMatchObject({ status: 'failed', message: 'The refund was canceled at Stripe.' });
    const pending = fake.refundsOf(payment.providerReference)[0]!;
    expect(await gateway.retrieveRefund(pending.id as string)).toEqual({ gateway: 'stripe', paymentReference: payment.providerReference, providerReference: pending.id, amountCents: 500, status: 'pending' });
  });

  it('answers an unknown intent as Stripe\'s refusal, and throws only when Stripe cannot be reached', async () => {
    const payment = { providerReference: 'pi_unknown', transactionId: 'pi_unknown', amountCents: 100, currency: 'USD', additionalData: {} };
    expect(await gateway.refund({ payment, amountCents: 100, idempotencyKey: 'refund-unknown', reason: 'other' })).toMatchObject({ status: 'failed', message: "No such payment_intent: 'pi_unknown'" });
    const closed = await startFakeStripe();
    const url = closed.url;
    await closed.close();
    const offline = new StripeGateway({ secretKey: 'sk_test_refunds', publishableKey: 'pk_test_refunds', webhookSecret: null, apiBase: url });
    await expect(offline.refund({ payment, amountCents: 100, idempotencyKey: 'refund-offline', reason: 'other' })).rejects.toMatchObject({ status: 502, code: 'provider_error' });
  });

  it('reads charge.refunded and refund.updated webhooks into the refunds of the intent', async () => {
    const payment = await paid(6_000, 'pm_card_refundFail');
    const a = await gateway.refund({ payment, amountCents: 1_000, idempotencyKey: 'hook-1', reason: 'other' });
    const b = await gateway.refund({ payment, amountCents: 2_000, idempotencyKey: 'hook-2', reason: 'other' });
    const charged = fake.webhook('charge.refunded', payment.providerReference, 'whsec_refunds');
    const event = gateway.verifyWebhook(Buffer.from(charged.payload), charged.signature);
    expect(event.data.object).toMatchObject({ object: 'charge', payment_intent: payment.providerReference, amount_refunded: 3_000, refunded: false });
    expect(gateway.refundsOf(event)).toEqual([
      { gateway: 'stripe', paymentReference: payment.providerReference, providerReference: b.providerReference, amountCents: 2_000, status: 'succeeded' },
      { gateway: 'stripe', paymentReference: payment.providerReference, providerReference: a.providerReference, amountCents: 1_000, status: 'succeeded' },
    ]);
    // The card 4000 0000 0000 5126: a refund accepted at first fails later, and Stripe says so.
    fake.failRefund(a.providerReference);
    const updated = fake.webhook('refund.updated', a.providerReference, 'whsec_refunds');
    expect(gateway.refundsOf(gateway.verifyWebhook(Buffer.from(updated.payload), updated.signature))).toEqual([
      { gateway: 'stripe', paymentReference: payment.providerReference, providerReference: a.providerReference, amountCents: 1_000, status: 'failed' },
    ]);
    const older = fake.webhook('charge.refund.updated', a.providerReference, 'whsec_refunds');
    expect(stripeRefundsOf(JSON.parse(older.payload))).toHaveLength(1);
    const other = fake.webhook('payment_intent.succeeded', payment.providerReference, 'whsec_refunds');
    expect(gateway.refundsOf(gateway.verifyWebhook(Buffer.from(other.payload), other.signature))).toBeNull();
  });

  it('reads Stripe\'s own example refund and charge (fixtures3.json) as they come', () => {
    const { resources } = JSON.parse(fs.readFileSync(path.join(vendoredDir, VENDORED_FIXTURES.file), 'utf8')) as { resources: Record<string, Record<string, unknown>> };
    const refund = { ...resources.refund!, payment_intent: 'pi_3Pgc72B7WZ01zgkW0Nq4Yv7V' };
    expect(stripeRefundsOf({ type: 'refund.updated', data: { object: refund } })).toEqual([
      { gateway: 'stripe', paymentReference: 'pi_3Pgc72B7WZ01zgkW0Nq4Yv7V', providerReference: 're_1Pgc72B7WZ01zgkWqPvrRrPE', amountCents: 100, status: 'succeeded' },
    ]);
    const charge = { ...resources.charge!, payment_intent: 'pi_3Pgc72B7WZ01zgkW0Nq4Yv7V', refunds: { object: 'list', data: [resources.refund], has_more: false } };
    expect(stripeRefundsOf({ type: 'charge.refunded', data: { object: charge } })).toEqual([
      { gateway: 'stripe', paymentReference: 'pi_3Pgc72B7WZ01zgkW0Nq4Yv7V', providerReference: 're_1Pgc72B7WZ01zgkWqPvrRrPE', amountCents: 100, status: 'succeeded' },
    ]);
    // As fixtures3 has them: a charge of no PaymentIntent, a refund of none, is not the store's.
    expect(stripeRefundsOf({ type: 'charge.refunded', data: { object: resources.charge } })).toBeNull();
    expect(stripeRefundsOf({ type: 'refund.updated', data: { object: resources.refund } })).toBeNull();
    expect(stripeRefundsOf({ type: 'plan.created', data: { object: {} } })).toBeNull();
  });

  it('the fake refuses a refund Stripe would refuse (so the checks above mean something)', async () => {
    const raw = new Stripe('sk_test_refunds', { host: new URL(fake.url).hostname, port: new URL(fake.url).port, protocol: 'http', maxNetworkRetries: 0 });
    const bad = { payment_intent: 'pi_x', reason: 'returned_goods' } as unknown as Stripe.RefundCreateParams;
    await expect(raw.refunds.create(bad)).rejects.toThrow(/body\/reason must be equal to one of the allowed values/);
    expect(fake.violations).toHaveLength(1);
    fake.violations.length = 0;
  });
});
