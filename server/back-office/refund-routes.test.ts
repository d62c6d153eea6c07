/**
 * Refunds through the whole server with the offline test gateway, as the back office makes them: an
 * editor asks, a publisher carries out (the gateway gives the money back), the customer's order and
 * mail say so, the rest is refunded, and a third refund finds nothing left. What may be refunded is
 * decided under the order's lock: a double click, a repeated request and two publishers at once give
 * one refund. A refund the gateway declines records nothing as refunded. A payment that waits for
 * the bank is voided instead. An overpayment is refunded in one step. Admins export the period.
 *
 * @engines sqlite postgres: what is left to refund is decided under the order's row lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../api/commerce-test-kit';
import { bearer, card } from '../security/attacker-kit';
import { orderWaitingForBank, paidOrder } from '../security/paid-order-kit';
import { TestGateway } from '../gateways/test-gateway';
import { validateCard, type ValidCard } from '../gateways/test-cards';
import { recordConfirmedPayment } from '../orders/payments';
import { carryOutRefund, requestRefund, type RefundsDeps } from '../orders/refunds';
import { mailConfigFromEnv } from '../mail/mail-config';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

type Json = Record<string, any>;

let server: TestServer;
let editor: { headers: Record<string, string>; email: string };
let publisher: { headers: Record<string, string>; email: string };
let admin: { headers: Record<string, string>; email: string };
const REFUND_DECLINED_CARD = '4000000000005126';

async function studio(who: { headers: Record<string, string> }, method: string, pathname: string, body?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; body: Json; text: string }> {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { ...who.headers, ...extra, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // a CSV
  }
  return { status: res.status, body: parsed, text };
}

const refunds = (detail: Json) => detail.refunds as Json[];
const audit = async (action: string) => server.q.all(server.q.db.selectFrom('studio_audit').select(['operator_email', 'detail']).where('action', '=', action).orderBy('id'));
const testRefunds = (transactionId: string) => server.q.all(server.q.db.selectFrom('test_gateway_refund').selectAll().where('transaction_id', '=', transactionId));
const outbox = (orderId: number) => server.q.all(server.q.db.selectFrom('mail_outbox').select(['type', 'recipient', 'subject', 'text']).where('order_id', '=', orderId).where('type', '=', 'refund').orderBy('id'));

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'owner@example.com' });
  editor = await signInOperator(server, 'editor');
  publisher = await signInOperator(server, 'publisher');
  admin = await signInOperator(server, 'admin');
});

afterAll(async () => {
  await server?.stop();
});

describe('a refund asked by an editor and carried out by a publisher', () => {
  it('gives part back, then the rest; a third finds nothing left; the customer sees and is told', async () => {
    const order = await paidOrder(server, 'rita.refund@example.com');
    const requested = await studio(editor, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: 10, reason: 'returned_goods', note: 'Two samples came back' });
    expect(requested.status, requested.text).toBe(201);
    expect(refunds(requested.body.data)).toEqual([expect.objectContaining({ status: 'requested', kind: 'refund', amount: 10, reason: 'returned_goods', reasonLabel: 'Samples or goods returned', note: 'Two samples came back', requestedBy: editor.email, decidedBy: null })]);
    expect(requested.body.data.paymentState).toBe('refund_requested');
    expect(requested.body.data.statusHistory[0].comment).toContain(`requested by ${editor.email}: Samples or goods returned (Two samples came back)`);
    // Nothing given back yet.
    expect(requested.body.data.payments[0]).toMatchObject({ refunded: 0, refundable: order.total - 10 });

    // An editor cannot carry it out.
    const refundId = refunds(requested.body.data)[0]!.id;
    expect((await studio(editor, 'POST', `/api/studio/orders/${order.id}/refunds/${refundId}/carry-out`)).status).toBe(403);

    const done = await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds/${refundId}/carry-out`);
    expect(done.status, done.text).toBe(200);
    const refund = refunds(done.body.data)[0]!;
    expect(refund).toMatchObject({ status: 'succeeded', decidedBy: publisher.email, providerReference: expect.stringMatching(/^test_re_/) });
    expect(done.body.data).toMatchObject({ paymentState: 'partially_refunded', totals: { refunded: 10 } });
    expect(done.body.data.statusHistory.map((h: Json) => h.comment).join('\n')).toContain(`Refund of $10.00 on transaction`);
    const payment = (await server.q.first(server.q.db.selectFrom('payment').select('transaction_id').where('id', '=', order.paymentId)))!;
    expect((await testRefunds(payment.transaction_id)).map((r) => r.amount_cents)).toEqual([1000]);

    // The customer's order and their mail.
    const view = await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, bearer(order.token));
    expect(view.body.data).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 10, refunds: [{ amount: 10, status: 'succeeded', reason: 'Samples or goods returned' }] });
    const [mail] = await outbox(order.id);
    expect(mail).toMatchObject({ recipient: 'rita.refund@example.com', subject: expect.stringContaining('Refund of $10.00') });
    expect(mail!.text).toContain('Samples or goods returned');

    // The rest, at once by a publisher.
    const rest = Number((order.total - 10).toFixed(2));
    const all = await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: rest, reason: 'order_cancelled', carryOut: true });
    expect(all.status, all.text).toBe(201);
    expect(all.body.data).toMatchObject({ paymentState: 'refunded', totals: { refunded: order.total }, payments: [{ refundable: 0 }] });
    expect((await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, bearer(order.token))).body.data.paymentStatus).toBe('refunded');

    // A third: nothing left, and the message says so.
    const third = await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: 1, reason: 'other', carryOut: true });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ error: 'refund_exceeds_payment', message: 'Nothing is left to refund on this payment: $0.00.', fields: { amount: 'Nothing is left to refund on this payment: $0.00.' } });
    expect((await testRefunds(payment.transaction_id)).map((r) => r.amount_cents)).toEqual([1000, Math.round(rest * 100)]);

    // Every step is in the audit log.
    expect((await audit('order.refund_requested')).filter((a) => a.detail.startsWith(`order ${order.id},`)).map((a) => a.operator_email)).toEqual([editor.email, publisher.email]);
    expect((await audit('order.refund_carried_out')).filter((a) => a.detail.startsWith(`order ${order.id},`))).toHaveLength(2);
  });

  it('never gives more than is left: the message names what is', async () => {
    const order = await paidOrder(server, 'mo.more@example.com');
    const asked = await studio(editor, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: order.total - 1, reason: 'requested_by_customer' });
    expect(asked.status).toBe(201);
    // The request holds its amount: a second may only ask for what is left beside it.
    const second = await studio(editor, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: 2, reason: 'requested_by_customer' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Only $1.00 of this payment can still be refunded.');
  });

  it('a publisher can turn a request down; nothing is given back', async () => {
    const order = await paidOrder(server, 'tess.turned@example.com');
    const asked = await studio(editor, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: 5, reason: 'other', note: 'goodwill' });
    const refundId = refunds(asked.body.data)[0]!.id;
    const refused = await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds/${refundId}/refuse`, { comment: 'Not returned yet' });
    expect(refused.status, refused.text).toBe(200);
    expect(refunds(refused.body.data)[0]).toMatchObject({ status: 'refused', decidedBy: publisher.email, failureMessage: 'Not returned yet' });
    expect(refused.body.data).toMatchObject({ paymentState: 'paid', payments: [{ refundable: order.total }] });
    expect((await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds/${refundId}/carry-out`)).body).toMatchObject({ error: 'refund_decided' });
    expect((await audit('order.refund_refused')).some((a) => a.detail.startsWith(`order ${order.id},`) && a.detail.endsWith('Not returned yet'))).toBe(true);
  });
});

describe('once, whatever the clicks', () => {
  it('a request repeated with its Idempotency-Key asks once; two publishers carrying it out at once give one refund', async () => {
    const order = await paidOrder(server, 'dora.double@example.com');
    const key = { 'Idempotency-Key': `refund-test-${crypto.randomUUID()}` };
    const body = { paymentId: order.paymentId, amount: 7.5, reason: 'duplicate' };
    const [a, b] = await Promise.all([studio(editor, 'POST', `/api/studio/orders/${order.id}/refunds`, body, key), studio(editor, 'POST', `/api/studio/orders/${order.id}/refunds`, body, key)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(refunds(a.body.data)).toHaveLength(1);
    const refundId = refunds(a.body.data)[0]!.id;
    const other = await signInOperator(server, 'publisher');
    const [x, y] = await Promise.all([
      studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds/${refundId}/carry-out`),
      studio(other, 'POST', `/api/studio/orders/${order.id}/refunds/${refundId}/carry-out`),
    ]);
    expect([x.status, y.status].every((s) => s === 200 || s === 409), `${x.text} ${y.text}`).toBe(true);
    const payment = (await server.q.first(server.q.db.selectFrom('payment').select('transaction_id').where('id', '=', order.paymentId)))!;
    expect((await testRefunds(payment.transaction_id)).map((r) => r.amount_cents)).toEqual([750]);
    const stored = await server.q.all(server.q.db.selectFrom('payment_refund').select(['status', 'amount_cents']).where('order_id', '=', order.id));
    expect(stored).toEqual([{ status: 'succeeded', amount_cents: 750 }]);
    expect((await outbox(order.id)).length).toBe(1);
  });

  it('"Refund now" sent again with its key, found waiting, then carried out by the first sending: answered with the refund, not a conflict', async () => {
    // The interleaving two servers met under load, step by step: the second sending reads the refund
    // while it waits, the first carries it out, then the second comes to carry it out.
    const order = await paidOrder(server, 'sam.same@example.com');
    const deps: RefundsDeps = { q: server.q, mail: { mail: mailConfigFromEnv({}), publicUrl: server.url }, gateways: { get: () => new TestGateway(server.database) } as unknown as RefundsDeps['gateways'] };
    const ask = { orderId: order.id, paymentId: order.paymentId, amountCents: 400, currency: 'USD', reason: 'requested_by_customer' as const, note: null, requestKey: `refund-now-${crypto.randomUUID()}` };
    const by = { email: publisher.email };
    const first = await requestRefund(server.q, ask, by);
    const second = await requestRefund(server.q, ask, by);
    expect([first.created, second.created, second.refund.status]).toEqual([true, false, 'requested']);
    expect(await carryOutRefund(deps, order.id, first.refund.id, by)).toMatchObject({ carriedOut: true, refund: { status: 'succeeded' } });
    expect(await carryOutRefund(deps, order.id, second.refund.id, by, { sameRequest: true })).toMatchObject({ carriedOut: false, refund: { id: first.refund.id, status: 'succeeded' } });
    // Another publisher's click on a refund carried out is still told so.
    await expect(carryOutRefund(deps, order.id, first.refund.id, by)).rejects.toMatchObject({ code: 'refund_decided' });
    const payment = (await server.q.first(server.q.db.selectFrom('payment').select('transaction_id').where('id', '=', order.paymentId)))!;
    expect((await testRefunds(payment.transaction_id)).map((r) => r.amount_cents)).toEqual([400]);
  });
});

describe('what the gateway refuses, and what it voids', () => {
  it("a refund the card's issuer declines is shown with the gateway's words, and nothing is recorded as refunded", async () => {
    const order = await paidOrder(server, 'dee.declined@example.com', REFUND_DECLINED_CARD);
    const tried = await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: 3, reason: 'requested_by_customer', carryOut: true });
    expect(tried.status, tried.text).toBe(201);
    expect(refunds(tried.body.data)[0]).toMatchObject({ status: 'failed', failureMessage: 'The refund was declined by the card issuer.', providerReference: null });
    expect(tried.body.data).toMatchObject({ paymentState: 'paid', totals: { refunded: 0 }, payments: [{ refunded: 0, refundable: order.total }] });
    expect(tried.body.data.statusHistory[0].comment).toContain('failed at test: The refund was declined by the card issuer.');
    expect(await outbox(order.id)).toEqual([]);
    expect((await audit('order.refund_failed')).some((a) => a.detail.startsWith(`order ${order.id},`))).toBe(true);
  });

  it('a payment waiting for the bank is voided in full, not refunded; a part of it is refused', async () => {
    const order = await orderWaitingForBank(server, 'vic.void@example.com');
    const waiting = await server.q.first(server.q.db.selectFrom('payment').select(['id', 'status', 'amount_cents', 'transaction_id']).where('id', '=', order.paymentId));
    expect(waiting!.status).toBe('on_hold');
    const part = await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: 1, reason: 'order_cancelled', carryOut: true });
    expect(part.status).toBe(409);
    expect(part.body.message).toContain('it can only be voided, in full');
    const voided = await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: waiting!.amount_cents / 100, reason: 'order_cancelled', carryOut: true });
    expect(voided.status, voided.text).toBe(201);
    expect(refunds(voided.body.data)[0]).toMatchObject({ kind: 'void', status: 'succeeded' });
    expect(voided.body.data.payments[0]).toMatchObject({ status: 'voided', refundable: 0, refunded: 0 });
    // The authentication page can no longer complete it.
    const transaction = await server.q.first(server.q.db.selectFrom('test_gateway_transaction').select('status').where('id', '=', waiting!.transaction_id));
    expect(transaction!.status).not.toBe('completed');
  });
});

describe('an overpayment', () => {
  it('is refunded in one step by a publisher; its "refund due" is gone', async () => {
    const order = await paidOrder(server, 'olly.over@example.com');
    // A second payment for the whole total, confirmed by the bank after the first (two tabs): the
    // store records it, as it must, and flags what it took above the total.
    const gateway = new TestGateway(server.database);
    const second = await gateway.charge({ card: (validateCard(card()) as { card: ValidCard }).card, amountCents: Math.round(order.total * 100), currency: 'USD', metadata: { orderId: String(order.id) } });
    await recordConfirmedPayment({ q: server.q, paymentMethods: [], mail: { mail: { smtpUrl: null, from: 'Showroom <orders@showroom.localhost>', adminEmails: ['owner@example.com'] }, publicUrl: server.url } }, second.payment, { expectOrderId: order.id });
    const before = await studio(publisher, 'GET', `/api/studio/orders/${order.id}`);
    expect(before.body.data.paymentState).toBe('refund_due');
    const overpayment = before.body.data.overpayments[0];
    expect(overpayment).toMatchObject({ amount: order.total, refundedAt: null });
    // Not an editor's to do.
    expect((await studio(editor, 'POST', `/api/studio/orders/${order.id}/overpayments/${overpayment.id}/refund`)).status).toBe(403);
    const refunded = await studio(publisher, 'POST', `/api/studio/orders/${order.id}/overpayments/${overpayment.id}/refund`);
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.data.overpayments[0].refundedAt).not.toBeNull();
    expect(refunds(refunded.body.data)[0]).toMatchObject({ status: 'succeeded', reason: 'overpayment', amount: order.total, paymentId: overpayment.paymentId });
    expect(refunded.body.data.paymentState).toBe('partially_refunded');
    expect((await testRefunds(second.payment.transactionId)).map((r) => r.amount_cents)).toEqual([Math.round(order.total * 100)]);
  });
});

describe('the reconciliation export', () => {
  it('lists the payments and refunds of the period for an admin; anyone else is refused', async () => {
    const order = await paidOrder(server, 'rex.export@example.com');
    await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: 10, reason: 'returned_goods', carryOut: true });
    const today = new Date().toISOString().slice(0, 10);
    const csv = await studio(admin, 'GET', `/api/studio/payments/export?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('date,kind,order,customer e-mail,gateway,method,transaction,reference,amount,currency,status,reason,by');
    expect(lines.filter((l) => l.includes(',refund,')), csv.text).toContainEqual(expect.stringContaining(',-10.00,USD,succeeded,returned_goods,'));
    expect(lines.filter((l) => l.includes(',payment,'))).toContainEqual(expect.stringContaining('rex.export@example.com'));
    expect((await studio(publisher, 'GET', `/api/studio/payments/export?from=${today}&to=${today}`)).status).toBe(403);
    expect((await studio(admin, 'GET', `/api/studio/payments/export?from=${today}&to=2000-01-01`)).status).toBe(400);
    expect((await audit('payments.export')).at(-1)?.operator_email).toBe(admin.email);
  });
});

describe('the refunds waiting for a publisher', () => {
  it('are counted for those who may carry them out; an editor, a viewer and a stranger are refused', async () => {
    const count = async () => {
      const res = await studio(publisher, 'GET', '/api/studio/refunds/waiting');
      expect(res.status, res.text).toBe(200);
      return res.body.data.count as number;
    };
    const before = await count();
    const order = await paidOrder(server, 'wanda.waiting@example.com');
    const asked = await studio(editor, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: order.paymentId, amount: 7, reason: 'other', note: 'scratched door' });
    expect(asked.status, asked.text).toBe(201);
    expect(await count()).toBe(before + 1);
    expect((await studio(admin, 'GET', '/api/studio/refunds/waiting')).body.data.count).toBe(before + 1);
    // Those who may not carry a refund out are not told how many wait.
    const viewer = await signInOperator(server, 'viewer');
    for (const who of [editor, viewer]) {
      const refused = await studio(who, 'GET', '/api/studio/refunds/waiting');
      expect(refused.status).toBe(403);
      expect(refused.body.data).toBeUndefined();
    }
    expect((await studio({ headers: {} }, 'GET', '/api/studio/refunds/waiting')).status).toBe(401);
    const refundId = refunds(asked.body.data)[0]!.id;
    expect((await studio(publisher, 'POST', `/api/studio/orders/${order.id}/refunds/${refundId}/carry-out`)).status).toBe(200);
    expect(await count()).toBe(before);
  });
});
