/**
 * The refund endpoints against an operator's (or a script's) reuse and races: an Idempotency-Key
 * of one refund sent again for another order, alone or at the same moment as the first, or for
 * another amount of the same order. Each is refused by name (409 idempotency_key_reused, the
 * header named in `fields`), gives nothing back and stores nothing; nothing answers a 500.
 *
 * @engines sqlite postgres: the key's unique index and the orders' row locks decide the races.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_KEY_REUSED } from '../../schemas/api/back-office-refunds';
import { api, orderPayload } from '../api/commerce-test-kit';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { bearer, call as callFrom, card } from './attacker-kit';

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

async function paidOrder(email: string): Promise<{ id: number; paymentId: number; total: number }> {
  const placed = await api(server.url, 'POST', '/api/order', orderPayload({ email }));
  const charged = await callFrom(server.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { orderId: String(placed.body.id) } }, headers: bearer(placed.body.accessToken as string) });
  expect(charged.status, charged.text).toBe(200);
  const payment = (await server.q.first(server.q.db.selectFrom('payment').select('id').where('order_id', '=', placed.body.id as number)))!;
  return { id: placed.body.id as number, paymentId: payment.id, total: placed.body.total as number };
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
    const first = await paidOrder('kay.first@example.com');
    const second = await paidOrder('kay.second@example.com');
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
    const orders = [await paidOrder('rae.race1@example.com'), await paidOrder('rae.race2@example.com'), await paidOrder('rae.race3@example.com')];
    const key = `refund-race-${crypto.randomUUID()}`;
    const before = await gatewayRefunds();
    const answers = await Promise.all(orders.map((o) => call(keyed(key), 'POST', `/api/studio/orders/${o.id}/refunds`, refundAsk(o))));
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error).toBe('idempotency_key_reused');
    expect((await storedRefunds()).filter((r) => r.request_key === key)).toHaveLength(1);
    expect(await gatewayRefunds()).toBe(before + 1);
  });

  it('sent again on the same order for another amount is refused; the same request again answers the refund it made', async () => {
    const o = await paidOrder('sam.same@example.com');
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
