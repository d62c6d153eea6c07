/**
 * The back office's orders through the whole server, on the run's engine: the list and its pages,
 * the detail as stored, a status change (the history, the audit log, and the customer's account
 * showing it), refused moves, two editors racing, resending the confirmation (really queued, once a
 * minute, within the address's cap) and marking an overpayment refunded once.
 *
 * @engines sqlite postgres: two editors racing are decided by the order's row lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, orderPayload } from '../api/commerce-test-kit';
import { signedUp } from '../api/my-account-test-kit';
import { openDatabase, type Database } from '../db/database';
import { RECIPIENT_MAILS_PER_HOUR } from '../mail/recipient-cap';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { RESEND_CAPPED } from '../orders/status-changes';
import { seedBackOffice } from './seed-database';

type Json = Record<string, any>;

let server: TestServer;
let database: Database;
let viewer: Record<string, string>;
let editor: Record<string, string>;
let otherEditor: Record<string, string>;

async function call(headers: Record<string, string>, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** A seeded order in this status that no test has taken yet. */
const taken = new Set<number>();
async function orderIn(status: string): Promise<{ id: number; email: string; total_cents: number }> {
  const rows = await database.q.all(database.q.db.selectFrom('sales_order').select(['id', 'email', 'total_cents']).where('status', '=', status).orderBy('id'));
  const row = rows.find((r) => !taken.has(r.id));
  if (!row) throw new Error(`no seeded order left in ${status}`);
  taken.add(row.id);
  return row;
}

