/**
 * Contract test: the PayPal adapter against a local PayPal that checks every request with PayPal's
 * own OpenAPI documents (Orders v2, Notifications v1). A request PayPal would refuse fails the test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from './fakes/fake-paypal';
import { centsToPayPalValue, decodeCustomId, encodeCustomId, PayPalGateway, paypalRefundOf, payPalValueToCents } from './paypal-gateway';

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

describe('PayPal refunds against PayPal\'s OpenAPI documents (Payments v2)', () => {
  let fake: FakePayPal;
  let gateway: PayPalGateway;

  beforeAll(async () => {
    fake = await startFakePayPal({ clientId: 'client-id', clientSecret: 'client-secret' });
    gateway = new PayPalGateway({ clientId: 'client-id', clientSecret: 'client-secret', webhookId: '1JE4291016473214C', apiBase: fake.url });
  });
  afterAll(() => fake.close());
  afterEach(() => expect(fake.violations).toEqual([]));

  let n = 0;
  /** A PayPal order the buyer approved and the store captured, as the store recorded it. */
  const captured = async (amountCents: number) => {
    const order = await gateway.createOrder({ amountCents, currency: 'USD', metadata: { orderId: '31' }, requestId: `paypal-refund-order-${++n}` });
    fake.approve(order.id);
    await gateway.captureOrder(order.id);
    const payment = await gateway.confirm(order.id);
    return { providerReference: order.id, transactionId: order.id, amountCents, currency: 'USD', additionalData: payment.additionalData };
  };
  const refundRequests = () => fake.requests.filter((r) => r.method === 'POST' && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(r.path));

  it('refunds the order\'s capture in full with the PayPal-Request-Id, the amount and the note to the payer', async () => {
    const payment = await captured(2_500);
    const outcome = await gateway.refund({ payment, amountCents: 2_500, idempotencyKey: 'pp-refund-full', reason: 'returned_goods', note: 'Returned: the blue armchair' });
    expect(outcome).toEqual({ kind: 'refund', status: 'succeeded', providerReference: expect.stringMatching(/^[A-Z0-9]{17}$/), amountCents: 2_500 });
    const sent = refundRequests().at(-1)!;
    expect(sent.path).toBe(`/v2/payments/captures/${String(payment.additionalData.captureId)}/refund`);
    expect(sent.headers['paypal-request-id']).toBe('pp-refund-full');
    expect(JSON.parse(sent.body)).toEqual({ amount: { value: '25.00', currency_code: 'USD' }, note_to_payer: 'Returned: the blue armchair' });
    // The capture is REFUNDED now; the payment was still received (completed), its refund is on its own.
    expect(await gateway.confirm(payment.providerReference)).toMatchObject({ status: 'completed', additionalData: { providerStatus: 'REFUNDED' } });
    expect(fake.refundsOf(payment.providerReference)).toMatchObject([{ id: outcome.providerReference, status: 'COMPLETED', amount: { value: '25.00' } }]);
  });

  it('refunds in parts, then refuses more than is left with PayPal\'s issue', async () => {
    const payment = await captured(10_000);
    const refund = (amountCents: number, key: string) => gateway.refund({ payment, amountCents, idempotencyKey: key, reason: 'other' });
    expect((await refund(6_000, 'pp-part-1')).status).toBe('succeeded');
    expect(await gateway.confirm(payment.providerReference)).toMatchObject({ status: 'completed', additionalData: { providerStatus: 'PARTIALLY_REFUNDED' } });
    expect((await refund(3_000, 'pp-part-2')).status).toBe('succeeded');
    expect(await refund(2_000, 'pp-part-3')).toEqual({
      kind: 'refund',
      status: 'failed',
      providerReference: String(payment.additionalData.captureId),
      amountCents: 2_000,
      message: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded. (REFUND_AMOUNT_EXCEEDED)',
    });
    expect((await refund(1_000, 'pp-part-4')).status).toBe('succeeded');
    expect(await refund(100, 'pp-part-5')).toMatchObject({ status: 'failed', message: 'The capture has already been fully refunded (CAPTURE_FULLY_REFUNDED)' });
    expect(fake.refundsOf(payment.providerReference).map((r) => (r.amount as { value: string }).value)).toEqual(['60.00', '30.00', '10.00']);
  });

  it('refunds once for one PayPal-Request-Id: a retry gets the same refund', async () => {
    const payment = await captured(4_000);
    const request = { payment, amountCents: 1_500, idempotencyKey: 'pp-retry-1', reason: 'duplicate' };
    const first = await gateway.refund(request);
    const again = await gateway.refund(request);
    expect(again).toEqual(first);
    expect(refundRequests().filter((r) => r.headers['paypal-request-id'] === 'pp-retry-1')).toHaveLength(2);
    expect(fake.refundsOf(payment.providerReference)).toHaveLength(1);
  });

  it('voids an order that took no money without calling PayPal beyond reading it', async () => {
    const before = refundRequests().length;
    const order = await gateway.createOrder({ amountCents: 1_800, currency: 'USD', metadata: { orderId: '32' }, requestId: 'pp-void-1' });
    const payment = { providerReference: order.id, transactionId: order.id, amountCents: 1_800, currency: 'USD', additionalData: {} };
    expect(await gateway.refund({ payment, amountCents: 1_800, idempotencyKey: 'pp-void-created', reason: 'order_cancelled' })).toEqual({ kind: 'void', status: 'succeeded', providerReference: order.id, amountCents: 1_800 });
    fake.approve(order.id);
    expect(await gateway.refund({ payment, amountCents: 1_800, idempotencyKey: 'pp-void-approved', reason: 'order_cancelled' })).toMatchObject({ kind: 'void', status: 'succeeded' });
    // A declined capture took nothing either.
    fake.declineNextCapture();
    await gateway.captureOrder(order.id);
    expect(await gateway.refund({ payment, amountCents: 1_800, idempotencyKey: 'pp-void-declined', reason: 'order_cancelled' })).toMatchObject({ kind: 'void', status: 'succeeded' });
    expect(refundRequests()).toHaveLength(before);
  });

  it('leaves a capture still PENDING to PayPal, which does not refund it yet', async () => {
    const order = await gateway.createOrder({ amountCents: 900, currency: 'USD', metadata: {}, requestId: 'pp-pending-capture' });
    fake.approve(order.id);
    fake.holdNextCapture();
    await gateway.captureOrder(order.id);
    const payment = { providerReference: order.id, transactionId: order.id, amountCents: 900, currency: 'USD', additionalData: {} };
    expect(await gateway.refund({ payment, amountCents: 900, idempotencyKey: 'pp-pending-1', reason: 'other' })).toMatchObject({ kind: 'refund', status: 'failed', message: 'Capture cannot be refunded. (REFUND_NOT_ALLOWED)' });
  });

  it('maps the refund\'s status: PENDING waits, FAILED and CANCELLED fail', async () => {
    const payment = await captured(3_000);
    fake.nextRefundStatus('PENDING');
    const pending = await gateway.refund({ payment, amountCents: 1_000, idempotencyKey: 'pp-status-1', reason: 'other' });
    expect(pending).toMatchObject({ kind: 'refund', status: 'pending' });
    fake.nextRefundStatus('FAILED');
    expect(await gateway.refund({ payment, amountCents: 500, idempotencyKey: 'pp-status-2', reason: 'other' })).toMatchObject({ status: 'failed', message: 'PayPal reports the refund FAILED.' });
    fake.nextRefundStatus('CANCELLED');
    expect((await gateway.refund({ payment, amountCents: 500, idempotencyKey: 'pp-status-3', reason: 'other' })).status).toBe('failed');
    expect(await gateway.getRefund(pending.providerReference)).toEqual({ gateway: 'paypal', paymentReference: payment.providerReference, providerReference: pending.providerReference, amountCents: 1_000, status: 'pending' });
  });

  it('answers an unknown order as PayPal\'s refusal, and throws only when PayPal cannot be reached', async () => {
    const payment = { providerReference: 'UNKNOWN42', transactionId: 'UNKNOWN42', amountCents: 100, currency: 'USD', additionalData: {} };
    expect(await gateway.refund({ payment, amountCents: 100, idempotencyKey: 'pp-unknown', reason: 'other' })).toMatchObject({
      status: 'failed',
      message: 'Specified resource ID does not exist. Please check the resource ID and try again. (INVALID_RESOURCE_ID)',
    });
    const closed = await startFakePayPal({ clientId: 'client-id', clientSecret: 'client-secret' });
    await closed.close();
    const offline = new PayPalGateway({ clientId: 'client-id', clientSecret: 'client-secret', webhookId: null, apiBase: closed.url });
    await expect(offline.refund({ payment, amountCents: 100, idempotencyKey: 'pp-offline', reason: 'other' })).rejects.toMatchObject({ status: 502 });
  });

  it('reads a PAYMENT.CAPTURE.REFUNDED webhook back to the PayPal order, through the refund\'s capture', async () => {
    const payment = await captured(5_000);
    const outcome = await gateway.refund({ payment, amountCents: 2_000, idempotencyKey: 'pp-hook-1', reason: 'other' });
    const event = fake.refundEvent(outcome.providerReference);
    const headers = Object.fromEntries(Object.entries(fake.webhookHeaders()).map(([k, v]) => [k.toLowerCase(), v]));
    // PayPal's verify call checks the event against the Notifications document's event schema.
    expect(await gateway.verifyWebhook(headers, event)).toBe(true);
    expect(paypalRefundOf(event)).toEqual({ refundId: outcome.providerReference, captureId: String(payment.additionalData.captureId), orderId: null, amountCents: 2_000, status: 'succeeded' });
    expect(await gateway.refundOf(event)).toEqual({ gateway: 'paypal', paymentReference: payment.providerReference, providerReference: outcome.providerReference, amountCents: 2_000, status: 'succeeded' });
    expect(fake.requests.at(-1)!.path).toBe(`/v2/payments/captures/${String(payment.additionalData.captureId)}`);

    // An event that names the order itself needs no call.
    const calls = fake.requests.length;
    const named = { ...event, resource: { ...(event.resource as object), supplementary_data: { related_ids: { order_id: payment.providerReference } } } };
    expect(await gateway.refundOf(named)).toMatchObject({ paymentReference: payment.providerReference });
    expect(fake.requests).toHaveLength(calls);

    expect(await gateway.refundOf({ ...event, event_type: 'PAYMENT.CAPTURE.COMPLETED' })).toBeNull();
    expect(await gateway.refundOf({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'X', amount: { value: '1.00', currency_code: 'USD' }, links: [] } })).toBeNull();
  });

  it('the fake refuses a refund PayPal would refuse (so the checks above mean something)', async () => {
    const payment = await captured(1_000);
    const auth = fake.requests.filter((r) => r.path.startsWith('/v2/')).at(-1)!.headers.authorization!;
    const res = await fetch(`${fake.url}/v2/payments/captures/${String(payment.additionalData.captureId)}/refund`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: { value: '5', currency_code: 'USD' }, note_to_payer: '' }),
    });
    expect(res.status).toBe(400);
    expect(fake.violations.join('\n')).toMatch(/note_to_payer must NOT have fewer than 1 characters/);
    fake.violations.length = 0;
  });
});
