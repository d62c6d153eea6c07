/**
 * The invariant against "A customer can be charged twice": random interleaved sequences of what
 * customers, banks and providers do to one order, across the offline test gateway and the local
 * fakes of Stripe and PayPal (checked against their published API documents), through the whole app:
 * charges (a good card, the card that needs authentication, a decline), the authentication page
 * completed or failed (a tab left open, used late), "Pay another way", verify calls, Stripe.js
 * confirming an intent (also a stale one), 3-D Secure passed or failed, PayPal approvals and
 * captures, and signed webhooks. After every step:
 * - completed payments never exceed the order's total unless the excess is flagged as an overpayment;
 * - never two completed payments silently (the order is not split: each completed payment past the
 *   first is flagged);
 * - no answer is a 5xx, and every refusal because a payment waits gives the waiting message.
 * And through the store's own routes the hold keeps it from happening at all: nothing is flagged.
 * (server/api/overpayment.test.ts checks the flag itself.) Bounded (numRuns, steps) to stay far under a minute on a busy two-core machine.
 *
 * @engines sqlite postgres: transactions and locks decide every interleaving.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, skus } from '../api/commerce-test-kit';
import { FAKE_STRIPE_KEYS, startStoreWithFakeProviders, type StoreWithFakeProviders } from '../gateways/fakes/fake-providers-kit';
import type { FakePayPal } from '../gateways/fakes/fake-paypal';
import type { FakeStripe } from '../gateways/fakes/fake-stripe';
import { bearer, call, card, CARD_DECLINED, CARD_NEEDS_AUTHENTICATION, type Answer } from '../security/attacker-kit';
import type { TestServer } from '../testing/test-server';

const WAITING = "A payment for this order is waiting for your bank's confirmation. Finish it, or cancel it to pay another way.";
const { publishableKey: STRIPE_PUBLISHABLE, webhookSecret: WEBHOOK_SECRET } = FAKE_STRIPE_KEYS;

let store: StoreWithFakeProviders;
let url: string;
let server: TestServer;
let stripe: FakeStripe;
let paypal: FakePayPal;

beforeAll(async () => {
  store = await startStoreWithFakeProviders({ ADMIN_EMAILS: 'owner@example.com' });
  ({ server, stripe, paypal } = store);
  url = server.url;
});
afterAll(async () => {
  await store?.stop();
});

type Step =
  | { kind: 'testCharge'; card: 'good' | 'authentication' | 'declined' }
  | { kind: 'authenticate'; pick: number; outcome: 'complete' | 'fail' }
  | { kind: 'cancel' }
  | { kind: 'stripeIntent' }
  | { kind: 'stripeConfirm'; pick: number; method: 'pm_card_visa' | 'pm_card_threeDSecure2Required' | 'pm_card_chargeDeclined' }
  | { kind: 'stripe3ds'; pick: number; passes: boolean }
  | { kind: 'stripeWebhook'; pick: number }
  | { kind: 'paypalOrder'; approve: boolean }
  | { kind: 'paypalCapture'; pick: number }
  | { kind: 'paypalWebhook'; pick: number }
  | { kind: 'verify'; gateway: 'test' | 'stripe' | 'paypal'; pick: number }
  | { kind: 'twoCardsAtOnce' };

const pick = fc.nat({ max: 5 });
// Weighted towards what makes a double charge: something waiting, then another card, then the late completion.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('testCharge' as const), card: fc.constantFrom('good' as const, 'authentication' as const, 'authentication' as const, 'declined' as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('authenticate' as const), pick, outcome: fc.constantFrom('complete' as const, 'complete' as const, 'fail' as const) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'stripeIntent' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('stripeConfirm' as const), pick, method: fc.constantFrom('pm_card_visa' as const, 'pm_card_threeDSecure2Required' as const, 'pm_card_chargeDeclined' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('stripe3ds' as const), pick, passes: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('stripeWebhook' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('paypalOrder' as const), approve: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('paypalCapture' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('paypalWebhook' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('verify' as const), gateway: fc.constantFrom('test' as const, 'stripe' as const, 'paypal' as const), pick }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'twoCardsAtOnce' as const }) },
);

/** One order's world: what the customer's tabs hold (authentication links, client secrets, PayPal orders). */
class Run {
  readonly answers: Answer[] = [];
  private readonly authentications: string[] = [];
  private readonly testTransactions: string[] = [];
  private readonly intents: Array<{ id: string; secret: string }> = [];
  private readonly paypalOrders: string[] = [];
  private n = 0;
  constructor(readonly order: { id: number; accessToken: string; total: number }) {}