beforeAll(async () => {
  server = await startTestServer();
  database = openDatabase(server.databaseUrl);
  await seedBackOffice(database, { orders: 300, submissions: 0, seed: 3 });
  viewer = (await signInOperator(server, 'viewer')).headers;
  editor = (await signInOperator(server, 'editor')).headers;
  otherEditor = (await signInOperator(server, 'editor')).headers;
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

describe('the list', () => {
  it('pages newest first with the cursor it gives', async () => {
    const first = await call(viewer, 'GET', '/api/studio/orders?limit=20');
    expect(first.status).toBe(200);
    expect(first.body.data.orders).toHaveLength(20);
    const second = await call(viewer, 'GET', `/api/studio/orders?limit=20&after=${first.body.data.next}`);
    expect(second.body.data.orders).toHaveLength(20);
    const ids = [...first.body.data.orders, ...second.body.data.orders].map((o: Json) => o.id);
    expect(new Set(ids).size).toBe(40);
    const dates = [...first.body.data.orders, ...second.body.data.orders].map((o: Json) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages through every order without a gap or a repeat, orders of one instant included', async () => {
    const seen: number[] = [];
    let query = 'limit=13';
    for (let guard = 0; guard < 100; guard++) {
      const { body } = await call(viewer, 'GET', `/api/studio/orders?${query}`);
      seen.push(...body.data.orders.map((o: Json) => o.id));
      if (!body.data.next) break;
      query = `limit=13&after=${body.data.next}`;
    }
    const stored = await database.q.all(database.q.db.selectFrom('sales_order').select(['id', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'));
    expect(new Set(stored.map((r) => r.created_at)).size).toBeLessThan(stored.length);
    expect(seen).toEqual(stored.map((r) => r.id));
  });

  it('shows each row as stored: total in dollars, the dealer by its name in dealers.json', async () => {
    const { body } = await call(viewer, 'GET', '/api/studio/orders?dealer=demo-dealer&limit=1');
    const row = body.data.orders[0];
    const stored = (await database.q.first(database.q.db.selectFrom('sales_order').selectAll().where('id', '=', row.id)))!;
    expect(row).toMatchObject({ incrementId: stored.increment_id, email: stored.email, customerName: `${stored.first_name} ${stored.last_name}`, total: stored.total_cents / 100, status: stored.status });
    expect(row.dealer).toEqual({ id: 'demo-dealer', name: 'Riverside Home Center' });
  });
});

describe('the detail', () => {
  it('has the items, addresses, totals, payments with their gateway reference, history and the allowed moves', async () => {
    const order = await orderIn('ordered');
    const { status, body } = await call(viewer, 'GET', `/api/studio/orders/${order.id}`);
    expect(status).toBe(200);
    const d = body.data;
    const items = await database.q.all(database.q.db.selectFrom('sales_order_item').selectAll().where('order_id', '=', order.id));
    const payments = await database.q.all(database.q.db.selectFrom('payment').selectAll().where('order_id', '=', order.id));
    expect(d.items.map((i: Json) => [i.sku, i.qty, i.rowTotal])).toEqual(items.map((i) => [i.sku, i.qty, i.row_total_cents / 100]));
    expect(d.addresses.map((a: Json) => a.type).sort()).toEqual(['billing', 'shipping']);
    expect(d.totals.total).toBe(order.total_cents / 100);
    expect(d.totals.paid).toBe(order.total_cents / 100);
    expect(d.totals.due).toBe(0);
    expect(d.paymentState).toBe('paid');
    expect(d.payments).toEqual(payments.map((p) => expect.objectContaining({ id: p.id, providerReference: p.provider_reference, transactionId: p.transaction_id, gateway: p.gateway, amount: p.amount_cents / 100 })));
    expect(d.statusHistory[0].status).toBe('ordered');
    expect(d.statusHistory.at(-1).status).toBe('pending');
    expect(d.allowedStatuses).toEqual(['processing', 'holded', 'canceled']);
  });
});

describe('a status change', () => {
  it('is stored with its comment, audited, and shows in the customer account', async () => {
    const order = await orderIn('processing');
    const customer = await signedUp(server.url);
    await database.q.run(database.q.db.updateTable('sales_order').set({ customer_id: String(customer.customerId), customer_is_guest: 0 }).where('id', '=', order.id));

    const res = await call(editor, 'POST', `/api/studio/orders/${order.id}/status`, { status: 'shipped', comment: 'Sent with UPS 1Z999', notifyCustomer: true });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('shipped');
    expect(res.body.data.allowedStatuses).toEqual(['complete']);
    expect(res.body.data.statusHistory[0]).toMatchObject({ status: 'shipped', comment: 'Sent with UPS 1Z999', customerNotified: true });

    const stored = (await database.q.first(database.q.db.selectFrom('sales_order').select(['status', 'state']).where('id', '=', order.id)))!;
    expect(stored).toEqual({ status: 'shipped', state: 'complete' });
    const audit = await database.q.all(database.q.db.selectFrom('studio_audit').selectAll().where('action', '=', 'order.status'));
    expect(audit.some((a) => a.detail === `order ${order.id}: processing -> shipped (customer e-mailed): Sent with UPS 1Z999`)).toBe(true);

    // The customer is e-mailed the new status with the comment, and a link to the order in their account.
    const billing = (await database.q.first(database.q.db.selectFrom('sales_order_address').select('email').where('order_id', '=', order.id).where('type', '=', 'billing')))!;
    const mails = await database.q.all(database.q.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', order.id).where('type', '=', 'order-status'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: billing.email, subject: `Order #${res.body.data.incrementId}: Shipped` });
    expect(mails[0]!.text).toContain('Sent with UPS 1Z999');
    expect(mails[0]!.text).toContain(`/my-account/orders/${res.body.data.incrementId}`);

    const list = await customer.browser.call('GET', '/api/my-account/orders');
    expect(list.body.data.items.find((o: Json) => o.id === order.id)?.status).toBe('shipped');
    const own = await customer.browser.call('GET', `/api/my-account/orders/${order.id}`);
    expect(own.body.data.status).toBe('shipped');
  });

  it('e-mails nobody when the customer is not to be told', async () => {
    const order = await orderIn('processing');
    const res = await call(editor, 'POST', `/api/studio/orders/${order.id}/status`, { status: 'holded', comment: 'Waiting for the countertop template' });
    expect(res.status).toBe(200);
    expect(res.body.data.statusHistory[0]).toMatchObject({ status: 'holded', customerNotified: false });
    expect(await database.q.all(database.q.db.selectFrom('mail_outbox').select('id').where('order_id', '=', order.id).where('type', '=', 'order-status'))).toEqual([]);
  });

  it('refuses a move the state machine does not allow, and a payment-driven one, with 409', async () => {
    const shipped = await orderIn('shipped');
    const back = await call(editor, 'POST', `/api/studio/orders/${shipped.id}/status`, { status: 'processing', comment: '' });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ error: 'invalid_status_transition', message: 'The order cannot change from shipped to processing.' });

    const unpaid = await orderIn('pending_payment');
    const paidByHand = await call(editor, 'POST', `/api/studio/orders/${unpaid.id}/status`, { status: 'ordered', comment: 'paid by phone' });
    expect(paidByHand.status).toBe(409);
    expect(paidByHand.body.error).toBe('invalid_status_transition');
    const stored = await database.q.first(database.q.db.selectFrom('sales_order').select('status').where('id', '=', unpaid.id));
    expect(stored?.status).toBe('pending_payment');
  });

  it('lets one of two racing editors win; the other is refused and nothing is written twice', async () => {
    const order = await orderIn('processing');
    const before = await database.q.all(database.q.db.selectFrom('sales_order_status_history').select('id').where('order_id', '=', order.id));
    const answers = await Promise.all([
      call(editor, 'POST', `/api/studio/orders/${order.id}/status`, { status: 'complete', comment: 'done' }),
      call(otherEditor, 'POST', `/api/studio/orders/${order.id}/status`, { status: 'canceled', comment: 'customer called' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data.status;
    const stored = await database.q.first(database.q.db.selectFrom('sales_order').select('status').where('id', '=', order.id));
    expect(stored?.status).toBe(winner);
    const after = await database.q.all(database.q.db.selectFrom('sales_order_status_history').select('id').where('order_id', '=', order.id));
    expect(after.length).toBe(before.length + 1);
  });
});

describe('resending the confirmation', () => {
  it('queues the confirmation again to the billing address, and once a minute', async () => {
    const order = await orderIn('complete');
    const billing = (await database.q.first(database.q.db.selectFrom('sales_order_address').select('email').where('order_id', '=', order.id).where('type', '=', 'billing')))!.email;
    const res = await call(editor, 'POST', `/api/studio/orders/${order.id}/resend-confirmation`);
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(billing);
    const mails = await database.q.all(database.q.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', order.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ type: 'order-confirmation', recipient: billing, status: 'pending' });
    expect(mails[0]!.subject).toContain('100');

    const again = await call(editor, 'POST', `/api/studio/orders/${order.id}/resend-confirmation`);
    expect([200, 409]).toContain(again.status);
    // Within the same minute it is the same mail; across a minute's turn, a second one.
    const count = (await database.q.all(database.q.db.selectFrom('mail_outbox').select('id').where('order_id', '=', order.id))).length;
    expect(count).toBe(again.status === 200 ? 2 : 1);
    const detail = await call(viewer, 'GET', `/api/studio/orders/${order.id}`);
    expect(detail.body.data.statusHistory[0].comment).toBe(`Order confirmation e-mail sent again to ${billing}.`);
  });

  it('refuses an order that was never confirmed, and an address over its cap', async () => {
    const unpaid = await orderIn('pending');
    expect((await call(editor, 'POST', `/api/studio/orders/${unpaid.id}/resend-confirmation`)).body.error).toBe('not_confirmed');

    const order = await orderIn('complete');
    const billing = (await database.q.first(database.q.db.selectFrom('sales_order_address').select('email').where('order_id', '=', order.id).where('type', '=', 'billing')))!.email;
    const now = new Date().toISOString();
    for (let i = 0; i < RECIPIENT_MAILS_PER_HOUR; i++) {
      await database.q.insert('mail_recipient_log', { recipient_key: billing.toLowerCase(), mail_type: 'form-confirmation', outcome: 'queued', created_at: now });
    }
    const capped = await call(editor, 'POST', `/api/studio/orders/${order.id}/resend-confirmation`);
    expect(capped.status).toBe(429);
    expect(capped.body).toMatchObject({ error: 'recipient_capped', message: RESEND_CAPPED });
    expect(await database.q.all(database.q.db.selectFrom('mail_outbox').select('id').where('order_id', '=', order.id))).toHaveLength(0);
  });
});

describe('an overpayment', () => {
  it('is marked refunded once; the order no longer shows a refund due', async () => {
    const order = await orderIn('complete');
    const payment = (await database.q.first(database.q.db.selectFrom('payment').select('id').where('order_id', '=', order.id)))!;
    await database.q.run(database.q.db.deleteFrom('payment_overpayment').where('payment_id', '=', payment.id));
    const overpaymentId = await database.q.insertReturningId('payment_overpayment', { order_id: order.id, payment_id: payment.id, amount_cents: 1234, created_at: new Date().toISOString(), refunded_at: null });
    expect((await call(viewer, 'GET', `/api/studio/orders/${order.id}`)).body.data.paymentState).toBe('refund_due');

    const res = await call(editor, 'POST', `/api/studio/orders/${order.id}/overpayments/${overpaymentId}/refunded`);
    expect(res.status).toBe(200);
    expect(res.body.data.paymentState).toBe('paid');
    expect(res.body.data.overpayments).toEqual([expect.objectContaining({ id: overpaymentId, amount: 12.34, refundedAt: expect.any(String) })]);
    const audit = await database.q.all(database.q.db.selectFrom('studio_audit').selectAll().where('action', '=', 'order.overpayment_refunded'));
    expect(audit.map((a) => a.detail)).toContain(`order ${order.id}, overpayment ${overpaymentId}: 12.34 refunded`);

    const again = await call(editor, 'POST', `/api/studio/orders/${order.id}/overpayments/${overpaymentId}/refunded`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_refunded');
    const other = await orderIn('complete');
    expect((await call(editor, 'POST', `/api/studio/orders/${other.id}/overpayments/${overpaymentId}/refunded`)).status).toBe(404);
  });
});

describe('a checkout after the seed', () => {
  it('takes the ids after the seeded orders, with its number and its Idempotency-Key pointing at it', async () => {
    const newest = Number((await database.q.first(database.q.db.selectFrom('sales_order').select((eb) => eb.fn.max('id').as('id'))))!.id);
    const first = await api(server.url, 'POST', '/api/order', orderPayload(), { 'Idempotency-Key': 'after-the-seed-0001' });
    const second = await api(server.url, 'POST', '/api/order', orderPayload());
    expect([first.status, second.status]).toEqual([201, 201]);
    const ids = [first.body.id, second.body.id];
    expect(ids).toEqual([newest + 1, newest + 2]);
    const stored = await database.q.all(database.q.db.selectFrom('sales_order').select(['id', 'increment_id']).where('id', 'in', ids).orderBy('id'));
    expect(stored).toEqual(ids.map((id) => ({ id, increment_id: String(100000000 + id) })));
    const claim = await database.q.first(database.q.db.selectFrom('idempotency_record').select('order_id').where('idempotency_key', '=', 'after-the-seed-0001'));
    expect(claim?.order_id).toBe(newest + 1);
  });
});
