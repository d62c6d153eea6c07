/**
 * The refund endpoints against an operator's (or a script's) reuse and races: an Idempotency-Key
 * of one refund sent again for another order, alone or at the same moment as the first, or for
 * another amount of the same order. Each is refused by name (409 idempotency_key_reused, the
 * header named in `fields`), gives nothing back and stores nothing; nothing answers a 500.
 *
 * @engines sqlite postgres: the key's unique index and the orders' row locks decide the races.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_KEY_REUSED, REFUND_LINE_NOT_FOUND } from '../../schemas/api/back-office-refunds';
import { api, storeQuote } from '../api/commerce-test-kit';
import { QuoteService } from '../services/quote-service';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { bearer, call as callFrom, card } from './attacker-kit';
import { paidOrder } from './paid-order-kit';

type Json = Record<string, any>;
type Headers = Record<string, string>;

let server: TestServer;
let publisher: Headers;

async function call(headers: Headers, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json; text: string }> {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, text };
}

const storedRefunds = () => server.q.all(server.q.db.selectFrom('payment_refund').select(['order_id', 'amount_cents', 'request_key']).orderBy('id'));
const gatewayRefunds = async () => (await server.q.all(server.q.db.selectFrom('test_gateway_refund').select('id'))).length;
const refundAsk = (o: { paymentId: number }, amount = 1) => ({ paymentId: o.paymentId, amount, reason: 'requested_by_customer', carryOut: true });
const keyed = (key: string): Headers => ({ ...publisher, 'Idempotency-Key': key });

beforeAll(async () => {
  server = await startTestServer();
  publisher = (await signInOperator(server, 'publisher')).headers;
});

afterAll(async () => {
  await server?.stop();
});

describe("a refund's Idempotency-Key", () => {
  it('sent again for another order is refused by name, and that order is refunded nothing', async () => {
    const first = await paidOrder(server, 'kay.first@example.com');
    const second = await paidOrder(server, 'kay.second@example.com');
    const key = `refund-key-${crypto.randomUUID()}`;
    const made = await call(keyed(key), 'POST', `/api/studio/orders/${first.id}/refunds`, refundAsk(first));
    expect(made.status, made.text).toBe(201);
    const before = { refunds: await storedRefunds(), gateway: await gatewayRefunds() };

    const reused = await call(keyed(key), 'POST', `/api/studio/orders/${second.id}/refunds`, refundAsk(second));
    expect(reused.status, reused.text).toBe(409);
    expect(reused.body).toEqual({ error: 'idempotency_key_reused', message: REFUND_KEY_REUSED, fields: { 'Idempotency-Key': REFUND_KEY_REUSED } });
    expect({ refunds: await storedRefunds(), gateway: await gatewayRefunds() }).toEqual(before);
  });

  it('sent for two orders at the same moment refunds one of them; the other is refused by name', async () => {
    const orders = [await paidOrder(server, 'rae.race1@example.com'), await paidOrder(server, 'rae.race2@example.com'), await paidOrder(server, 'rae.race3@example.com')];
    const key = `refund-race-${crypto.randomUUID()}`;
    const before = await gatewayRefunds();
    const answers = await Promise.all(orders.map((o) => call(keyed(key), 'POST', `/api/studio/orders/${o.id}/refunds`, refundAsk(o))));
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error).toBe('idempotency_key_reused');
    expect((await storedRefunds()).filter((r) => r.request_key === key)).toHaveLength(1);
    expect(await gatewayRefunds()).toBe(before + 1);
  });

  it('sent again on the same order for another amount is refused; the same request again answers the refund it made', async () => {
    const o = await paidOrder(server, 'sam.same@example.com');
    const key = `refund-same-${crypto.randomUUID()}`;
    expect((await call(keyed(key), 'POST', `/api/studio/orders/${o.id}/refunds`, refundAsk(o, 2))).status).toBe(201);
    const again = await call(keyed(key), 'POST', `/api/studio/orders/${o.id}/refunds`, refundAsk(o, 2));
    expect(again.status).toBe(200);
    expect(again.body.data.refunds).toHaveLength(1);
    const other = await call(keyed(key), 'POST', `/api/studio/orders/${o.id}/refunds`, refundAsk(o, 3));
    expect(other.status, other.text).toBe(409);
    expect(other.body.error).toBe('idempotency_key_reused');
    expect((await storedRefunds()).filter((r) => r.order_id === o.id).map((r) => r.amount_cents)).toEqual([200]);
  });
});

/** A kitchen quote paid in full with the test card: 4 × HS-W3030 at $289.50 and an installation, $100.00 off, $118.20 tax, $249.00 freight. */
async function cabinetOrder(email: string) {
  const quotes = new QuoteService(server.q, server.url);
  const quote = await storeQuote(quotes, { email });
  const link = await quotes.issueLink(quote.id);
  const paid = await callFrom(server.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
  expect(paid.status, paid.text).toBe(200);
  const order = (await server.q.first(server.q.db.selectFrom('sales_order').select(['id', 'total_cents']).where('quote_id', '=', quote.id)))!;
  const payment = (await server.q.first(server.q.db.selectFrom('payment').select('id').where('order_id', '=', order.id)))!;
  const items = await server.q.all(server.q.db.selectFrom('sales_order_item').select(['id', 'sku', 'qty']).where('order_id', '=', order.id).orderBy('id'));
  // The quote's link proves the order made from it: the verify answer hands over the order's own token.
  const verified = await callFrom(server.url, 'POST', '/api/payment/test/verify', { body: { transactionId: paid.body.transactionId }, headers: bearer(link.token) });
  expect(verified.status, verified.text).toBe(200);
  return { id: order.id, totalCents: order.total_cents, paymentId: payment.id, cabinet: items.find((i) => i.sku === 'HS-W3030')!, install: items.find((i) => i.sku === 'INSTALL')!, token: verified.body.order.accessToken as string };
}

const byLine = (o: { paymentId: number }, lines: { itemId: number; qty: number }[]) => ({ paymentId: o.paymentId, lines, reason: 'returned_goods', carryOut: true });

describe('a refund by line', () => {
  it('gives back the cabinet with its share of the discount and the tax; the order, the view, the e-mail and the back office agree', async () => {
    const o = await cabinetOrder('cora.cabinet@example.com');
    const res = await call(publisher, 'POST', `/api/studio/orders/${o.id}/refunds`, byLine(o, [{ itemId: o.cabinet.id, qty: 1 }]));
    expect(res.status, res.text).toBe(201);
    // $289.50 of a $2,358.00 subtotal: $12.28 of the $100.00 off, $14.51 of the $118.20 tax: $291.73.
    const refund = res.body.data.refunds[0];
    expect(refund).toMatchObject({ status: 'succeeded', amount: 291.73, lines: [{ itemId: o.cabinet.id, sku: 'HS-W3030', qty: 1, amount: 291.73 }] });
    const cabinetLine = res.body.data.items.find((i: Json) => i.sku === 'HS-W3030');
    expect(cabinetLine).toMatchObject({ qty: 4, qtyReturned: 1, discountShare: 49.11, taxShare: 58.05 });
    expect(res.body.data.totals.refunded).toBe(291.73);
    const stored = await server.q.all(server.q.db.selectFrom('payment_refund_line').select(['item_id', 'qty', 'amount_cents']).where('order_id', '=', o.id));
    expect(stored).toEqual([{ item_id: o.cabinet.id, qty: 1, amount_cents: 29_173 }]);
    const mail = await server.q.first(server.q.db.selectFrom('mail_outbox').select(['subject', 'text']).where('order_id', '=', o.id).where('type', '=', 'refund'));
    expect(mail!.subject).toContain('Refund of $291.73');
    expect(mail!.text).toContain('1 × HS-W3030 Hartford Shaker wall cabinet W3030');
    const view = await api(server.url, 'GET', `/api/order/view/${o.id}`, undefined, bearer(o.token));
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data.refunds).toEqual([expect.objectContaining({ amount: 291.73, returned: [{ sku: 'HS-W3030', name: 'Hartford Shaker wall cabinet W3030', qty: 1 }] })]);
    expect(view.body.data.items.find((i: Json) => i.sku === 'HS-W3030')).toMatchObject({ qtyReturned: 1 });
  });

  it('returning every line gives back exactly what was paid, the freight with the last unit', async () => {
    const o = await cabinetOrder('eve.everything@example.com');
    const answers = [];
    for (const lines of [[{ itemId: o.cabinet.id, qty: 3 }], [{ itemId: o.install.id, qty: 1 }], [{ itemId: o.cabinet.id, qty: 1 }]]) {
      const res = await call(publisher, 'POST', `/api/studio/orders/${o.id}/refunds`, byLine(o, lines));
      expect(res.status, res.text).toBe(201);
      answers.push(res.body.data);
    }
    const refunds = answers.at(-1)!.refunds as Json[];
    expect(refunds.reduce((a, r) => a + Math.round(r.amount * 100), 0)).toBe(o.totalCents);
    expect(answers.at(-1)).toMatchObject({ paymentState: 'refunded', payments: [{ refundable: 0 }] });
  });

  it('two returns of the last cabinet at once give one refund; more than was ordered and another order\'s line are refused', async () => {
    const o = await cabinetOrder('pia.parallel@example.com');
    const other = await cabinetOrder('oz.other@example.com');
    expect((await call(publisher, 'POST', `/api/studio/orders/${o.id}/refunds`, byLine(o, [{ itemId: o.cabinet.id, qty: 3 }]))).status).toBe(201);
    const second = (await signInOperator(server, 'publisher')).headers;
    const [a, b] = await Promise.all([
      call(publisher, 'POST', `/api/studio/orders/${o.id}/refunds`, byLine(o, [{ itemId: o.cabinet.id, qty: 1 }])),
      call(second, 'POST', `/api/studio/orders/${o.id}/refunds`, byLine(o, [{ itemId: o.cabinet.id, qty: 1 }])),
    ]);
    expect([a.status, b.status].sort(), `${a.text}\n${b.text}`).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toEqual({ error: 'refund_exceeds_line', message: 'Every HS-W3030 of this order has come back already: none is left to return.', fields: { lines: 'Every HS-W3030 of this order has come back already: none is left to return.' } });
    const returned = await server.q.all(server.q.db.selectFrom('payment_refund_line').select((eb) => eb.fn.sum<number>('qty').as('qty')).where('item_id', '=', o.cabinet.id));
    expect(Number(returned[0]!.qty)).toBe(4);

    const before = await storedRefunds();
    const tooMany = await call(publisher, 'POST', `/api/studio/orders/${other.id}/refunds`, byLine(other, [{ itemId: other.cabinet.id, qty: 5 }]));
    expect(tooMany.status, tooMany.text).toBe(409);
    expect(tooMany.body.message).toBe('Only 4 × HS-W3030 can still be returned.');
    const foreign = await call(publisher, 'POST', `/api/studio/orders/${other.id}/refunds`, byLine(other, [{ itemId: o.install.id, qty: 1 }]));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: REFUND_LINE_NOT_FOUND, fields: { lines: REFUND_LINE_NOT_FOUND } });
    for (const lines of [[{ itemId: other.cabinet.id, qty: 0 }], [{ itemId: other.cabinet.id, qty: 1.5 }], [], 'all']) {
      expect((await call(publisher, 'POST', `/api/studio/orders/${other.id}/refunds`, { ...byLine(other, []), lines })).status, JSON.stringify(lines)).toBe(400);
    }
    const both = await call(publisher, 'POST', `/api/studio/orders/${other.id}/refunds`, { ...byLine(other, [{ itemId: other.cabinet.id, qty: 1 }]), amount: 1 });
    expect(both.status).toBe(400);
    expect(await storedRefunds()).toEqual(before);
  });
});
