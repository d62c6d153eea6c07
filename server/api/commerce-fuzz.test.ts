/**
 * 500 random malformed requests across the /api endpoints: never a 5xx, and every 4xx carries the
 * error shape {error, message}.
 *
 * @engines sqlite: malformed requests are refused before any query.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { orderPayload } from './commerce-test-kit';
import { scaledMs } from '../../scripts/test-calibration';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const segment = fc.oneof(
  fc.constantFrom('1', '0', '-1', '999999999999', '100000001', 'abc', '%20', '..', 'null', '1e3', 'view', '💥', "'; drop table sales_order;--"),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s) || 'x'),
);

const endpoints: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.constant<[string, string]>(['POST', '/api/order']),
  fc.constant<[string, string]>(['PATCH', '/api/order']),
  segment.map((s): [string, string] => ['GET', `/api/order/view/${s}`]),
  fc.tuple(segment, segment).map(([s, e]): [string, string] => ['GET', `/api/order/${s}?email=${e}`]),
  segment.map((s): [string, string] => ['POST', `/api/order/${s}/split-payment`]),
  fc.tuple(segment, segment).map(([q, t]): [string, string] => ['GET', `/api/quote?quoteId=${q}&token=${t}`]),
  segment.map((s): [string, string] => ['GET', `/api/quote/view/${s}`]),
  fc.constant<[string, string]>(['POST', '/api/quote/convertToOrder']),
  segment.map((s): [string, string] => ['POST', `/api/payment/${s}/verify`]),
  fc.constantFrom<[string, string]>(
    ['POST', '/api/payment/card/verify'],
    ['POST', '/api/payment/test/charge'],
    ['POST', '/api/payment/stripe/payment-intent'],
    ['PATCH', '/api/payment/stripe/payment-intent'],
    ['POST', '/api/payment/stripe/capture-payment'],
    ['POST', '/api/payment/stripe/payment-intent/retrieve'],
    ['POST', '/api/payment/paypal/order'],
    ['PATCH', '/api/payment/paypal/order'],
    ['POST', '/api/payment/paypal/capture'],
    ['POST', '/api/payment/authorize-net/process-transaction'],
    ['POST', '/api/webhooks/stripe'],
    ['POST', '/api/webhooks/paypal'],
    ['POST', '/api/webhooks/authorize-net'],
    ['GET', '/api/payment-methods?scope=nope'],
    ['POST', '/api/cart/totals'],
    ['POST', '/api/email/send-email'],
    ['DELETE', '/api/order'],
    ['PUT', '/api/quote/convertToOrder'],
  ),
  fc.tuple(segment, segment, segment).map(([a, b, c]): [string, string] => ['GET', `/api/shipping/rates?subtotal=${a}&state=${b}&zip=${c}&itemCount=${c}`]),
);

/** Bodies that are wrong in many ways: random JSON, near-valid orders with random holes, junk text. */
const bodies = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('', '{', '[]', 'null', '{"items":[{"sku":null}]}', '{"quoteId":1,"payment":{"transactionId":"x"}}', '{"id":1,"payments":[{"transactionId":"a","method":"card"}]}'),
  fc
    .record({ key: fc.constantFrom('items', 'addresses', 'payments', 'email', 'shippingMethod', 'paymentMethod', 'total', 'status', 'id', 'quoteId', 'payment'), value: fc.jsonValue({ maxDepth: 2 }) })
    .map(({ key, value }) => JSON.stringify({ ...orderPayload(), [key]: value })),
);

const contentTypes = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '');

describe('malformed requests', () => {
  it('never get a 5xx, and every 4xx has {error, message}', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(endpoints, bodies, contentTypes, fc.option(fc.string({ maxLength: 40 })), async ([method, path], body, type, key) => {
        const headers: Record<string, string> = { 'X-Forwarded-For': '10.200.0.1' };
        if (type) headers['Content-Type'] = type;
        if (key) headers['Idempotency-Key'] = key.replace(/[^\x20-\x7e]/g, '');
        const res = await fetch(server.url + path, { method, headers, body: method === 'GET' ? undefined : body });
        const text = await res.text();
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        expect(res.status, `${method} ${path} ${body.slice(0, 200)} -> ${text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
          expect(typeof parsed.error, `${method} ${path}: ${text.slice(0, 200)}`).toBe('string');
          expect(typeof parsed.message).toBe('string');
        }
      }),
      { numRuns: 500 },
    );
    expect([...seen.keys()].some((s) => s >= 400)).toBe(true);
  }, scaledMs(120_000));
});
