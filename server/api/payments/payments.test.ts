/**
 * The /api/payment/* routes over HTTP, with the three providers as local fakes that check every
 * request against the provider's published contract, and a scripted orders room (`chargeAmount`).
 *
 * @engines sqlite: a route test with a scripted orders room.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentsTestApp, type PaymentsTestApp } from './payments-test-app';

async function call(app: PaymentsTestApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const visa = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: String(new Date().getUTCFullYear() + 2), cardCode: '123' };

describe('payment routes', () => {
  let app: PaymentsTestApp;
  beforeAll(async () => {
    app = await startPaymentsTestApp();
  });
  afterAll(() => app.stop());
  afterEach(() => {
    expect([...app.stripe.violations, ...app.paypal.violations, ...app.anet.violations]).toEqual([]);
  });

  describe('POST /api/payment/test/charge (offline test gateway)', () => {
    it('charges what the order owes, not what the browser says, and records the payment', async () => {
      const res = await call(app, 'POST', '/api/payment/test/charge', { ...visa, amount: 0.01, metadata: { orderId: '7' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, status: 'completed', transactionResponse: { amount: 0.01 } });
      // 0.01 is a split part the scripted orders room accepts; without an amount the full due is charged.
      const full = await call(app, 'POST', '/api/payment/test/charge', { ...visa, orderId: '7' });
      expect(full.body).toMatchObject({ success: true, transactionResponse: { amount: 42.5, cardBrand: 'visa', cardLast4: '4242' }, metadata: { orderId: '7', orderIncrementId: '000000007' } });
      // Asked twice: the owner's proof and a first answer, then the claim the charge is taken under.
      const asked = { orderId: '7', quoteId: undefined, requestedAmount: undefined, method: 'test', owner: { token: undefined, email: undefined, client: '127.0.0.1' } };
      expect(app.charges.slice(-2)).toEqual([asked, { ...asked, purpose: 'claim', knownAttempts: [] }]);
      const recorded = app.confirmed.find((p) => p.transactionId === full.body.transactionId);
      expect(recorded).toMatchObject({ gateway: 'test', status: 'completed', amountCents: 4_250 });
      // The server can confirm it later from its own records.
      expect(await app.gateways.get('test').confirm(full.body.transactionId)).toEqual(recorded);
    });

    it('answers declines and authentication with 402 and the customer-facing message', async () => {
      const declined = await call(app, 'POST', '/api/payment/test/charge', { ...visa, cardNumber: '4000000000000002', orderId: '7' });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ error: 'card_declined', message: 'Your card was declined.', status: 'failed', success: false });
      const auth = await call(app, 'POST', '/api/payment/test/charge', { ...visa, cardNumber: '4000002500003155', orderId: '7' });
      expect(auth.body).toMatchObject({ message: 'Additional authentication required', status: 'on_hold' });
      const funds = await call(app, 'POST', '/api/payment/test/charge', { ...visa, cardNumber: '4000000000009995', orderId: '7' });
      expect(funds.body).toMatchObject({ message: 'Your card has insufficient funds.', status: 'failed' });
    });

    it('refuses bad card input with the messages of 002 §5, and unknown orders with the orders room\'s answer', async () => {
      const bad = await call(app, 'POST', '/api/payment/test/charge', { cardNumber: '4242424242424241', expMonth: '13', expYear: '1999', cardCode: 'x', orderId: '7' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        error: 'invalid_request',
        message: 'Form validation failed. Please check your information.',
        fields: { cardNumber: 'Card number is invalid', expMonth: 'Expiry month is invalid', expYear: 'Expiry year is invalid', cardCode: 'CVV is invalid' },
      });
      const unknown = await call(app, 'POST', '/api/payment/test/charge', { ...visa, orderId: '999' });
      expect(unknown).toEqual({ status: 404, body: { error: 'orderNotExist', message: 'Order not found.' } });
      const none = await call(app, 'POST', '/api/payment/test/charge', visa);
      expect(none.status).toBe(400);
      expect(none.body.fields).toEqual({ orderId: 'Order ID is required' });
    });

    it('gives one transaction for a double click with one Idempotency-Key', async () => {
      const headers = { 'Idempotency-Key': 'checkout-attempt-1' };
      const [a, b] = await Promise.all([
        call(app, 'POST', '/api/payment/test/charge', { ...visa, orderId: '8' }, headers),
        call(app, 'POST', '/api/payment/test/charge', { ...visa, orderId: '8' }, headers),
      ]);
      expect(a.body.transactionId).toBe(b.body.transactionId);
    });

    it('never answers 5xx to malformed requests', async () => {
      for (const body of ['{', '[]', '"text"', 'null', '{"cardNumber":{"$gt":1}}', '{"metadata":"x"}', '{"amount":"lots"}']) {
        const res = await call(app, 'POST', '/api/payment/test/charge', body);
        expect(res.status, body).toBeGreaterThanOrEqual(400);
        expect(res.status, body).toBeLessThan(500);
        expect(typeof res.body.error).toBe('string');
        expect(typeof res.body.message).toBe('string');
      }
      const wrongType = await fetch(`${app.url}/api/payment/test/charge`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
      expect(wrongType.status).toBe(415);
    });
  });

  describe('Stripe', () => {
    it('creates an intent for the server amount, patches the order in after payment, retrieves and captures', async () => {
      const created = await call(app, 'POST', '/api/payment/stripe/payment-intent', { amount: 1, currency: 'usd', receiptEmail: 'sam@example.com', metadata: { quoteId: '31' } });
      expect(created.status).toBe(200);
      const intent = created.body.paymentIntent;
      expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 9_900, currency: 'usd', metadata: { quoteId: '31', quoteIncrementId: 'Q-31' } });
      expect(intent.client_secret).toMatch(/_secret_/);

      app.stripe.confirmInBrowser(intent.id);
      // After the quote's conversion the browser patches the order id in; the amount is history now.
      const patched = await call(app, 'PATCH', '/api/payment/stripe/payment-intent', { paymentIntentId: intent.id, amount: 5, metadata: { orderId: '8', orderIncrementId: '000000008' } });
      expect(patched.status).toBe(200);
      expect(patched.body.paymentIntent).toMatchObject({ amount: 9_900, metadata: { quoteId: '31', orderId: '8' } });
      expect(patched.body.paymentIntent.client_secret).toBeUndefined();

      // A paid intent cannot be pointed at another order.
      const moved = await call(app, 'PATCH', '/api/payment/stripe/payment-intent', { paymentIntentId: intent.id, metadata: { orderId: '7' } });
      expect(moved.status).toBe(409);
      expect(moved.body.error).toBe('metadata_conflict');

      const retrieved = await call(app, 'POST', '/api/payment/stripe/payment-intent/retrieve', { paymentIntentId: intent.id });
      expect(retrieved.body).toMatchObject({ success: true, status: 'completed', paymentIntent: { status: 'succeeded', amount_received: 9_900 } });

      const captured = await call(app, 'POST', '/api/payment/stripe/capture-payment', { paymentIntentId: intent.id });
      expect(captured.body).toMatchObject({ success: true, status: 'completed' });
      expect(app.confirmed.at(-1)).toMatchObject({ gateway: 'stripe', providerReference: intent.id, status: 'completed', amountCents: 9_900 });
    });

    it('re-prices an unpaid intent from the server when the order changes', async () => {
      const created = await call(app, 'POST', '/api/payment/stripe/payment-intent', { metadata: { orderId: '7' }, availableMethods: ['card'] });
      const id = created.body.paymentIntent.id;
      const patched = await call(app, 'PATCH', '/api/payment/stripe/payment-intent', { paymentIntentId: id, amount: 999999 });
      expect(patched.body.paymentIntent.amount).toBe(4_250);
    });

    it('captures a manual intent once', async () => {
      const created = await call(app, 'POST', '/api/payment/stripe/payment-intent', { metadata: { orderId: '7' } });
      const id = created.body.paymentIntent.id;
      app.stripe.intents.get(id)!.capture_method = 'manual';
      app.stripe.confirmInBrowser(id);
      const [a, b] = await Promise.all([
        call(app, 'POST', '/api/payment/stripe/capture-payment', { paymentIntentId: id }),
        call(app, 'POST', '/api/payment/stripe/capture-payment', { paymentIntentId: id }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.status).toBe('completed');
    });

    it('validates input and answers unknown intents with 404', async () => {
      const missing = await call(app, 'PATCH', '/api/payment/stripe/payment-intent', {});
      expect(missing.body).toMatchObject({ error: 'invalid_request', fields: { paymentIntentId: 'This field is required' } });
      const bad = await call(app, 'POST', '/api/payment/stripe/payment-intent', { receiptEmail: 'nope', paymentMethodId: 'pm bad', availableMethods: 'card', currency: 'dollars', metadata: { orderId: '7' } });
      expect(bad.body.fields).toEqual({ receiptEmail: 'Invalid email address', paymentMethodId: 'Is not valid', availableMethods: 'Must be a list of payment method types', currency: 'Must be at most 3 characters' });
      const unknown = await call(app, 'POST', '/api/payment/stripe/payment-intent/retrieve', { paymentIntentId: 'pi_unknown' });
      expect(unknown.status).toBe(404);
      const eur = await call(app, 'POST', '/api/payment/stripe/payment-intent', { currency: 'eur', metadata: { orderId: '7' } });
      expect(eur.body.fields).toEqual({ currency: 'Must be USD' });
    });
  });

  describe('PayPal', () => {
    it('creates an order with an approval link, updates it, captures it after approval', async () => {
      const created = await call(app, 'POST', '/api/payment/paypal/order', { amount: 123, currency: 'USD', additionalData: { orderId: '7' } });
      expect(created.status).toBe(200);
      expect(created.body.response.links.find((l: { rel: string }) => l.rel === 'approve').href).toContain(created.body.id);
      expect(app.paypal.orders.get(created.body.id)).toMatchObject({ purchase_units: [{ amount: { value: '42.50', currency_code: 'USD' } }] });

      const updated = await call(app, 'PATCH', '/api/payment/paypal/order', { orderId: created.body.id, amount: 10, currency: 'USD', additionalData: { orderId: '7' } });
      expect(updated.body).toEqual({ success: true, id: created.body.id });
      expect(app.paypal.orders.get(created.body.id)).toMatchObject({ purchase_units: [{ amount: { value: '10.00' } }] });

      const early = await call(app, 'POST', '/api/payment/paypal/capture', { orderId: created.body.id });
      expect(early.status).toBe(402);
      expect(early.body.message).toBe('Failed to capture PayPal payment. Please try again.');

      app.paypal.approve(created.body.id);
      const captured = await call(app, 'POST', '/api/payment/paypal/capture', { orderId: created.body.id });
      expect(captured.body).toMatchObject({ success: true, transactionId: created.body.id, status: 'completed', amount: 10, transactionResponse: { status: 'COMPLETED' } });
      expect(app.confirmed.at(-1)).toMatchObject({ gateway: 'paypal', providerReference: created.body.id, status: 'completed', amountCents: 1_000, metadata: { orderId: '7' } });
      // The browser may still send its update after the capture: accepted, PayPal's order left alone.
      const late = await call(app, 'PATCH', '/api/payment/paypal/order', { orderId: created.body.id, amount: 10, additionalData: { orderId: '7' } });
      expect(late.body).toEqual({ success: true, id: created.body.id });
      const moved = await call(app, 'PATCH', '/api/payment/paypal/order', { orderId: created.body.id, additionalData: { orderId: '8' } });
      expect(moved.status).toBe(409);
    });

    it('uses the wallet messages of 002 §8', async () => {
      expect((await call(app, 'POST', '/api/payment/paypal/capture', {})).body).toMatchObject({ message: 'No PayPal order to capture. Please try again.', fields: { orderId: 'This field is required' } });
      expect((await call(app, 'PATCH', '/api/payment/paypal/order', { amount: 'x' })).body.message).toBe('Failed to update PayPal order. Please try again.');
      expect((await call(app, 'POST', '/api/payment/paypal/order', { amount: -1, additionalData: { orderId: '7' } })).body.message).toBe('Failed to create PayPal order. Please try again.');
      expect((await call(app, 'POST', '/api/payment/paypal/capture', { orderId: 'NOSUCHORDER1' })).status).toBe(404);
    });
  });

  describe('Authorize.net', () => {
    const opaque = { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJ0b2tlbiI6IjEyMyJ9' };

    it('charges the opaque data for the due amount: status 200 means success', async () => {
      const res = await call(app, 'POST', '/api/payment/authorize-net/process-transaction', {
        ...opaque,
        additionalData: { email: 'jane@example.com', orderId: '7', billTo: { firstName: 'Jane', lastName: 'Doe', street1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '5125550100' } },
      });
      expect(res.body).toMatchObject({ status: 200, success: true, message: 'This transaction has been approved.', transactionResponse: { responseCode: '1', amount: 42.5 } });
      const sent = JSON.parse(app.anet.requests.at(-1)!.body).createTransactionRequest.transactionRequest;
      expect(sent).toMatchObject({ amount: '42.50', billTo: { address: '1 Main St', zip: '78701', country: 'US' }, customer: { email: 'jane@example.com' } });
      expect(app.confirmed.at(-1)).toMatchObject({ gateway: 'authorizenet', status: 'completed', amountCents: 4_250 });
    });

    it('answers a decline with 402 and the processor text; held for review is accepted as on_hold', async () => {
      app.anet.nextResponseCode('2');
      const declined = await call(app, 'POST', '/api/payment/authorize-net/process-transaction', { ...opaque, additionalData: { orderId: '7' } });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ status: 402, success: false, message: 'This transaction has been declined.', transactionResponse: { responseCode: '2' } });
      app.anet.nextResponseCode('4');
      const held = await call(app, 'POST', '/api/payment/authorize-net/process-transaction', { ...opaque, additionalData: { orderId: '7' } });
      expect(held.body).toMatchObject({ status: 200, paymentStatus: 'on_hold' });
    });

    it('requires the opaque data', async () => {
      const bad = await call(app, 'POST', '/api/payment/authorize-net/process-transaction', { ...opaque, additionalData: { orderId: '7', customer: { email: 'not-an-email' } } });
      expect(bad.body.fields).toEqual({ 'additionalData.customer.email': 'Invalid email address' });
      const res = await call(app, 'POST', '/api/payment/authorize-net/process-transaction', { additionalData: { orderId: '7' } });
      expect(res.body).toMatchObject({ message: 'Payment Error', fields: { dataDescriptor: 'This field is required', dataValue: 'This field is required' } });
    });
  });
});

describe('payment routes without provider keys', () => {
  let app: PaymentsTestApp;
  beforeAll(async () => {
    app = await startPaymentsTestApp({ providers: false });
  });
  afterAll(() => app.stop());

  it('answers a clear 4xx for unconfigured gateways while the test gateway works', async () => {
    expect(await call(app, 'POST', '/api/payment/stripe/payment-intent', { metadata: { orderId: '7' } })).toMatchObject({ status: 400, body: { error: 'gateway_not_configured', message: 'Payment method not available' } });
    expect(await call(app, 'POST', '/api/payment/paypal/order', { additionalData: { orderId: '7' } })).toMatchObject({ status: 400, body: { message: 'PayPal configuration not found' } });
    expect((await call(app, 'POST', '/api/payment/authorize-net/process-transaction', {})).body.message).toBe('Payment method not available');
    expect((await call(app, 'POST', '/api/payment/test/charge', { ...visa, orderId: '7' })).status).toBe(200);
  });
});
