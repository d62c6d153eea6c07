/**
 * Attacker: knows the victim's order id, perhaps its token from a leaked URL, and tries to read,
 * re-address or pay the order outside the owner's proof: tokens in query strings or bodies (which
 * end up in logs, history and Referer headers), and the split-payment page's id + e-mail check,
 * guessed at speed or from many addresses.
 *
 * @engines sqlite: proof of ownership is checked before any query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, orderPayload } from '../api/commerce-test-kit';
import { bearer, call, card, freshClient, leaks, orderSnapshot, strangerHeaders } from './attacker-kit';
import { startShop, type Shop } from './scripted-shop';

let shop: Shop;
let victim: Record<string, any>;
let attacker: Record<string, any>;

const NOT_FOUND = { error: 'orderNotExist', message: 'Order not found.' };
const oregon = { ...billing, state: 'OR', zipCode: '97201', city: 'Portland', street1: '1 Thief Way' };

beforeAll(async () => {
  shop = await startShop();
  victim = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
  attacker = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
});
afterAll(async () => {
  await shop?.stop();
});

describe('tokens travel only in the Authorization header', () => {
  it('a token in the query string or the body opens nothing: the victim\'s order is neither read, re-addressed nor paid', async () => {
    const before = await orderSnapshot(shop.database.q, victim.id);
    const token = victim.accessToken as string;
    const attempts = [
      await call(shop.url, 'GET', `/api/order/view/${victim.id}?token=${token}`),
      await call(shop.url, 'GET', `/api/order/view/${victim.id}?accessToken=${token}`),
      await call(shop.url, 'PATCH', `/api/order?token=${token}`, { body: { id: victim.id, addresses: [oregon] } }),
      await call(shop.url, 'PATCH', '/api/order', { body: { id: victim.id, accessToken: token, addresses: [oregon] } }),
      await call(shop.url, 'POST', `/api/payment/test/charge?token=${token}`, { body: { ...card('4000000000000002'), metadata: { orderId: String(victim.id) } } }),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect(leaks(res, [victim.email, billing.street1])).toEqual([]);
    }
    // Nor does anything else but the victim's token in the header.
    for (const [label, headers] of strangerHeaders(attacker.accessToken)) {
      const readdress = await call(shop.url, 'PATCH', '/api/order', { body: { id: victim.id, addresses: [oregon, { ...oregon, type: 'shipping' }] }, headers });
      expect(readdress.body, label).toEqual(NOT_FOUND);
      const pay = await call(shop.url, 'PATCH', '/api/order', { body: { id: victim.id, payments: [{ transactionId: 'txn_anything', method: 'card' }] }, headers });
      expect(pay.body, label).toEqual(NOT_FOUND);
    }
    expect(await orderSnapshot(shop.database.q, victim.id)).toEqual(before);
    const header = await call(shop.url, 'GET', `/api/order/view/${victim.id}`, { headers: bearer(token) });
    expect(header.status).toBe(200);
  });
});

describe('the order id + e-mail proof of the split-payment page', () => {
  it('is rate limited like the lookup: the sixth check of one client gets 429', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(shop.url, 'POST', `/api/order/${victim.id}/split-payment`, { body: { email: `guess${i}@example.com`, payments: [{ transactionId: 'x1', method: 'card' }] }, from: client });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('shares its budget with the lookup and with a payment proven by e-mail', async () => {
    const client = freshClient();
    for (let i = 0; i < 3; i++) expect((await call(shop.url, 'GET', `/api/order/${victim.id}?email=guess${i}@example.com`, { from: client })).status).toBe(404);
    expect((await call(shop.url, 'POST', `/api/order/${victim.id}/split-payment`, { body: { email: 'g@example.com', payments: [{ transactionId: 'x1', method: 'card' }] }, from: client })).status).toBe(404);
    expect((await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), email: 'h@example.com', metadata: { orderId: String(victim.id) } }, from: client })).status).toBe(404);
    const sixth = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), email: 'i@example.com', metadata: { orderId: String(victim.id) } }, from: client });
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBe('60');
  });

  it('counts guesses, not the owner\'s own checks: six right lookups pass, five wrong ones then shut out even the right e-mail', async () => {
    const target = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
    const client = freshClient();
    const lookup = (email: string) => call(shop.url, 'GET', `/api/order/${target.id}?email=${encodeURIComponent(email)}`, { from: client });
    for (let i = 0; i < 6; i++) expect((await lookup(target.email)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await lookup(`guess${i}@example.com`)).status).toBe(404);
    const right = await lookup(target.email);
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBe('60');
  });

  it("limits each client, not the order: a client rotating its address gets each address's budget, and never locks the owner out (issue 17)", async () => {
    const target = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call(shop.url, 'POST', `/api/order/${target.id}/split-payment`, { body: { email: `rotate${i}@example.com`, payments: [{ transactionId: 'x1', method: 'card' }] }, from: freshClient() });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 404)).toBe(true);
    expect((await call(shop.url, 'GET', `/api/order/${target.id}?email=${encodeURIComponent(target.email)}`, { from: freshClient() })).status).toBe(200);
  });

  it('pays only an order with split payment enabled, and never hands out the access token', async () => {
    // The victim's checkout order has no split payment: its e-mail is no proof for paying it.
    const res = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card('4000000000000002'), email: victim.email, metadata: { orderId: String(victim.id) } }, from: freshClient() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'splitPaymentNotEnabled', message: 'Split payment is not enabled for this order.' });
    expect(leaks(res, [victim.accessToken])).toEqual([]);
  });
});
