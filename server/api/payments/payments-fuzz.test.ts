/**
 * Random and malformed requests to the payment routes with every provider configured (as local
 * fakes): never a 5xx, every 4xx has {error, message}, and nothing a provider would refuse ever
 * reaches it (the fakes check each request against the provider's published contract).
 *
 * @engines sqlite: a route test with a scripted orders room.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentsTestApp, type PaymentsTestApp } from './payments-test-app';
import { scaledMs } from '../../../scripts/test-calibration';

const routes: Array<[string, string]> = [
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
];

const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('7', '31', 'pi_x', '4242424242424242', 'COMMON.ACCEPT.INAPP.PAYMENT', 'a@b.co', '', '💥', "' or 1=1", 'usd', 'EUR'));
const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 3 }));
const field = fc.constantFrom(
  'orderId', 'quoteId', 'amount', 'currency', 'metadata', 'additionalData', 'paymentIntentId', 'paymentMethodId', 'availableMethods', 'receiptEmail',
  'shipping', 'cardNumber', 'expMonth', 'expYear', 'cardCode', 'dataDescriptor', 'dataValue', 'billTo',
);
const body = fc.oneof(
  fc.dictionary(field, value, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  // Near-valid requests for a known order, with one field made strange.
  fc.tuple(field, value).map(([k, v]) => JSON.stringify({ metadata: { orderId: '7' }, additionalData: { orderId: '7' }, dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'tok', cardNumber: '4242424242424242', expMonth: '12', expYear: String(new Date().getUTCFullYear() + 2), cardCode: '123', [k]: v })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('', '{', 'null', '[1]', '{"metadata":{"orderId":{"a":1}}}', '{"shipping":{"address":[]}}'),
);

describe('payment routes under random input', () => {
  let app: PaymentsTestApp;
  beforeAll(async () => {
    app = await startPaymentsTestApp();
  });
  afterAll(() => app.stop());

  it('never answer 5xx, always the error shape, and never send a provider a request it would refuse', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, path], payload) => {
        const res = await fetch(app.url + path, { method, headers: { 'Content-Type': 'application/json' }, body: payload });
        const answer = await res.text();
        expect(res.status, `${method} ${path} ${payload} -> ${answer}`).toBeLessThan(500);
        if (res.status >= 400) {
          const parsed = JSON.parse(answer);
          expect(typeof parsed.error).toBe('string');
          expect(typeof parsed.message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
    // One well-formed request per provider, so the contract check below always has requests to
    // look at (random draws alone reach a provider only a few times in 300, sometimes none).
    const wellFormed = JSON.stringify({ metadata: { orderId: '7' }, additionalData: { orderId: '7' }, dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'tok' });
    for (const path of ['/api/payment/stripe/payment-intent', '/api/payment/paypal/order', '/api/payment/authorize-net/process-transaction']) {
      const res = await fetch(app.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: wellFormed });
      expect(res.status, `${path} -> ${await res.text()}`).toBeLessThan(500);
    }
    expect([...app.stripe.violations, ...app.paypal.violations, ...app.anet.violations]).toEqual([]);
    // Requests did reach every provider, so the line above checked something.
    expect(app.stripe.requests.length).toBeGreaterThan(0);
    expect(app.paypal.requests.length).toBeGreaterThan(0);
    expect(app.anet.requests.length).toBeGreaterThan(0);
  }, scaledMs(120_000));
});
