/**
 * Refund webhooks against an attacker and against the network: a late, older event of a refund
 * that failed since (the customer would never be paid back), an event naming an amount far above
 * the payment, a refund the provider never made, on Stripe and on PayPal (their local fakes,
 * checked against their published API documents); a signed body that is a JSON array; an event
 * dated ahead of the server's clock beyond the providers' five minutes. An event is a hint: the
 * store reads the refund from the provider and records what it says, never more than the payment
 * took. And the property: refund events delivered in any order, repeated, late, converge on the
 * provider's final state of the refund.
 *
 * @engines sqlite postgres: each delivery is recorded under the order's row lock, deliveries race.
 */
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload } from '../api/commerce-test-kit';
import { FAKE_STRIPE_KEYS, startStoreWithFakeProviders, type StoreWithFakeProviders } from '../gateways/fakes/fake-providers-kit';
import type { FakePayPal } from '../gateways/fakes/fake-paypal';
import type { FakeStripe } from '../gateways/fakes/fake-stripe';
import { WEBHOOK_FROM_THE_FUTURE } from '../gateways/webhook-time';
import { WEBHOOK_NOT_AN_EVENT } from '../gateways/stripe-gateway';
import { signInOperator } from '../studio/studio-test-kit';
import type { TestServer } from '../testing/test-server';
import { bearer, call, type Answer } from './attacker-kit';

type Json = Record<string, any>;

const { secretKey: STRIPE_SECRET, publishableKey: STRIPE_PUBLISHABLE, webhookSecret: WEBHOOK_SECRET } = FAKE_STRIPE_KEYS;

let store: StoreWithFakeProviders;
let server: TestServer;
let stripe: FakeStripe;
let paypal: FakePayPal;
let publisher: Record<string, string>;

beforeAll(async () => {
  store = await startStoreWithFakeProviders();
  ({ server, stripe, paypal } = store);
  publisher = (await signInOperator(server, 'publisher')).headers;
});
afterAll(async () => {
  await store?.stop();
});
afterEach(() => expect([...stripe.violations, ...paypal.violations]).toEqual([]));

async function placeOrder(email: string): Promise<{ id: number; accessToken: string; total: number }> {
  const placed = await call(server.url, 'POST', '/api/order', { body: orderPayload({ email }) });
  expect(placed.status, placed.text).toBe(201);
  return placed.body;
}

const paymentOf = async (orderId: number) => (await server.q.first(server.q.db.selectFrom('payment').select(['id', 'amount_cents', 'provider_reference']).where('order_id', '=', orderId).where('status', '=', 'completed')))!;
const refundsOf = (orderId: number) => server.q.all(server.q.db.selectFrom('payment_refund').select(['status', 'amount_cents', 'provider_reference']).where('order_id', '=', orderId).orderBy('id'));

