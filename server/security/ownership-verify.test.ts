/**
 * Attacker: has learned a transaction id (it travels in the provider's return URL, in logs, in a
 * shared screenshot) and calls verify with it, hoping for the victim's e-mail, phone, addresses and
 * access token, or to record the payment and move the order for the victim. A transaction id is
 * no proof: the verify answer is that of an unknown order, and nothing is recorded.
 *
 * @engines sqlite: proof of ownership is checked before any query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, quoteFile, storeQuote } from '../api/commerce-test-kit';
import { bearer, call, card, freshClient, leaks, orderSnapshot, quoteSnapshot, strangerHeaders } from './attacker-kit';
import { startShop, type Shop } from './scripted-shop';

let shop: Shop;
let victim: Record<string, any>;
let attacker: Record<string, any>;
let secrets: string[];

beforeAll(async () => {
  shop = await startShop();
  victim = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
  attacker = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
  secrets = [victim.accessToken, victim.email, victim.addresses[0].street1, victim.addresses[0].phoneNumber];
});
afterAll(async () => {
  await shop?.stop();
});

describe('verify with a transaction id alone', () => {
  it('neither records the victim\'s Stripe payment nor answers the victim\'s data or token', async () => {
    const created = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(victim.id) } }, headers: bearer(victim.accessToken) });
    const intentId = created.body.paymentIntent.id as string;
    // The victim paid in the browser; Stripe sends them back to /payment/stripe/verify?payment_intent=pi_...
    shop.stripe.setStatus(intentId, 'succeeded');
    const before = await orderSnapshot(shop.database.q, victim.id);
    for (const [label, headers] of strangerHeaders(attacker.accessToken)) {
      const res = await call(shop.url, 'POST', '/api/payment/stripe/verify', { body: { paymentIntentId: intentId, paymentIntentClientSecret: created.body.paymentIntent.client_secret }, headers });
      expect(res.status, label).toBe(404);
      expect(res.body, label).toEqual({ error: 'orderNotExist', message: 'Order not found.' });
      expect(leaks(res, secrets), label).toEqual([]);
    }
    // A guessed e-mail is no better (and counts against the lookup's limits).
    const guessed = await call(shop.url, 'POST', '/api/payment/stripe/verify', { body: { paymentIntentId: intentId, email: 'someone@example.com' }, from: freshClient() });
    expect(guessed.status).toBe(404);
    expect(await orderSnapshot(shop.database.q, victim.id)).toEqual(before);

    // The owner verifies: recorded once, and only the owner learns the token.
    const owner = await call(shop.url, 'POST', '/api/payment/stripe/verify', { body: { paymentIntentId: intentId }, headers: bearer(victim.accessToken) });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ success: true, status: 'completed', orderStatus: 'ordered', order: { accessToken: victim.accessToken } });
  });

  it('answers nothing for a test-gateway transaction of the victim\'s, whose id the charge answered', async () => {
    const other = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
    const charge = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { orderId: String(other.id) } }, headers: bearer(other.accessToken) });
    expect(charge.status).toBe(200);
    for (const [label, headers] of strangerHeaders(attacker.accessToken)) {
      const res = await call(shop.url, 'POST', '/api/payment/test/verify', { body: { transactionId: charge.body.transactionId }, headers });
      expect(res.status, label).toBe(404);
      expect(leaks(res, [other.accessToken, other.email, other.addresses[0].street1]), label).toEqual([]);
    }
  });

  it('does not convert a quote for a stranger holding the quote payment\'s id', async () => {
    const quote = await storeQuote(shop.quotes, { splitPaymentEnabled: false });
    const link = await shop.quotes.issueLink(quote.id);
    const created = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
    expect(created.status).toBe(200);
    shop.stripe.setStatus(created.body.paymentIntent.id, 'succeeded');
    const before = await quoteSnapshot(shop.database.q, quote.id);
    for (const [label, headers] of strangerHeaders(attacker.accessToken)) {
      const res = await call(shop.url, 'POST', '/api/payment/stripe/verify', { body: { paymentIntentId: created.body.paymentIntent.id }, headers });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toMatchObject({ error: 'quoteNotExist', message: 'Quote not found. The link may be incorrect.' });
      expect(leaks(res, [quoteFile.email, quoteFile.phone, link.token]), label).toEqual([]);
    }
    expect(await quoteSnapshot(shop.database.q, quote.id)).toEqual(before);
    const owner = await call(shop.url, 'POST', '/api/payment/stripe/verify', { body: { paymentIntentId: created.body.paymentIntent.id }, headers: bearer(link.token) });
    expect(owner.body).toMatchObject({ success: true, orderStatus: 'ordered', metadata: { quoteId: String(quote.id) } });
  });
});
