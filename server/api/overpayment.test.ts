/**
 * Completed payments above what an order owes are never recorded silently, whichever path records
 * them (verify, PATCH /api/order, a webhook: all go through applyConfirmedPayment). The unlucky
 * customer: two cards each confirmed by their bank for the whole total (two tabs, a bank's late
 * confirmation). The second is stored, its excess as an overpayment, the order's history says a
 * refund is due, and the admins get an e-mail saying so; the customer is not thanked twice.
 *
 * @engines sqlite postgres: two payments racing for one order are decided by the row lock.
 */
import { describe, expect, it } from 'vitest';
import { api, orderPayload } from './commerce-test-kit';
import { transactionIds, useHarness } from './commerce-harness';

const h = useHarness();
const nextTxn = transactionIds('txn_over');

async function paidTwice(secondCents: (totalCents: number) => number) {
  const order = (await api(h.url, 'POST', '/api/order', orderPayload())).body as Record<string, any>;
  const auth = { Authorization: `Bearer ${order.accessToken}` };
  const totalCents = Math.round(order.total * 100);
  const [first, second] = [nextTxn(), nextTxn()];
  h.gateway.set({ transactionId: first, amountCents: totalCents, metadata: { orderId: String(order.id) } });
  h.gateway.set({ transactionId: second, amountCents: secondCents(totalCents), metadata: { orderId: String(order.id) } });
  expect((await api(h.url, 'POST', '/api/payment/test/verify', { transactionId: first }, auth)).status).toBe(200);
  const late = await api(h.url, 'POST', '/api/payment/test/verify', { transactionId: second }, auth);
  return { order, late, first, second, totalCents };
}

describe('a completed payment above the amount due', () => {
  it('is stored with its excess as an overpayment, flagged in the history, and the admin e-mail says a refund is due', async () => {
    const { order, late, second, totalCents } = await paidTwice((total) => total);
    expect(late.status).toBe(200);
    const payments = await h.q.all(h.q.db.selectFrom('payment').select(['id', 'status', 'amount_cents']).where('order_id', '=', order.id).orderBy('id'));
    expect(payments.map((p) => [p.status, p.amount_cents])).toEqual([
      ['completed', totalCents],
      ['completed', totalCents],
    ]);
    expect(await h.q.all(h.q.db.selectFrom('payment_overpayment').select(['payment_id', 'amount_cents', 'refunded_at']).where('order_id', '=', order.id).orderBy('id'))).toEqual([{ payment_id: payments[1]!.id, amount_cents: totalCents, refunded_at: null }]);
    const comments = (late.body.order.statusHistory as Array<{ comment: string }>).map((c) => c.comment);
    expect(comments.at(-1)).toBe(`Overpayment: transaction ${second} (test) took $${order.total.toFixed(2)} more than the order owed. A refund of $${order.total.toFixed(2)} is due.`);
    const mails = await h.q.all(h.q.db.selectFrom('mail_outbox').select(['type', 'recipient', 'subject', 'text']).where('order_id', '=', order.id).orderBy('id'));
    expect(mails.map((m) => m.type)).toEqual(['order-confirmation', 'order-confirmation-admin', 'refund-due-admin']);
    const refund = mails[2]!;
    expect(refund.recipient).toBe('owner@example.com');
    expect(refund.subject).toBe(`Refund due - Order #${order.orderIncrementId}`);
    expect(refund.text).toContain(`A refund of $${order.total.toFixed(2)} is due to the customer`);
    expect(refund.text).toContain(second);
  });

  it('flags only what went over, once, however often the late payment is verified again', async () => {
    const { order, second } = await paidTwice((total) => 2500);
    const auth = { Authorization: `Bearer ${order.accessToken}` };
    for (let i = 0; i < 3; i++) await api(h.url, 'POST', '/api/payment/test/verify', { transactionId: second }, auth);
    expect(await h.q.all(h.q.db.selectFrom('payment_overpayment').select('amount_cents').where('order_id', '=', order.id).orderBy('id'))).toEqual([{ amount_cents: 2500 }]);
    expect(await h.q.first(h.q.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('c')).where('order_id', '=', order.id).where('type', '=', 'refund-due-admin'))).toEqual({ c: 1 });
  });
});
