/**
 * Contract test: the PayPal adapter against a local PayPal that checks every request with PayPal's
 * own OpenAPI documents (Orders v2, Notifications v1). A request PayPal would refuse fails the test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from './fakes/fake-paypal';
import { centsToPayPalValue, decodeCustomId, encodeCustomId, PayPalGateway, payPalValueToCents } from './paypal-gateway';

describe('PayPal amounts and metadata', () => {
  it('converts between cents and PayPal values', () => {
    expect(centsToPayPalValue(123_456)).toBe('1234.56');
    expect(centsToPayPalValue(5)).toBe('0.05');
    expect(payPalValueToCents('12.34')).toBe(1234);
    expect(payPalValueToCents('12.3')).toBe(1230);
    expect(payPalValueToCents('100')).toBe(10_000);
  });

  it('carries metadata in custom_id within 127 characters', () => {
    expect(decodeCustomId(encodeCustomId({ orderId: '12', orderIncrementId: '000000012' }))).toEqual({ orderId: '12', orderIncrementId: '000000012' });
    const long = encodeCustomId({ orderId: 'o'.repeat(60), quoteId: 'q'.repeat(60), orderIncrementId: 'i'.repeat(40) });
    expect(long.length).toBeLessThanOrEqual(127);
    expect(decodeCustomId(long)).toEqual({ orderId: 'o'.repeat(60) });
  });
});

describe('PayPal gateway against PayPal\'s OpenAPI documents', () => {
  let fake: FakePayPal;
  let gateway: PayPalGateway;

  beforeAll(async () => {
    fake = await startFakePayPal({ clientId: 'client-id', clientSecret: 'client-secret' });
    gateway = new PayPalGateway({ clientId: 'client-id', clientSecret: 'client-secret', webhookId: '1JE4291016473214C', apiBase: fake.url });
  });
  afterAll(() => fake.close());
  afterEach(() => expect(fake.violations).toEqual([]));

  it('creates an order with a PayPal-Request-Id and an approval link, once per request id', async () => {
    const order = await gateway.createOrder({ amountCents: 10_050, currency: 'usd', metadata: { orderId: '5', orderIncrementId: '000000005' }, requestId: 'paypal-order-1' });
    expect(order.status).toBe('CREATED');
    expect(order.links?.find((l) => l.rel === 'approve')?.href).toContain(order.id);
    const create = fake.requests.find((r) => r.path === '/v2/checkout/orders')!;
    expect(create.headers['paypal-request-id']).toBe('paypal-order-1');
    expect(JSON.parse(create.body)).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '100.50' } }] });
    const again = await gateway.createOrder({ amountCents: 10_050, currency: 'usd', metadata: { orderId: '5' }, requestId: 'paypal-order-1' });
    expect(again.id).toBe(order.id);
    // One token serves every call until it expires.
    expect(fake.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('patches, captures once, and maps COMPLETED to completed with the captured amount', async () => {
    const order = await gateway.createOrder({ amountCents: 2_000, currency: 'USD', metadata: { quoteId: '3' }, requestId: 'paypal-order-2' });
    await gateway.updateOrder(order.id, { amountCents: 2_500, currency: 'USD', metadata: { quoteId: '3', orderId: '8' } });
    expect(await gateway.confirm(order.id)).toMatchObject({ status: 'pending', amountCents: 2_500, metadata: { quoteId: '3', orderId: '8' } });
    await expect(gateway.captureOrder(order.id)).rejects.toMatchObject({ message: 'Failed to capture PayPal payment. Please try again.', status: 402 });
    fake.approve(order.id);
    const captured = await gateway.captureOrder(order.id);
    expect(captured.status).toBe('COMPLETED');
    const capture = fake.requests.filter((r) => r.path.endsWith('/capture')).at(-1)!;
    expect(capture.headers['paypal-request-id']).toBe(`capture-${order.id}`);
    // The double click: same request id, same capture.
    expect((await gateway.captureOrder(order.id)).purchase_units?.[0]?.payments?.captures).toHaveLength(1);
    expect(await gateway.confirm(order.id)).toEqual({
      gateway: 'paypal',
      providerReference: order.id,
      transactionId: order.id,
      status: 'completed',
      amountCents: 2_500,
      currency: 'USD',
      metadata: { quoteId: '3', orderId: '8' },
      additionalData: { providerStatus: 'COMPLETED', orderStatus: 'COMPLETED', captureId: captured.purchase_units![0]!.payments!.captures![0]!.id },
    });
  });

  it('reports a declined capture as failed', async () => {
    const order = await gateway.createOrder({ amountCents: 700, currency: 'USD', metadata: { orderId: '9' }, requestId: 'paypal-order-3' });
    fake.approve(order.id);
    fake.declineNextCapture();
    const result = await gateway.captureOrder(order.id);
    expect(gateway.toConfirmedPayment(result).status).toBe('failed');
  });

  it('answers an unknown order with 404 and checks webhooks with PayPal', async () => {
    await expect(gateway.confirm('UNKNOWN123')).rejects.toMatchObject({ status: 404, code: 'payment_not_found' });
    const event = { id: 'WH-EVT-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'X' } };
    const headers = Object.fromEntries(Object.entries(fake.webhookHeaders()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(await gateway.verifyWebhook(headers, event)).toBe(true);
    expect(await gateway.verifyWebhook({ ...headers, 'paypal-transmission-sig': 'forged' }, event)).toBe(false);
    expect(await gateway.verifyWebhook({}, event)).toBe(false);
  });

  it('says PayPal configuration not found when PayPal refuses our credentials', async () => {
    const wrong = new PayPalGateway({ clientId: 'client-id', clientSecret: 'wrong', webhookId: null, apiBase: fake.url });
    await expect(wrong.confirm('ANY')).rejects.toMatchObject({ message: 'PayPal configuration not found' });
  });
});