/** An order paid with Stripe: the intent made by the store, confirmed as Stripe.js would, recorded from Stripe's webhook. */
async function stripePaidOrder(email: string) {
  const order = await placeOrder(email);
  const intent = await call(server.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
  expect(intent.status, intent.text).toBe(200);
  const { id, client_secret } = intent.body.paymentIntent;
  const form = new URLSearchParams({ client_secret, payment_method: 'pm_card_visa', return_url: `${server.url}/payment/verify/stripe` }).toString();
  await fetch(`${stripe.url}/v1/payment_intents/${id}/confirm`, { method: 'POST', headers: { Authorization: `Bearer ${STRIPE_PUBLISHABLE}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
  const hook = stripe.webhook('payment_intent.succeeded', id, WEBHOOK_SECRET);
  expect((await stripeHook(hook)).status).toBe(200);
  return { ...order, payment: await paymentOf(order.id) };
}

/** An order paid with PayPal: approved in PayPal's window, captured through the store. */
async function paypalPaidOrder(email: string) {
  const order = await placeOrder(email);
  const made = await call(server.url, 'POST', '/api/payment/paypal/order', { body: { additionalData: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
  expect(made.status, made.text).toBe(200);
  paypal.approve(made.body.id);
  const captured = await call(server.url, 'POST', '/api/payment/paypal/capture', { body: { orderId: made.body.id }, headers: bearer(order.accessToken) });
  expect(captured.status, captured.text).toBe(200);
  return { ...order, payment: await paymentOf(order.id) };
}

/** A publisher asks for and carries out a refund of `amount` dollars. */
async function refund(orderId: number, paymentId: number, amount: number): Promise<void> {
  const res = await call(server.url, 'POST', `/api/studio/orders/${orderId}/refunds`, { body: { paymentId, amount, reason: 'returned_goods', carryOut: true }, headers: publisher });
  expect(res.status, res.text).toBe(201);
}

function stripeHook(hook: { payload: string; signature: string }): Promise<Answer> {
  return call(server.url, 'POST', '/api/webhooks/stripe', { body: hook.payload, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': hook.signature } });
}

/** A payload signed with the endpoint's secret, as only Stripe (or whoever stole the secret) can. */
function signed(payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }) };
}

function paypalHook(event: Json, headers: Record<string, string> = paypal.webhookHeaders()): Promise<Answer> {
  return call(server.url, 'POST', '/api/webhooks/paypal', { body: JSON.stringify(event), headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('Stripe refund events are hints', () => {
  it('a late, older "succeeded" event leaves a refund that failed since failed, and its money refundable again', async () => {
    const order = await stripePaidOrder('fay.failed@example.com');
    await refund(order.id, order.payment.id, 5);
    const [made] = await refundsOf(order.id);
    expect(made).toMatchObject({ status: 'succeeded', amount_cents: 500 });
    const older = stripe.webhook('refund.updated', made!.provider_reference!, WEBHOOK_SECRET);

    stripe.failRefund(made!.provider_reference!);
    expect((await stripeHook(stripe.webhook('refund.failed', made!.provider_reference!, WEBHOOK_SECRET))).status).toBe(200);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'failed', amount_cents: 500 })]);

    const late = await stripeHook(older);
    expect(late.status, late.text).toBe(200);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'failed', amount_cents: 500 })]);
    const detail = await call(server.url, 'GET', `/api/studio/orders/${order.id}`, { headers: publisher });
    expect(detail.body.data.payments[0]).toMatchObject({ refunded: 0, refundable: order.total });
  });

  it('an event naming an amount far above the payment, or a refund Stripe never made, records nothing of it', async () => {
    const order = await stripePaidOrder('al.amount@example.com');
    await refund(order.id, order.payment.id, 2);
    const [made] = await refundsOf(order.id);
    const intent = order.payment.provider_reference;
    const inflated: Json = { ...stripe.refunds.get(made!.provider_reference!), amount: 99_999_999 };
    const forged: Json = { id: 're_forged_by_attacker', object: 'refund', payment_intent: intent, amount: 99_999_999, currency: 'usd', status: 'succeeded' };
    for (const object of [inflated, forged]) {
      const hook = signed(JSON.stringify({ id: `evt_${object.id}`, object: 'event', type: 'refund.created', data: { object } }));
      const res = await stripeHook(hook);
      expect(res.status, res.text).toBe(200);
    }
    expect(await refundsOf(order.id)).toEqual([{ status: 'succeeded', amount_cents: 200, provider_reference: made!.provider_reference }]);
  });

  it('a refund made in Stripe\'s dashboard is recorded as Stripe tells of it', async () => {
    const order = await stripePaidOrder('dan.dashboard@example.com');
    const created = await fetch(`${stripe.url}/v1/refunds`, { method: 'POST', headers: { Authorization: `Bearer ${STRIPE_SECRET}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `payment_intent=${order.payment.provider_reference}&amount=300` });
    const made = (await created.json()) as Json;
    // The event claims far more than Stripe gave back.
    const hook = signed(JSON.stringify({ id: 'evt_dashboard', object: 'event', type: 'refund.created', data: { object: { ...made, amount: 88_888_888 } } }));
    expect((await stripeHook(hook)).status).toBe(200);
    expect(await refundsOf(order.id)).toEqual([{ status: 'succeeded', amount_cents: 300, provider_reference: made.id }]);
  });
});

describe('PayPal refund events are hints', () => {
  it('a late, older PENDING event leaves a refund that failed since failed; a forged amount is not recorded', async () => {
    const order = await paypalPaidOrder('pat.paypal@example.com');
    paypal.nextRefundStatus('PENDING');
    await refund(order.id, order.payment.id, 4);
    const [made] = await refundsOf(order.id);
    expect(made).toMatchObject({ status: 'pending', amount_cents: 400 });
    const older = paypal.refundEvent(made!.provider_reference!);

    paypal.refunds.get(made!.provider_reference!)!.status = 'FAILED';
    expect((await paypalHook(paypal.refundEvent(made!.provider_reference!))).status).toBe(200);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'failed', amount_cents: 400 })]);

    expect((await paypalHook(older)).status).toBe(200);
    const inflated = structuredClone(older) as Json;
    inflated.resource.amount.value = '999999.00';
    inflated.resource.status = 'COMPLETED';
    expect((await paypalHook(inflated)).status).toBe(200);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'failed', amount_cents: 400 })]);
  });
});

