/**
 * Attacker: "a form on my site can POST text/plain (or an untyped Blob) to the shop's API without a
 * CORS preflight, and the API parses it as JSON; and a name from the URL such as 'constructor' is
 * looked up on a plain object and answers 500."
 *
 * @engines sqlite: input is parsed before any query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, orderPayload } from '../api/commerce-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const JSON_ENDPOINTS = ['/api/order', '/api/cart/totals', '/api/payment/test/charge', '/api/quote/convertToOrder'];
/** What a page on another origin can send without a preflight: the "simple" content types, or none. */
const SIMPLE_TYPES = ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];

describe('JSON endpoints take only application/json', () => {
  it.each(JSON_ENDPOINTS.flatMap((path) => SIMPLE_TYPES.map((type) => [path, type] as const)))('%s refuses %s with 415 {error, message, fields}', async (path, type) => {
    const res = await fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(orderPayload()) });
    expect(res.status).toBe(415);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ error: 'unsupported_media_type', message: 'Send the request body as application/json.', fields: { 'content-type': 'Send the request body as application/json.' } });
  });

  it.each(JSON_ENDPOINTS)('%s refuses a body with no content type (an untyped Blob)', async (path) => {
    const res = await fetch(server.url + path, { method: 'POST', body: new Blob([JSON.stringify(orderPayload())]) });
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.status).toBe(415);
  });

  it('no order is made from a text/plain body', async () => {
    const key = `plain-${crypto.randomUUID()}`;
    await fetch(`${server.url}/api/order`, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'Idempotency-Key': key }, body: JSON.stringify(orderPayload()) });
    const replay = await api(server.url, 'POST', '/api/order', orderPayload(), { 'Idempotency-Key': key });
    // The JSON retry makes the first order under that key: nothing was stored before it.
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBeGreaterThan(0);
  });

  it('still takes application/json, with a charset or a +json type', async () => {
    const items = (orderPayload().items as { sku: string }[]).map((i) => ({ sku: i.sku, qty: 1 }));
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json']) {
      const res = await fetch(`${server.url}/api/cart/totals`, { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify({ items }) });
      expect(res.status).toBe(200);
    }
  });
});

describe('names from a request are not looked up on an object\'s prototype', () => {
  const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

  it.each(NAMES)('GET /schemas/%s.schema.json is a 404, not a 500', async (name) => {
    const res = await fetch(`${server.url}/schemas/${name}.schema.json`);
    expect(res.status).toBe(404);
  });

  it.each(NAMES)('payment method and gateway names: %s is refused with a 4xx', async (name) => {
    for (const [method, path, body] of [
      ['POST', `/api/payment/${name}/charge`, {}],
      ['GET', `/api/order/verify/${name}?transactionId=x`, undefined],
      ['POST', '/api/order', orderPayload({ payments: [{ transactionId: 'tx-1', method: name }] })],
      ['POST', '/api/quote/convertToOrder', { quoteId: 1, payments: [{ transactionId: 'tx-1', method: name }] }],
    ] as const) {
      const res = await api(server.url, method, path, body);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it.each(NAMES)('pages and files named %s are a 404 page, never a 500', async (name) => {
    for (const path of [`/${name}`, `/products/${name}`, `/products/${name}/${name}`, `/blogs/${name}`, `/blogs/category/${name}`, `/blogs/authors/${name}`, `/inspiration-gallery/${name}`, `/widgets/${name}`, `/images/${name}`, `/payment/verify/${name}`]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
