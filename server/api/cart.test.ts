/**
 * Cart totals, shipping rates and reviews: what the checkout and product pages ask.
 *
 * @engines sqlite: totals, shipping and reviews are computed by the server, whatever the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { api, demoCatalog, skus } from './commerce-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /api/cart/totals', () => {
  it('prices the cart from the catalog and the rules, ignoring browser prices', async () => {
    const [a, b] = skus(2);
    const res = await api(server.url, 'POST', '/api/cart/totals', { items: [{ sku: a, qty: 1, price: 0 }, { sku: b, qty: '1' }], address: { countryId: 'US', state: 'NY', zipCode: '10010' }, total: 1 });
    expect(res.status).toBe(200);
    const subtotal = (demoCatalog.findSample(a!)!.priceCents + demoCatalog.findSample(b!)!.priceCents) / 100;
    expect(res.body.subtotal).toBe(subtotal);
    expect(res.body.taxDetails.taxPercent).toBe(8.875);
    expect(res.body.shippingMethod).toMatchObject({ type: 'sample-parcel', rate: 12.5 });
    expect(res.body.total).toBeCloseTo(subtotal + 12.5 + res.body.taxAmount, 2);
  });

  it('ships a cart of twelve samples by parcel, not by freight, however much it comes to', async () => {
    const twelve = skus(12);
    const res = await api(server.url, 'POST', '/api/cart/totals', { items: twelve.map((sku) => ({ sku, qty: 1 })), address: { countryId: 'US', state: 'TX', zipCode: '78701' } });
    expect(res.status).toBe(200);
    // Above the parcel range's $99: a cart of samples only still goes by parcel.
    expect(res.body.subtotal).toBeGreaterThan(99);
    expect(res.body.shippingMethod).toMatchObject({ type: 'sample-parcel', displayName: 'Parcel', rate: 12.5 });
    expect(res.body.shippingCost).toBe(12.5);
    // The rates of a plain subtotal (not a cart of samples) keep their ranges: $150 is freight.
    const rates = await api(server.url, 'GET', '/api/shipping/rates?subtotal=150&country=US&state=TX&zip=78701');
    expect(rates.body.method).toMatchObject({ type: 'standard-freight' });
  });

  it('waits for an address, and says when no method ships there', async () => {
    const [a] = skus(1);
    const none = await api(server.url, 'POST', '/api/cart/totals', { items: [{ sku: a }] });
    expect(none.body).toMatchObject({ shippingAvailable: false, shippingMessage: 'Shipping will be calculated after entering address.', taxAmount: 0 });
    // The checkout asks with `address: null` until the visitor has typed one.
    const nothingYet = await api(server.url, 'POST', '/api/cart/totals', { items: [{ sku: a, qty: 1 }], address: null });
    expect(nothingYet.status).toBe(200);
    expect(nothingYet.body).toMatchObject({ shippingAvailable: false, shippingMessage: 'Shipping will be calculated after entering address.' });
    const hawaii = await api(server.url, 'POST', '/api/cart/totals', { items: [{ sku: a }], address: { state: 'HI', zipCode: '96815' } });
    expect(hawaii.body.shippingMessage).toBe('Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.');
  });

  it('refuses an empty cart, an unknown SKU and a second unit', async () => {
    expect((await api(server.url, 'POST', '/api/cart/totals', { items: [] })).body.message).toBe('Please select at least one sample.');
    expect((await api(server.url, 'POST', '/api/cart/totals', { items: [{ sku: 'NOPE' }] })).body.message).toBe('Item "NOPE" is not available.');
    const [a] = skus(1);
    const twice = await api(server.url, 'POST', '/api/cart/totals', { items: [{ sku: a }, { sku: a }] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(`You can order maximum 1 quantity of item "${demoCatalog.findSample(a!)!.name}".`);
  });
});

describe('GET /api/shipping/rates', () => {
  it('resolves the method and rate for subtotal, country, state and zip', async () => {
    const res = await api(server.url, 'GET', '/api/shipping/rates?subtotal=150&country=US&state=NY&zip=10010');
    expect(res.body).toMatchObject({ success: true, rate: 249, method: { type: 'standard-freight', displayName: 'Standard freight' } });
    const free = await api(server.url, 'GET', '/api/shipping/rates?subtotal=3500&country=US&state=TX&zip=78701');
    expect(free.body.rate).toBe(0);
    const blocked = await api(server.url, 'GET', '/api/shipping/rates?subtotal=150&country=US&state=AK&zip=99501');
    expect(blocked.body).toMatchObject({ method: null, rate: null });
    const waiting = await api(server.url, 'GET', '/api/shipping/rates?subtotal=150');
    expect(waiting.body.message).toBe('Shipping will be calculated after entering address.');
    const bad = await api(server.url, 'GET', '/api/shipping/rates?subtotal=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_failed', message: 'Failed to calculate shipping' });
  });
});

describe('GET /api/openapi.json', () => {
  it('serves the OpenAPI document', async () => {
    const res = await api(server.url, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths).toHaveProperty('/api/order');
  });
});

describe('reviews', () => {
  it('serves the feed and its summary from the demo data', async () => {
    const feed = await api<unknown[]>(server.url, 'GET', '/api/reviews/birdeye');
    expect(feed.status).toBe(200);
    expect(Array.isArray(feed.body)).toBe(true);
    const summary = await api(server.url, 'GET', '/api/reviews/summary');
    expect(summary.body.reviewCount).toBe(feed.body.length);
    if (feed.body.length) {
      expect(feed.body[0]).toMatchObject({ rating: expect.any(Number), reviewer: { nickname: expect.any(String) }, comments: expect.any(String) });
      expect(summary.body.avgRating).toBeGreaterThan(0);
    }
  });
});