describe('webhook bodies and dates', () => {
  it('a signed Stripe body that is a JSON array is refused by name, not a 500', async () => {
    for (const payload of ['[]', '[{"type":"refund.created"}]', '42', '"text"', 'null']) {
      const res = await stripeHook(signed(payload));
      expect(res.status, `${payload}: ${res.text}`).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_event', message: WEBHOOK_NOT_AN_EVENT });
    }
    for (const body of ['[]', '[1,2]']) {
      const res = await call(server.url, 'POST', '/api/webhooks/paypal', { body, headers: { 'Content-Type': 'application/json', ...paypal.webhookHeaders() } });
      expect(res.status, res.text).toBe(400);
    }
  });

  it('an event dated more than five minutes ahead is refused on Stripe and PayPal; within them it is taken', async () => {
    const order = await stripePaidOrder('fu.future@example.com');
    await refund(order.id, order.payment.id, 1);
    const [made] = await refundsOf(order.id);
    const { payload } = stripe.webhook('refund.updated', made!.provider_reference!, WEBHOOK_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const ahead = await stripeHook(signed(payload, now + 3600));
    expect(ahead.status, ahead.text).toBe(400);
    expect(ahead.body).toEqual({ error: 'webhook_from_the_future', message: WEBHOOK_FROM_THE_FUTURE });
    expect((await stripeHook(signed(payload, now + 60))).status).toBe(200);

    const headers = { ...paypal.webhookHeaders(), 'PAYPAL-TRANSMISSION-TIME': new Date(Date.now() + 3_600_000).toISOString() };
    const paypalAhead = await paypalHook({ id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'NOPE' } }, headers);
    expect(paypalAhead.status, paypalAhead.text).toBe(400);
    expect(paypalAhead.body.error).toBe('webhook_from_the_future');
  });
});

describe('the property: refund events in any order converge on the provider', () => {
  // Each path is one a Stripe refund can take (a bank may return a refund that succeeded).
  const PATHS = [['pending'], ['pending', 'succeeded'], ['pending', 'failed'], ['pending', 'canceled'], ['pending', 'succeeded', 'failed'], ['succeeded'], ['succeeded', 'failed']] as const;
  const STORED = { pending: 'pending', succeeded: 'succeeded', failed: 'failed', canceled: 'failed' } as const;
  const TYPES = ['refund.updated', 'charge.refunded', 'refund.created'] as const;

  it('whatever the order, repeats and forged amounts, the stored refund is the provider\'s final state, never above the payment', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.array(fc.record({ at: fc.nat({ max: 2 }), type: fc.constantFrom(...TYPES), inflate: fc.boolean() }), { minLength: 1, maxLength: 6 }),
        fc.infiniteStream(fc.nat()),
        async (path, deliveries, shuffle) => {
          const order = await stripePaidOrder(`prop.${++n}.${Date.now()}@example.com`);
          stripe.nextRefundStatus(path[0]);
          await refund(order.id, order.payment.id, 3);
          const [made] = await refundsOf(order.id);
          const id = made!.provider_reference!;
          // The provider walks its path; at each step the events it would send are kept, to be delivered late.
          const kept: string[] = [];
          for (const [i, state] of path.entries()) {
            if (i > 0) Object.assign(stripe.refunds.get(id)!, { status: state, ...(state === 'failed' ? { failure_reason: 'lost_or_stolen_card' } : {}) });
            for (const d of deliveries.filter((x) => x.at % path.length === i)) {
              const { payload } = stripe.webhook(d.type, d.type === 'charge.refunded' ? order.payment.provider_reference! : id, WEBHOOK_SECRET);
              kept.push(d.inflate ? payload.replace(/"amount":\s*300\b/g, '"amount": 9999999') : payload);
            }
          }
          const picks = shuffle.take(kept.length);
          const shuffled = kept.map((payload) => ({ payload, key: picks.next().value as number })).sort((a, b) => a.key - b.key).map((x) => x.payload);
          // Out of order, the first half at once, the rest one by one.
          const half = Math.ceil(shuffled.length / 2);
          const answers = await Promise.all(shuffled.slice(0, half).map((p) => stripeHook(signed(p))));
          for (const p of shuffled.slice(half)) answers.push(await stripeHook(signed(p)));
          for (const a of answers) expect(a.status, a.text).toBe(200);
          const final = path[path.length - 1]!;
          expect(await refundsOf(order.id)).toEqual([{ status: STORED[final], amount_cents: 300, provider_reference: id }]);
        },
      ),
      { numRuns: 12 },
    );
  });
});
