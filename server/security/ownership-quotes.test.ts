/**
 * Attacker: knows a quote id (sequential) and perhaps an old link, or watched a payment of it go
 * by. Tries to pay, convert or read the quote without its valid link token, and to get the quote
 * marked ordered without paying. The quote is paid and converted only by the link's holder, only
 * while the link is valid, and only for a payment the gateway did not decline.
 *
 * @engines sqlite: proof of ownership is checked before any query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, quoteFile, storeQuote } from '../api/commerce-test-kit';
import { bearer, call, card, CARD_DECLINED, freshClient, leaks, paymentCount, quoteSnapshot, strangerHeaders } from './attacker-kit';
import { startShop, type Shop } from './scripted-shop';

let shop: Shop;
let strangerOrderToken: string;

beforeAll(async () => {
  shop = await startShop();
  strangerOrderToken = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body.accessToken;
});
afterAll(async () => {
  await shop?.stop();
});

async function newQuote(overrides: Record<string, unknown> = {}) {
  const quote = await storeQuote(shop.quotes, overrides);
  return { quote, link: await shop.quotes.issueLink(quote.id) };
}

const QUOTE_NOT_FOUND = { error: 'quoteNotExist', message: 'Quote not found. The link may be incorrect.', errorType: 'quoteNotExist' };

describe('paying a quote', () => {
  it('needs the quote\'s link token on every gateway route', async () => {
    const { quote, link } = await newQuote();
    const before = await quoteSnapshot(shop.database.q, quote.id);
    const payments = await paymentCount(shop.database.q);
    const [intents, paypalOrders, anetCharges] = [shop.stripe.intents.size, shop.paypal.orders.size, shop.anet.charges.length];
    for (const [label, headers] of strangerHeaders(strangerOrderToken)) {
      const attempts = [
        await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { quoteId: String(quote.id) } }, headers }),
        await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { quoteId: String(quote.id) } }, headers }),
        await call(shop.url, 'POST', '/api/payment/paypal/order', { body: { additionalData: { quoteId: String(quote.id) } }, headers }),
        await call(shop.url, 'POST', '/api/payment/authorize-net/process-transaction', { body: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque', additionalData: { quoteId: String(quote.id) } }, headers }),
      ];
      for (const res of attempts) {
        expect(res.status, `${label}: ${res.text}`).toBe(400);
        expect(res.body).toEqual(QUOTE_NOT_FOUND);
        expect(leaks(res, [quoteFile.email, quoteFile.phone, link.token])).toEqual([]);
      }
    }
    expect([shop.stripe.intents.size, shop.paypal.orders.size, shop.anet.charges.length, await paymentCount(shop.database.q)]).toEqual([intents, paypalOrders, anetCharges, payments]);
    expect(await quoteSnapshot(shop.database.q, quote.id)).toEqual(before);
    // The link's holder may pay.
    const owner = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
    expect(owner.body.paymentIntent.amount).toBe(262520);
  });

  it('refuses an expired link, even with its right token', async () => {
    const { quote } = await newQuote();
    const expired = await shop.quotes.issueLink(quote.id, 1, new Date(Date.now() - 2 * 24 * 3600 * 1000));
    const res = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { quoteId: String(quote.id) } }, headers: bearer(expired.token) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorType: 'tokenExpired' });
    expect(await quoteSnapshot(shop.database.q, quote.id)).toMatchObject({ quote: { status: 'ready_to_order', order_id: null }, orders: [] });
  });
});

describe('converting a quote', () => {
  it('needs the link token: a stranger with the owner\'s transaction id converts nothing', async () => {
    const { quote, link } = await newQuote();
    const created = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
    shop.stripe.setStatus(created.body.paymentIntent.id, 'succeeded');
    const before = await quoteSnapshot(shop.database.q, quote.id);
    for (const [label, headers] of strangerHeaders(strangerOrderToken)) {
      const res = await call(shop.url, 'POST', '/api/quote/convertToOrder', { body: { quoteId: quote.id, payment: { transactionId: created.body.paymentIntent.id, method: 'stripe' } }, headers });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual(QUOTE_NOT_FOUND);
    }
    expect(await quoteSnapshot(shop.database.q, quote.id)).toEqual(before);
  });

  it('never marks a quote ordered for a declined payment, by convert or by verify', async () => {
    const { quote, link } = await newQuote({ splitPaymentEnabled: false });
    const declined = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(CARD_DECLINED), metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
    expect(declined.status).toBe(402);
    const convert = await call(shop.url, 'POST', '/api/quote/convertToOrder', { body: { quoteId: quote.id, payment: { transactionId: declined.body.transactionId, method: 'card' } }, headers: bearer(link.token) });
    expect(convert.status).toBe(402);
    expect(convert.body).toMatchObject({ error: 'payment_failed', message: 'Your card was declined.' });
    const verify = await call(shop.url, 'POST', '/api/payment/test/verify', { body: { transactionId: declined.body.transactionId }, headers: bearer(link.token) });
    expect(verify.status).toBe(402);
    expect(await quoteSnapshot(shop.database.q, quote.id)).toMatchObject({ quote: { status: 'ready_to_order', order_id: null }, orders: [] });
    // The quote page still offers payment.
    const page = await call(shop.url, 'GET', `/api/quote?quoteId=${quote.id}`, { headers: bearer(link.token) });
    expect(page.body.data).toMatchObject({ status: 'ready_to_order', orderId: null });
  });
});

describe('reading a quote', () => {
  it('by view needs the link token in the Authorization header, not the query', async () => {
    const { quote, link } = await newQuote();
    const query = await call(shop.url, 'GET', `/api/quote/view/${quote.id}?token=${link.token}`);
    expect(query.status).toBe(400);
    expect(query.body).toEqual(QUOTE_NOT_FOUND);
    expect(leaks(query, [quoteFile.email, quoteFile.phone])).toEqual([]);
    expect((await call(shop.url, 'GET', `/api/quote/view/${quote.id}`, { headers: bearer(link.token) })).status).toBe(200);
    // The customer's quote link keeps its ?token=, and the page may send it as a header instead.
    expect((await call(shop.url, 'GET', `/api/quote?quoteId=${quote.id}&token=${link.token}`)).status).toBe(200);
    expect((await call(shop.url, 'GET', `/api/quote?quoteId=${quote.id}`, { headers: bearer(link.token) })).status).toBe(200);
  });
});

describe('the split payments of a quote\'s order', () => {
  it('are paid and verified by order id + e-mail, and the answer never carries the access token', async () => {
    const { quote, link } = await newQuote();
    const first = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), amount: 1000, metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
    expect(first.status).toBe(200);
    const converted = await call(shop.url, 'POST', '/api/quote/convertToOrder', { body: { quoteId: quote.id, payment: { transactionId: first.body.transactionId, method: 'card' } }, headers: bearer(link.token) });
    const order = converted.body.order;
    expect(order).toMatchObject({ status: 'partially_paid', remainingBalance: 1625.2 });
    const client = freshClient();
    const part = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), amount: 600, email: quoteFile.email, metadata: { orderId: String(order.id) } }, from: client });
    expect(part.status).toBe(200);
    const verified = await call(shop.url, 'POST', '/api/payment/test/verify', { body: { transactionId: part.body.transactionId, email: quoteFile.email }, from: client });
    expect(verified.status).toBe(200);
    expect(verified.body.order).toMatchObject({ id: order.id, remainingBalance: 1025.2 });
    expect(verified.body.order.accessToken).toBeUndefined();
    expect(leaks(verified, [order.accessToken, link.token])).toEqual([]);
  });
});
