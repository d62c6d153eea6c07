/**
 * @engines sqlite postgres: one order per Idempotency-Key is a unique constraint; lookups are limited in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { startTestServer, type TestServer } from '../testing/test-server';
import { api, billing, demoCatalog, orderPayload, skus } from './commerce-test-kit';

let server: TestServer;
beforeAll(async () => {
  // The lookup tests speak as clients behind a proxy: X-Forwarded-For is believed from loopback only.
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /api/order', () => {
  it('creates the order from catalog prices: state new, status pending, history, totals computed', async () => {
    const [a, b] = skus(2);
    const res = await api(server.url, 'POST', '/api/order', orderPayload({ total: 0.01, subtotal: 0.01, status: 'ordered', state: 'complete', items: [{ sku: a, qty: 1, price: 0.01 }, { sku: b, qty: 1, price: 0 }] }));
    expect(res.status).toBe(201);
    const o = res.body;
    const expectedSubtotal = (demoCatalog.findSample(a!)!.priceCents + demoCatalog.findSample(b!)!.priceCents) / 100;
    expect(o.subtotal).toBe(expectedSubtotal);
    expect(o.status).toBe('pending');
    expect(o.state).toBe('new');
    expect(o.statusHistory).toEqual([expect.objectContaining({ status: 'pending', comment: 'New order has been created', isCustomerNotified: false })]);
    expect(o.shippingAmount).toBe(12.5);
    // TX 78701: 6.25 % on items and shipping.
    expect(o.taxPercent).toBe(6.25);
    expect(o.total).toBeCloseTo(o.subtotal + o.shippingAmount + o.taxAmount, 2);
    expect(o.orderIncrementId).toMatch(/^\d{9}$/);
    expect(typeof o.accessToken).toBe('string');
  });

  it('records the dealer whose page placed the order', async () => {
    const res = await api(server.url, 'POST', '/api/order', orderPayload(), { Origin: server.dealerUrl });
    expect(res.status).toBe(201);
    const db = openDatabase(server.databaseUrl);
    const row = await db.q.first(db.q.db.selectFrom('sales_order').select('dealer_origin').where('id', '=', res.body.id));
    await db.close();
    expect(row!.dealer_origin).toBe(server.dealerUrl);
  });

  it('refuses a second unit of a sample with the spec message', async () => {
    const [a] = skus(1);
    const name = demoCatalog.findSample(a!)!.name;
    const res = await api(server.url, 'POST', '/api/order', orderPayload({ items: [{ sku: a, qty: 2 }] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`You can order maximum 1 quantity of item "${name}".`);
  });

  it('answers checkout field messages word for word', async () => {
    const res = await api(server.url, 'POST', '/api/order', orderPayload({ addresses: [{ ...billing, zipCode: '12a', phoneNumber: '555', firstName: 'J4ne' }] }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ 'billing.zipCode': 'Only numbers are allowed', 'billing.phoneNumber': 'Phone number must be at least 10 digits', 'billing.firstName': 'Only alphabets are allowed' });
    expect(res.body.message).toBe('Form validation failed. Please check your information.');
    const noMethod = await api(server.url, 'POST', '/api/order', orderPayload({ payments: [], paymentMethod: 'bitcoin' }));
    expect(noMethod.status).toBe(400);
    expect(noMethod.body).toMatchObject({ message: 'Please select a payment method', fields: { paymentMethod: 'Please select a payment method' } });
    const empty = await api(server.url, 'POST', '/api/order', orderPayload({ items: [] }));
    expect(empty.body.message).toBe('Please select at least one sample.');
  });

  it('refuses an address no shipping method serves', async () => {
    const res = await api(server.url, 'POST', '/api/order', orderPayload({ addresses: [{ ...billing, state: 'HI', zipCode: '96815' }] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Sorry, no shipping methods are available for the selected shipping address.');
  });

  it('gives one order for 20 concurrent requests with one Idempotency-Key', async () => {
    const payload = orderPayload();
    const key = `checkout-${Date.now()}-same`;
    const results = await Promise.all(Array.from({ length: 20 }, () => api(server.url, 'POST', '/api/order', payload, { 'Idempotency-Key': key })));
    const ids = new Set(results.map((r) => r.body.id));
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(ids.size).toBe(1);
  });

  it('updates the same unpaid order when the cart changes under the same key', async () => {
    const key = `checkout-${Date.now()}-changed`;
    const first = await api(server.url, 'POST', '/api/order', orderPayload({}, skus(2)), { 'Idempotency-Key': key });
    const second = await api(server.url, 'POST', '/api/order', orderPayload({}, skus(3)), { 'Idempotency-Key': key });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.items).toHaveLength(3);
  });
});

describe('order lookup and view', () => {
  it('views an order only with its access token', async () => {
    const created = await api(server.url, 'POST', '/api/order', orderPayload());
    const ok = await api(server.url, 'GET', `/api/order/view/${created.body.id}`, undefined, { Authorization: `Bearer ${created.body.accessToken}` });
    expect(ok.status).toBe(200);
    expect(ok.body.data.id).toBe(created.body.id);
    const denied = await api(server.url, 'GET', `/api/order/view/${created.body.id}`);
    expect(denied.status).toBe(404);
    expect(denied.body).toMatchObject({ error: 'orderNotExist', message: 'Order not found.' });
  });

  it('gives the same answer for a wrong id and a wrong e-mail, and 429 once five lookups of a minute missed', async () => {
    const created = await api(server.url, 'POST', '/api/order', orderPayload());
    const ip = { 'X-Forwarded-For': '10.1.2.3' };
    const good = await api(server.url, 'GET', `/api/order/${created.body.orderIncrementId}?email=${encodeURIComponent(billing.email)}`, undefined, ip);
    expect(good.status).toBe(200);
    expect(good.body.data.id).toBe(created.body.id);
    const wrongEmail = await api(server.url, 'GET', `/api/order/${created.body.orderIncrementId}?email=someone@example.com`, undefined, ip);
    const wrongId = await api(server.url, 'GET', `/api/order/999999999?email=${encodeURIComponent(billing.email)}`, undefined, ip);
    expect(wrongEmail.status).toBe(404);
    expect(wrongEmail.body).toEqual(wrongId.body);
    expect(wrongId.body.message).toBe('Order not found.');
    // The right lookup above is no guess and costs nothing of the five: three more misses, then 429.
    for (let i = 0; i < 3; i++) expect((await api(server.url, 'GET', `/api/order/1?email=x@example.com`, undefined, ip)).status).toBe(404);
    const sixth = await api(server.url, 'GET', `/api/order/1?email=x@example.com`, undefined, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ error: 'too_many_requests' });
  });

  it("limits each client, never the order: strangers' misses from rotating addresses do not lock its owner out", async () => {
    const created = await api(server.url, 'POST', '/api/order', orderPayload());
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await api(server.url, 'GET', `/api/order/${created.body.orderIncrementId}?email=guess${i}@example.com`, undefined, { 'X-Forwarded-For': `10.50.0.${i}` });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 404)).toBe(true);
    const owner = await api(server.url, 'GET', `/api/order/${created.body.orderIncrementId}?email=${encodeURIComponent(billing.email)}`, undefined, { 'X-Forwarded-For': '10.50.1.1' });
    expect(owner.status).toBe(200);
  });
});
