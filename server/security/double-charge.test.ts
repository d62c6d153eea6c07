/**
 * "A customer can be charged twice", as the unlucky customer and as a stranger:
 * - a payment waiting for the customer's bank (the test card 4000 0025 0000 3155, on hold) holds
 *   the order: a second card, or a second authentication card under another Idempotency-Key, is
 *   refused with 409 and the waiting message (WAITING), and nothing is charged;
 * - "Pay another way" voids the waiting payment with the gateway (its authentication page no longer
 *   completes), the ledger and the history say so, and then one new charge pays the order;
 * - a stranger cannot cancel someone's waiting payment (no token, a made-up token, another order's
 *   token, a wrong e-mail on the split page): the answer of an unknown order, and nothing changes;
 * - the same for a quote's order on the split-payment page (proof by e-mail) and a Stripe intent.
 * Twenty charges at once spread over three server processes: ../scale/several-servers.test.ts.
 *
 * @engines sqlite postgres: payments race under the order's row lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, quoteFile, storeQuote, skus } from '../api/commerce-test-kit';
import { bearer, call, card, CARD_NEEDS_AUTHENTICATION, freshClient, orderSnapshot, strangerHeaders } from './attacker-kit';
import { startShop, type Shop } from './scripted-shop';

const WAITING = "A payment for this order is waiting for your bank's confirmation. Finish it, or cancel it to pay another way.";

let shop: Shop;
let strangerToken: string;
beforeAll(async () => {
  shop = await startShop();
  strangerToken = (await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(1)), headers: { 'Idempotency-Key': `stranger-${Date.now()}-0000` } })).body.accessToken;
});
afterAll(async () => {
  await shop?.stop();
});

let n = 0;
async function newOrder(): Promise<{ id: number; accessToken: string; total: number }> {
  const res = await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(2)), headers: { 'Idempotency-Key': `double-charge-${Date.now()}-${++n}-0000` } });
  expect(res.status).toBe(201);
  return res.body;
}

function charge(order: { id: number; accessToken: string }, cardNumber: string, key = `charge-${++n}`) {
  return call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(cardNumber), metadata: { orderId: String(order.id) } }, headers: { ...bearer(order.accessToken), 'Idempotency-Key': key } });
}

function payments(orderId: number): Promise<Array<{ status: string; amount_cents: number; transaction_id: string }>> {
  const q = shop.database.q;
  return q.all(q.db.selectFrom('payment').select(['status', 'amount_cents', 'transaction_id']).where('order_id', '=', orderId).orderBy('id'));
}

async function history(orderId: number): Promise<string[]> {
  const q = shop.database.q;
  return (await q.all(q.db.selectFrom('sales_order_status_history').select('comment').where('order_id', '=', orderId).orderBy('id'))).map((h) => h.comment);
}

function overpayments(orderId: number): Promise<{ c: number } | undefined> {
  const q = shop.database.q;
  return q.first(q.db.selectFrom('payment_overpayment').select((eb) => eb.fn.countAll<number>().as('c')).where('order_id', '=', orderId));
}

/** The authentication page's form, as the customer's still-open tab would post it. */
function authenticate(nextActionUrl: string, outcome: 'complete' | 'fail' = 'complete') {
  const url = new URL(nextActionUrl);
  const form = new URLSearchParams({ transactionId: url.searchParams.get('transactionId')!, secret: url.searchParams.get('secret')!, outcome }).toString();
  return call(shop.url, 'POST', url.pathname, { body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
}

describe('a payment waiting for the bank holds the order', () => {
  it('refuses a second card, and a second authentication card under another Idempotency-Key, with 409 and the words of issue 17', async () => {
    const order = await newOrder();
    const held = await charge(order, CARD_NEEDS_AUTHENTICATION);
    expect(held.status).toBe(402);
    expect(held.body).toMatchObject({ status: 'on_hold', nextAction: { type: 'redirect_to_url' } });

    const second = await charge(order, '4242424242424242');
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'payment_waiting', message: WAITING });
    const third = await charge(order, CARD_NEEDS_AUTHENTICATION);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(WAITING);

    // Nothing but the first payment; and when its authentication completes, one payment pays the order.
    expect((await payments(order.id)).map((p) => p.status)).toEqual(['on_hold']);
    expect((await authenticate(held.body.nextAction.url)).status).toBe(303);
    expect(await payments(order.id)).toEqual([expect.objectContaining({ status: 'completed', amount_cents: Math.round(order.total * 100) })]);
    expect(await overpayments(order.id)).toEqual({ c: 0 });
  });

  it('"Pay another way" voids it with the test gateway: the ledger and history say so, its page no longer completes, and one new card pays', async () => {
    const order = await newOrder();
    const held = await charge(order, CARD_NEEDS_AUTHENTICATION);
    const cancelled = await call(shop.url, 'POST', '/api/payment/waiting/cancel', { body: { metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ success: true, cancelled: [{ gateway: 'test', transactionId: held.body.transactionId }], message: expect.stringContaining('cancelled') });
    expect((await payments(order.id)).map((p) => p.status)).toEqual(['voided']);
    expect((await history(order.id)).at(-1)).toMatch(new RegExp(`transaction ${held.body.transactionId} cancelled by the customer to pay another way; voided with the test gateway`));

    // The tab left open on the authentication page: it says the payment was cancelled and takes nothing.
    const late = await authenticate(held.body.nextAction.url);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ error: 'authentication_cancelled' });
    const page = await call(shop.url, 'GET', new URL(held.body.nextAction.url).pathname + new URL(held.body.nextAction.url).search);
    expect(page.status).toBe(410);

    const paid = await charge(order, '4242424242424242');
    expect(paid.status).toBe(200);
    expect((await payments(order.id)).map((p) => p.status)).toEqual(['voided', 'completed']);
    expect(await shop.database.q.first(shop.database.q.db.selectFrom('sales_order').select('status').where('id', '=', order.id))).toEqual({ status: 'ordered' });
    // Verifying the voided transaction later records nothing new.
    const verify = await call(shop.url, 'POST', '/api/payment/test/verify', { body: { transactionId: held.body.transactionId }, headers: bearer(order.accessToken) });
    expect(verify.body).toMatchObject({ success: false, status: 'voided' });
    expect((await payments(order.id)).map((p) => p.status)).toEqual(['voided', 'completed']);
  });

  it('a stranger cannot cancel someone\'s waiting payment: the answer of an unknown order, and nothing changes', async () => {
    const order = await newOrder();
    const held = await charge(order, CARD_NEEDS_AUTHENTICATION);
    const before = await orderSnapshot(shop.database.q, order.id);
    for (const [label, headers] of strangerHeaders(strangerToken)) {
      const res = await call(shop.url, 'POST', '/api/payment/waiting/cancel', { body: { metadata: { orderId: String(order.id) } }, headers, from: freshClient() });
      expect(res.status, label).toBe(404);
      expect(res.body, label).toEqual({ error: 'orderNotExist', message: 'Order not found.' });
    }
    // The e-mail proves only a split-payment order; this one is not, and a wrong e-mail is a miss either way.
    for (const email of ['someone@example.com', 'jane.doe@example.com']) {
      const res = await call(shop.url, 'POST', '/api/payment/waiting/cancel', { body: { email, metadata: { orderId: String(order.id) } }, from: freshClient() });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await orderSnapshot(shop.database.q, order.id)).toEqual(before);
    // The owner's authentication still completes.
    expect((await authenticate(held.body.nextAction.url)).status).toBe(303);
    expect((await payments(order.id)).map((p) => p.status)).toEqual(['completed']);
  });

  it('holds a split-payment order too; its page proves itself by e-mail, and a wrong e-mail cancels nothing', async () => {
    const quote = await storeQuote(shop.quotes);
    const link = await shop.quotes.issueLink(quote.id);
    const first = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), amount: 600, metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
    expect(first.status).toBe(200);
    const orderId = (await shop.quotes.row(quote.id))!.order_id!;
    const split = (cardNumber: string, email = quoteFile.email) =>
      call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(cardNumber), amount: 500, email, metadata: { orderId: String(orderId) } }, from: freshClient() });
    expect((await split(CARD_NEEDS_AUTHENTICATION)).status).toBe(402);
    const refused = await split('4242424242424242');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WAITING);
    // The quote's link pays the same order: held too.
    const viaQuote = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), amount: 500, metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
    expect(viaQuote.status).toBe(409);

    const before = await orderSnapshot(shop.database.q, orderId);
    const wrong = await call(shop.url, 'POST', '/api/payment/waiting/cancel', { body: { email: 'not.sam@example.com', metadata: { orderId: String(orderId) } }, from: freshClient() });
    expect(wrong.status).toBe(404);
    expect(await orderSnapshot(shop.database.q, orderId)).toEqual(before);

    const cancelled = await call(shop.url, 'POST', '/api/payment/waiting/cancel', { body: { email: quoteFile.email, metadata: { orderId: String(orderId) } }, from: freshClient() });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelled).toHaveLength(1);
    expect((await split('4242424242424242')).status).toBe(200);
    expect((await payments(orderId)).map((p) => p.status)).toEqual(['completed', 'voided', 'completed']);
  });

  it('cancels a Stripe intent waiting for 3-D Secure, and a second intent is refused while it waits', async () => {
    const order = await newOrder();
    const created = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    const intentId = created.body.paymentIntent.id;
    shop.stripe.setStatus(intentId, 'requires_action'); // Stripe.js confirmed it; the bank's page is open
    // The ledger has not heard of it; the next intent finds it and is refused.
    const second = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(WAITING);
    expect(shop.stripe.intents.size).toBeGreaterThan(0);
    expect((await payments(order.id)).map((p) => p.status)).toEqual(['on_hold']);

    const cancelled = await call(shop.url, 'POST', '/api/payment/waiting/cancel', { body: { metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    expect(cancelled.body.cancelled).toEqual([{ gateway: 'stripe', transactionId: intentId }]);
    expect(shop.stripe.intents.get(intentId)!.status).toBe('canceled');
    expect((await payments(order.id)).map((p) => p.status)).toEqual(['voided']);
    expect((await charge(order, '4242424242424242')).status).toBe(200);
  });

  it('reuses an intent never confirmed for a retry, and cancels it when another card pays first', async () => {
    const order = await newOrder();
    const ask = () => call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    const first = (await ask()).body.paymentIntent.id;
    expect((await ask()).body.paymentIntent.id).toBe(first);
    expect((await charge(order, '4242424242424242')).status).toBe(200);
    // The page still holding the first intent's client secret can no longer pay with it.
    expect(shop.stripe.intents.get(first)!.status).toBe('canceled');
  });
});
