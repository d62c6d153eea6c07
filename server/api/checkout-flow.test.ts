/**
 * The whole checkout through the offline test gateway (its /api/payment/test/charge), as the
 * checkout widget runs it: create the order, charge the amount the server decides, then PATCH the
 * order with the transaction; a webhook-style report and the verify call record one payment.
 *
 * @engines sqlite postgres: an order and its payments are written in transactions the engine runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { api, billing, orderPayload } from './commerce-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const auth = (order: Record<string, any>) => ({ Authorization: `Bearer ${order.accessToken}` });
const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cardCode: '123' });

async function checkout(cardNumber: string) {
  const created = await api(server.url, 'POST', '/api/order', orderPayload(), { 'Idempotency-Key': `flow-${cardNumber}-${Date.now()}` });
  expect(created.status).toBe(201);
  const order = created.body;
  // The browser asks to pay 1 cent; the server charges the order's total.
  const charge = await api(server.url, 'POST', '/api/payment/test/charge', { ...card(cardNumber), amount: 0.01, currency: 'USD', metadata: { orderId: String(order.id) } }, auth(order));
  return { order, charge };
}

describe('checkout through the offline test gateway', () => {
  it('charges the server total and marks the order ordered, with one payment and both e-mails', async () => {
    const { order, charge } = await checkout('4242424242424242');
    expect(charge.status).toBe(200);
    expect(charge.body.transactionResponse.amount).toBe(order.total);
    const patched = await api(server.url, 'PATCH', '/api/order', { id: order.id, status: 'ordered', payments: [{ transactionId: charge.body.transactionId, method: 'card' }] }, { Authorization: `Bearer ${order.accessToken}` });
    expect(patched.status).toBe(200);
    expect(patched.body.order).toMatchObject({ status: 'ordered', paymentStatus: 'paid', emailSent: true, remainingBalance: 0 });
    expect(patched.body.order.payments).toHaveLength(1);
    expect(patched.body.order.payments[0]).toMatchObject({ status: 'completed', amount: order.total, method: 'card' });
    const verify = await api(server.url, 'POST', '/api/payment/card/verify', { transactionId: charge.body.transactionId }, auth(order));
    expect(verify.body).toMatchObject({ success: true, status: 'completed', metadata: { orderId: String(order.id), orderIncrementId: order.orderIncrementId } });
    const view = await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, { Authorization: `Bearer ${order.accessToken}` });
    expect(view.body.data.payments).toHaveLength(1);
    const mail = await fetch(`${server.url}/dev/mail`).then((r) => r.text());
    expect(mail).toContain(`Order Confirmation #${order.orderIncrementId}`);
    expect(mail).toContain(`New Order #${order.orderIncrementId}`);
    expect(mail).toContain(billing.email);
  });

  it('keeps a declined order pending with a failed payment, and the same order can be paid again', async () => {
    const { order, charge } = await checkout('4000000000000002');
    expect(charge.status).toBe(402);
    expect(charge.body.message).toBe('Your card was declined.');
    const view = await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, { Authorization: `Bearer ${order.accessToken}` });
    expect(view.body.data.status).toBe('pending');
    expect(view.body.data.payments).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(view.body.data.statusHistory.at(-1).comment).toMatch(/^Payment failed: /);
    const retry = await api(server.url, 'POST', '/api/payment/test/charge', { ...card('4242424242424242'), metadata: { orderId: String(order.id) } }, auth(order));
    expect(retry.status).toBe(200);
    const after = await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, { Authorization: `Bearer ${order.accessToken}` });
    expect(after.body.data.status).toBe('ordered');
    expect(after.body.data.payments.map((p: { status: string }) => p.status)).toEqual(['failed', 'completed']);
  });

  it('holds an order that needs authentication in pending_payment', async () => {
    const { order } = await checkout('4000002500003155');
    const view = await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, { Authorization: `Bearer ${order.accessToken}` });
    expect(view.body.data.status).toBe('pending_payment');
  });

  it('refuses to charge an order that is already paid', async () => {
    const { order } = await checkout('4242424242424242');
    const again = await api(server.url, 'POST', '/api/payment/test/charge', { ...card('4242424242424242'), metadata: { orderId: String(order.id) } }, auth(order));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order has already been fully paid.');
  });
});