  private async api(method: string, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const answer = await call(url, method, pathname, { body, headers: { ...bearer(this.order.accessToken), ...headers } });
    this.answers.push(answer);
    return answer;
  }

  private chosen<T>(list: readonly T[], index: number): T | undefined {
    return list.length ? list[index % list.length] : undefined;
  }

  private async testCharge(kind: 'good' | 'authentication' | 'declined'): Promise<void> {
    const number = kind === 'good' ? '4242424242424242' : kind === 'authentication' ? CARD_NEEDS_AUTHENTICATION : CARD_DECLINED;
    const res = await this.api('POST', '/api/payment/test/charge', { ...card(number), metadata: { orderId: String(this.order.id) } }, { 'Idempotency-Key': `inv-${this.order.id}-${++this.n}` });
    if (typeof res.body?.transactionId === 'string') this.testTransactions.push(res.body.transactionId);
    if (res.body?.nextAction?.url) this.authentications.push(res.body.nextAction.url);
  }

  private async stripeIntent(): Promise<void> {
    const res = await this.api('POST', '/api/payment/stripe/payment-intent', { metadata: { orderId: String(this.order.id) } });
    if (res.status === 200) this.intents.push({ id: res.body.paymentIntent.id, secret: res.body.paymentIntent.client_secret });
  }

