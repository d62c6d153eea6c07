/**
 * Payment flows on orders: PATCH with a payment attempt, verify, split payments, e-mails.
 *
 * @engines sqlite postgres: payments are recorded under the order's row lock.
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/load-content';
import { createCommerce } from '../services/commerce';
import { api, billing, orderPayload } from './commerce-test-kit';
import { harnessMail, startHarness, transactionIds, useHarness } from './commerce-harness';

const h = useHarness();
const nextTxn = transactionIds('txn');

async function newOrder(overrides: Record<string, unknown> = {}) {
  const res = await api(h.url, 'POST', '/api/order', orderPayload(overrides));
  expect(res.status).toBe(201);
  return res.body as Record<string, any>;
}

const auth = (order: Record<string, any>) => ({ Authorization: `Bearer ${order.accessToken}` });

function outbox(orderId: number) {
  return h.q.all(h.q.db.selectFrom('mail_outbox').select(['type', 'recipient', 'cc', 'subject', 'html']).where('order_id', '=', orderId).orderBy('id'));
}

function paymentRows(orderId: number) {
  return h.q.all(h.q.db.selectFrom('payment').select(['status', 'amount_cents']).where('order_id', '=', orderId).orderBy('id'));
}

describe('PATCH /api/order with a payment attempt', () => {
  it('marks the order ordered only after the gateway confirms it, and queues both e-mails', async () => {
    const order = await newOrder();
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: Math.round(order.total * 100), metadata: { orderId: String(order.id) } });
    const res = await api(h.url, 'PATCH', '/api/order', { id: order.id, status: 'ordered', emailSent: true, payments: [{ transactionId: id, method: 'card', amountPaid: 1 }] }, auth(order));
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('ordered');
    expect(res.body.sendConfirmationEmail).toBe(true);
    expect(res.body.adminEmail).toEqual(['owner@example.com', 'sales@example.com', 'ops@example.com']);
    expect(res.body.order.emailSent).toBe(true);
    expect(res.body.order.payments).toEqual([expect.objectContaining({ status: 'completed', amount: order.total, transactionId: id })]);
    expect(res.body.order.statusHistory.map((h: { comment: string }) => h.comment)).toEqual([
      'New order has been created',
      expect.stringMatching(new RegExp(`^Order paid .* with transaction ${id}\\.$`)),
      `Order confirmation e-mail sent to ${billing.email}.`,
    ]);
    const mails = await outbox(order.id);
    expect(mails.map((m) => [m.type, m.recipient, JSON.parse(m.cc), m.subject])).toEqual([
      ['order-confirmation', billing.email, [], `Order Confirmation #${order.orderIncrementId}`],
      ['order-confirmation-admin', 'owner@example.com', ['sales@example.com', 'ops@example.com'], `New Order #${order.orderIncrementId}`],
    ]);
  });

  it('ignores a status, emailSent or history sent without a payment', async () => {
    const order = await newOrder();
    const res = await api(h.url, 'PATCH', '/api/order', { id: order.id, status: 'ordered', emailSent: true, total: 0, statusHistory: [{ status: 'ordered', comment: 'paid' }] }, auth(order));
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'pending', emailSent: false, total: order.total });
    expect(res.body.order.statusHistory).toHaveLength(1);
  });

  it('records a failed payment, keeps the status and sends no e-mail', async () => {
    const order = await newOrder();
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: Math.round(order.total * 100), status: 'failed', metadata: { orderId: String(order.id) }, additionalData: { message: 'Your card was declined.' } });
    const res = await api(h.url, 'PATCH', '/api/order', { id: order.id, payments: [{ transactionId: id, method: 'card' }] }, auth(order));
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('pending');
    expect(res.body.sendConfirmationEmail).toBe(false);
    expect(res.body.order.payments[0].status).toBe('failed');
    expect(res.body.order.statusHistory.at(-1)).toMatchObject({ comment: 'Payment failed: Your card was declined.', isCustomerNotified: false });
    expect(await outbox(order.id)).toEqual([]);
    // The same order is retried and paid: still one order, now ordered.
    const retry = nextTxn();
    h.gateway.set({ transactionId: retry, amountCents: Math.round(order.total * 100), metadata: { orderId: String(order.id) } });
    const paid = await api(h.url, 'PATCH', '/api/order', { id: order.id, payments: [{ transactionId: retry, method: 'card' }] }, auth(order));
    expect(paid.body.order.status).toBe('ordered');
  });

  it('moves to pending_payment while the provider says pending, then to ordered: one payment row for verify and webhook alike', async () => {
    const order = await newOrder();
    const id = nextTxn();
    const cents = Math.round(order.total * 100);
    h.gateway.set({ transactionId: id, amountCents: cents, status: 'pending', metadata: { orderId: String(order.id) } });
    const pending = await api(h.url, 'PATCH', '/api/order', { id: order.id, payments: [{ transactionId: id, method: 'card' }] }, auth(order));
    expect(pending.body.order.status).toBe('pending_payment');
    h.gateway.set({ transactionId: id, amountCents: cents, status: 'completed', metadata: { orderId: String(order.id) } });
    const calls = await Promise.all(Array.from({ length: 10 }, () => api(h.url, 'POST', '/api/payment/card/verify', { paymentIntentId: id }, auth(order))));
    expect(calls.every((c) => c.status === 200 && c.body.success === true && c.body.status === 'completed')).toBe(true);
    expect(calls[0]!.body.metadata).toMatchObject({ orderId: String(order.id), orderIncrementId: order.orderIncrementId });
    expect(calls[0]!.body.transactionResponse.amount).toBe(order.total);
    expect(await paymentRows(order.id)).toEqual([{ status: 'completed', amount_cents: cents }]);
    expect(await outbox(order.id)).toHaveLength(2);
    const view = await api(h.url, 'GET', `/api/order/view/${order.id}`, undefined, auth(order));
    expect(view.body.data.status).toBe('ordered');
  });

  it('refuses a payment that belongs to another order', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: 100, metadata: { orderId: String(a.id) } });
    const res = await api(h.url, 'PATCH', '/api/order', { id: b.id, payments: [{ transactionId: id, method: 'card' }] }, auth(b));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'payment_mismatch' });
    expect(await paymentRows(b.id)).toEqual([]);
  });

  it('answers 502 in the error shape when the provider cannot be reached, and records nothing', async () => {
    const order = await newOrder();
    const id = nextTxn();
    h.gateway.unreachable.add(id);
    const res = await api(h.url, 'PATCH', '/api/order', { id: order.id, payments: [{ transactionId: id, method: 'card' }] }, auth(order));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'provider_error', message: 'An error occurred while processing your payment. Please try again.' });
    expect(await paymentRows(order.id)).toEqual([]);
  });

  it('needs the access token', async () => {
    const order = await newOrder();
    const res = await api(h.url, 'PATCH', '/api/order', { id: order.id, payments: [{ transactionId: 'x', method: 'card' }] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Order not found.');
  });

  it('changes addresses before payment, with totals recomputed, and not after', async () => {
    const order = await newOrder();
    const ca = { ...billing, state: 'CA', zipCode: '94102', city: 'San Francisco' };
    const res = await api(h.url, 'PATCH', '/api/order', { id: order.id, addresses: [ca, { ...ca, type: 'shipping' }] }, auth(order));
    expect(res.status).toBe(200);
    expect(res.body.order.taxPercent).toBe(8.625);
    expect(res.body.order.addresses[1]).toMatchObject({ type: 'shipping', state: 'CA', zipCode: '94102' });
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: Math.round(res.body.order.total * 100), metadata: { orderId: String(order.id) } });
    await api(h.url, 'PATCH', '/api/order', { id: order.id, payments: [{ transactionId: id, method: 'card' }] }, auth(order));
    const late = await api(h.url, 'PATCH', '/api/order', { id: order.id, addresses: [billing] }, auth(order));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'order_locked', message: 'Addresses can only be changed before payment.' });
  });
});

describe('a webhook racing the browser', () => {
  it('records one payment when the webhook report and the verify call arrive together', async () => {
    // The webhook side: onConfirmedPayment, as the payment routes call it, on the same database.
    const commerce = await createCommerce({ content: loadContent(process.env.CONTENT_DIR ?? 'examples/site'), database: h.database, publicUrl: h.url, mail: harnessMail, confirm: (_g, t) => h.gateway.confirm(t) });
    for (let round = 0; round < 5; round++) {
      const order = await newOrder();
      const id = nextTxn();
      const payment = h.gateway.set({ transactionId: id, amountCents: Math.round(order.total * 100), metadata: { orderId: String(order.id) } });
      await Promise.all([
        commerce.payments.onConfirmedPayment(payment),
        api(h.url, 'POST', '/api/payment/card/verify', { paymentIntentId: id }, auth(order)),
        commerce.payments.onConfirmedPayment(payment),
        api(h.url, 'PATCH', '/api/order', { id: order.id, payments: [{ transactionId: id, method: 'card' }] }, auth(order)),
      ]);
      expect(await paymentRows(order.id)).toHaveLength(1);
      expect(await outbox(order.id)).toHaveLength(2);
      const history = await h.q.first(h.q.db.selectFrom('sales_order_status_history').select((eb) => eb.fn.countAll<number>().as('c')).where('order_id', '=', order.id).where('comment', 'like', 'Order paid%'));
      expect(history).toEqual({ c: 1 });
    }
  });
});

describe('POST /api/payment/{method}/verify', () => {
  it('reports a failed payment with error true and records it', async () => {
    const order = await newOrder();
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: 100, status: 'failed', metadata: { orderId: String(order.id) } });
    const res = await api(h.url, 'POST', '/api/payment/card/verify', { paymentIntentId: id, paymentIntentClientSecret: 'secret' }, auth(order));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: true, success: false, status: 'failed', message: 'Payment failed' });
    expect(await paymentRows(order.id)).toEqual([{ status: 'failed', amount_cents: 100 }]);
  });

  it('answers 4xx for an unknown payment, method or missing id', async () => {
    expect((await api(h.url, 'POST', '/api/payment/card/verify', { paymentIntentId: 'nope' })).status).toBe(404);
    const unknown = await api(h.url, 'POST', '/api/payment/bitcoin/verify', { paymentIntentId: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Payment method not available');
    const missing = await api(h.url, 'POST', '/api/payment/card/verify', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('transactionId');
  });
});

describe('POST /api/email/send-email', () => {
  it('is not a relay: 403 without the order token or for any other use', async () => {
    const order = await newOrder();
    const relay = await api(h.url, 'POST', '/api/email/send-email', { type: 'order-confirmation', recipient: 'victim@example.com', subject: 'Hi', data: { orderId: order.id } });
    expect(relay.status).toBe(403);
    expect(relay.body).toMatchObject({ error: 'forbidden' });
    const other = await api(h.url, 'POST', '/api/email/send-email', { type: 'newsletter', recipient: 'x@example.com' }, auth(order));
    expect(other.status).toBe(403);
    const unpaid = await api(h.url, 'POST', '/api/email/send-email', { type: 'order-confirmation', data: { orderId: order.id } }, auth(order));
    expect(unpaid.status).toBe(409);
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: Math.round(order.total * 100), metadata: { orderId: String(order.id) } });
    await api(h.url, 'PATCH', '/api/order', { id: order.id, payments: [{ transactionId: id, method: 'card' }] }, auth(order));
    const resend = await api(h.url, 'POST', '/api/email/send-email', { type: 'order-confirmation', recipient: 'victim@example.com', data: { orderId: order.id } }, auth(order));
    expect(resend.status).toBe(200);
    // Re-sending does not duplicate: the outbox holds each e-mail once, to the order's own addresses.
    expect((await outbox(order.id)).map((m) => m.recipient)).toEqual([billing.email, 'owner@example.com']);
  });
});

describe('GET /dev/mail', () => {
  it('lists each message with both its parts and their sizes', async () => {
    const res = await fetch(`${h.url}/dev/mail`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Dev mailbox');
    expect(html).toMatch(/Order Confirmation #\d{9}/);
    expect(html).toContain('srcdoc=');
    expect(html).toMatch(/<h3>HTML · \d+\.\d kB<\/h3>/);
    expect(html).toMatch(/<h3>Plain text · \d+\.\d kB<\/h3><pre>[^<]*Order Confirmation #\d{9}/);
  });

  it('is off in production', async () => {
    const production = await startHarness(undefined, { production: true });
    try {
      const res = await fetch(`${production.url}/dev/mail`);
      expect(await res.text()).not.toContain('Dev mailbox');
    } finally {
      await production.stop();
    }
  });
});