  /** Stripe.js in the customer's tab: confirms with the publishable key and the client secret, as the browser does. */
  private async stripeConfirm(intent: { id: string; secret: string }, method: string): Promise<void> {
    const form = new URLSearchParams({ client_secret: intent.secret, payment_method: method, return_url: `${url}/payment/verify/stripe` }).toString();
    await fetch(`${stripe.url}/v1/payment_intents/${intent.id}/confirm`, { method: 'POST', headers: { Authorization: `Bearer ${STRIPE_PUBLISHABLE}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
  }

  async run(s: Step): Promise<void> {
    switch (s.kind) {
      case 'testCharge':
        return this.testCharge(s.card);
      case 'authenticate': {
        const link = this.chosen(this.authentications, s.pick);
        if (!link) return;
        const u = new URL(link);
        const form = new URLSearchParams({ transactionId: u.searchParams.get('transactionId')!, secret: u.searchParams.get('secret')!, outcome: s.outcome }).toString();
        this.answers.push(await call(url, 'POST', u.pathname, { body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }));
        return;
      }
      case 'cancel':
        await this.api('POST', '/api/payment/waiting/cancel', { metadata: { orderId: String(this.order.id) } });
        return;
      case 'stripeIntent':
        return this.stripeIntent();
      case 'stripeConfirm': {
        const intent = this.chosen(this.intents, s.pick);
        if (intent) await this.stripeConfirm(intent, s.method);
        return;
      }
      case 'stripe3ds': {
        const intent = this.chosen(this.intents, s.pick);
        if (intent && stripe.intents.get(intent.id)?.status === 'requires_action') stripe.authenticate(intent.id, s.passes);
        return;
      }
      case 'stripeWebhook': {
        const intent = this.chosen(this.intents, s.pick);
        if (!intent) return;
        const type = `payment_intent.${String(stripe.intents.get(intent.id)?.status ?? 'created')}`;
        const { payload, signature } = stripe.webhook(type, intent.id, WEBHOOK_SECRET);
        this.answers.push(await call(url, 'POST', '/api/webhooks/stripe', { body: payload, headers: { 'Stripe-Signature': signature } }));
        return;
      }
      case 'paypalOrder': {
        const res = await this.api('POST', '/api/payment/paypal/order', { additionalData: { orderId: String(this.order.id) } });
        if (res.status !== 200) return;
        this.paypalOrders.push(res.body.id);
        if (s.approve) paypal.approve(res.body.id); // the buyer approves in PayPal's window
        return;
      }
      case 'paypalCapture': {
        const id = this.chosen(this.paypalOrders, s.pick);
        if (id) await this.api('POST', '/api/payment/paypal/capture', { orderId: id });
        return;
      }
      case 'paypalWebhook': {
        const id = this.chosen(this.paypalOrders, s.pick);
        if (!id) return;
        const event = { id: `WH-${id}-${++this.n}`, event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id } };
        this.answers.push(await call(url, 'POST', '/api/webhooks/paypal', { body: event, headers: paypal.webhookHeaders() }));
        return;
      }
      case 'verify': {
        const id = s.gateway === 'test' ? this.chosen(this.testTransactions, s.pick) : s.gateway === 'stripe' ? this.chosen(this.intents, s.pick)?.id : this.chosen(this.paypalOrders, s.pick);
        if (id) await this.api('POST', `/api/payment/${s.gateway}/verify`, { transactionId: id });
        return;
      }
      case 'twoCardsAtOnce':
        // Two tabs: a card charge while Stripe.js confirms a new intent.
        await Promise.all([
          this.testCharge('good'),
          (async () => {
            await this.stripeIntent();
            const intent = this.intents.at(-1);
            if (intent) await this.stripeConfirm(intent, 'pm_card_visa');
          })(),
        ]);
        return;
    }
  }
}

async function ledger(orderId: number) {
  const q = server.q;
  const rows = await q.all(q.db.selectFrom('payment').select('amount_cents').where('order_id', '=', orderId).where('status', '=', 'completed'));
  const flagged = await q.all(q.db.selectFrom('payment_overpayment').select('amount_cents').where('order_id', '=', orderId));
  const total = (await q.first(q.db.selectFrom('sales_order').select('total_cents').where('id', '=', orderId)))!.total_cents;
  // A charge's claim ends with its request: once a step is answered, none may still hold the order.
  const claims = await q.all(q.db.selectFrom('payment_attempt').select('provider_reference').where('order_id', '=', orderId).where('state', '=', 'open').where('provider_reference', 'like', 'claim:%'));
  const sum = (list: Array<{ amount_cents: number }>) => list.reduce((a, r) => a + r.amount_cents, 0);
  return { completed: rows.length, completedCents: sum(rows), flagged: flagged.length, flaggedCents: sum(flagged), total, openClaims: claims.length };
}

let orders = 0;
describe('payments across the test gateway, Stripe and PayPal, interleaved', () => {
  it('never take more than the order owes without flagging it, and never record two completed payments silently', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 12 }), async (steps) => {
        const created = await call(url, 'POST', '/api/order', { body: orderPayload({}, skus(1)), headers: { 'Idempotency-Key': `invariant-order-${++orders}-${Date.now()}` } });
        expect(created.status).toBe(201);
        const run = new Run(created.body);
        for (const s of steps) {
          await run.run(s);
          const l = await ledger(run.order.id);
          expect(l.completedCents - l.flaggedCents, JSON.stringify({ steps, l })).toBeLessThanOrEqual(l.total);
          expect(l.completed, JSON.stringify({ steps, l })).toBeLessThanOrEqual(1 + l.flagged);
          // Stronger, for these sequences (the store's own routes, each charge claimed under the
          // order's row lock): the hold keeps a second payment from ever being taken, so there is
          // nothing to flag, and no claim outlives its request.
          expect(l.flagged, JSON.stringify({ steps, l })).toBe(0);
          expect(l.openClaims, JSON.stringify({ steps, l })).toBe(0);
        }
        for (const answer of run.answers) {
          expect(answer.status, answer.text).toBeLessThan(500);
          if (answer.body?.error === 'payment_waiting') expect(answer.body.message).toBe(WAITING);
        }
      }),
      { numRuns: 120 },
    );
  });
});
