/**
 * The refund endpoints against an attacker: no session, a customer's session, a guessed studio
 * session, each role below the one needed (a viewer asking, an editor carrying out, turning down,
 * refunding an overpayment or exporting, a publisher exporting), a write from a foreign Origin or
 * with none, another order's payment or refund, more than is left, a negative, zero or
 * fractional-cent amount, another currency, and malformed bodies. Each refusal gives nothing back,
 * stores nothing and asks the gateway nothing; nothing answers a 500.
 *
 * @engines sqlite: who may call is decided before any query.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../api/my-account-test-kit';
import { STUDIO_COOKIE } from '../studio/operator-routes';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { paidOrder } from './paid-order-kit';

type Json = Record<string, any>;
type Headers = Record<string, string>;

let server: TestServer;
let origin: string;
const as = {} as Record<'viewer' | 'editor' | 'publisher' | 'admin' | 'customer', Headers>;
/** Two paid orders; the first has an editor's request waiting and an overpayment due. */
let order: { id: number; paymentId: number; total: number };
let other: { id: number; paymentId: number };
let requestId = 0;
let overpaymentId = 0;

async function call(headers: Headers, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json; text: string }> {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // a CSV or nothing
  }
  return { status: res.status, body: parsed, text };
}

/** What an attack must leave as it was: the refunds, the gateway's refunds, the overpayment, the mails, the audit log. */
async function snapshot() {
  const q = server.q;
  return {
    refunds: await q.all(q.db.selectFrom('payment_refund').select(['id', 'status', 'amount_cents', 'decided_by']).orderBy('id')),
    gateway: (await q.all(q.db.selectFrom('test_gateway_refund').select('id'))).length,
    overpayment: await q.first(q.db.selectFrom('payment_overpayment').select('refunded_at').where('id', '=', overpaymentId)),
    mails: (await q.all(q.db.selectFrom('mail_outbox').select('id'))).length,
    audit: (await q.all(q.db.selectFrom('studio_audit').select('id').where('action', 'like', 'order.refund%'))).length,
  };
}

const ask = () => ({ paymentId: order.paymentId, amount: 1, reason: 'requested_by_customer' });
const today = new Date().toISOString().slice(0, 10);
type Call = [method: string, pathname: string, body?: unknown];
const requestCall = (): Call => ['POST', `/api/studio/orders/${order.id}/refunds`, ask()];
const publisherCalls = (): Call[] => [
  ['POST', `/api/studio/orders/${order.id}/refunds`, { ...ask(), carryOut: true }],
  ['POST', `/api/studio/orders/${order.id}/refunds/${requestId}/carry-out`],
  ['POST', `/api/studio/orders/${order.id}/refunds/${requestId}/refuse`, { comment: 'attack' }],
  ['POST', `/api/studio/orders/${order.id}/overpayments/${overpaymentId}/refund`],
];
const exportCall = (): Call => ['GET', `/api/studio/payments/export?from=${today}&to=${today}`];

beforeAll(async () => {
  server = await startTestServer();
  origin = new URL(server.url).origin;
  order = await paidOrder(server, 'victim.refunds@example.com');
  other = await paidOrder(server, 'someone.else@example.com');
  for (const role of ['viewer', 'editor', 'publisher', 'admin'] as const) as[role] = (await signInOperator(server, role)).headers;
  const customer = await signedUp(server.url);
  as.customer = { Cookie: customer.browser.cookie!, Origin: origin };
  const asked = await call(as.editor, ...requestCall());
  expect(asked.status, asked.text).toBe(201);
  requestId = asked.body.data.refunds[0].id;
  overpaymentId = await server.q.insertReturningId('payment_overpayment', { order_id: order.id, payment_id: order.paymentId, amount_cents: 100, created_at: new Date().toISOString(), refunded_at: null });
});

afterAll(async () => {
  await server?.stop();
});

describe('who may call', () => {
  it("refuses every endpoint without a session, with a customer's session and with a guessed studio session, storing nothing", async () => {
    const before = await snapshot();
    const guessed = { Origin: origin, Cookie: `${STUDIO_COOKIE}=${crypto.randomBytes(32).toString('base64url')}` };
    for (const [method, pathname, body] of [requestCall(), ...publisherCalls(), exportCall()]) {
      for (const [who, headers] of [['no session', { Origin: origin }], ['a customer', as.customer], ['a guessed session', guessed]] as const) {
        const res = await call(headers, method, pathname, body);
        expect(res.status, `${method} ${pathname} with ${who}`).toBe(401);
        expect(res.text, `${method} ${pathname} with ${who}`).not.toContain('@example.com');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses each role below the one needed: a viewer asking, an editor carrying out, a publisher exporting', async () => {
    const before = await snapshot();
    expect((await call(as.viewer, ...requestCall())).status).toBe(403);
    for (const [method, pathname, body] of [...publisherCalls(), exportCall()]) {
      for (const who of ['viewer', 'editor'] as const) expect((await call(as[who], method, pathname, body)).status, `${who} ${method} ${pathname}`).toBe(403);
    }
    expect((await call(as.publisher, ...exportCall())).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a publisher's write from a foreign Origin, a null one, or none", async () => {
    const before = await snapshot();
    const cookie = as.publisher.Cookie!;
    for (const headers of [{ Cookie: cookie, Origin: 'https://evil.example' }, { Cookie: cookie, Origin: 'null' }, { Cookie: cookie }] as Headers[]) {
      for (const [method, pathname, body] of [requestCall(), ...publisherCalls()]) {
        expect((await call(headers, method, pathname, body)).status, `${JSON.stringify(headers.Origin)} ${pathname}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('what is refunded', () => {
  it("refuses another order's payment and another order's refund, as if they did not exist", async () => {
    const before = await snapshot();
    const wrongPayment = await call(as.publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { paymentId: other.paymentId, amount: 1, reason: 'other', carryOut: true });
    expect(wrongPayment.status).toBe(404);
    expect(wrongPayment.body).toMatchObject({ message: 'This payment is not one of the order.', fields: { paymentId: 'This payment is not one of the order.' } });
    expect(wrongPayment.text).not.toContain('someone.else');
    expect((await call(as.publisher, 'POST', `/api/studio/orders/${other.id}/refunds/${requestId}/carry-out`)).status).toBe(404);
    expect((await call(as.publisher, 'POST', `/api/studio/orders/${other.id}/refunds/${requestId}/refuse`, { comment: 'x' })).status).toBe(404);
    expect((await call(as.publisher, 'POST', `/api/studio/orders/${other.id}/overpayments/${overpaymentId}/refund`)).status).toBe(404);
    expect((await call(as.publisher, 'POST', `/api/studio/orders/999999/refunds`, ask())).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses more than is left, a negative, zero or fractional-cent amount, another currency, and malformed bodies, naming the field', async () => {
    const before = await snapshot();
    const more = await call(as.publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { ...ask(), amount: order.total, carryOut: true });
    expect(more.status).toBe(409);
    expect(more.body.fields.amount).toBe(`Only $${(order.total - 1).toFixed(2)} of this payment can still be refunded.`);
    for (const amount of [-5, 0, 0.005, 1.001, 'ten', null, 1e12]) {
      const res = await call(as.publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { ...ask(), amount, carryOut: true });
      expect(res.status, String(amount)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), String(amount)).toContain('amount');
    }
    const euros = await call(as.publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, { ...ask(), currency: 'EUR' });
    expect(euros.status).toBe(400);
    expect(euros.body.fields.currency).toBe('The store refunds in USD, the currency of its payments.');
    for (const [body, field] of [
      [{ ...ask(), reason: 'because' }, 'reason'],
      [{ ...ask(), note: 'x\u0000y' }, 'note'],
      [{ ...ask(), note: 'n'.repeat(501) }, 'note'],
      [{ ...ask(), paymentId: 'one' }, 'paymentId'],
      [{ ...ask(), price: 1 }, 'price'],
    ] as const) {
      const res = await call(as.publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await call(as.publisher, 'POST', `/api/studio/orders/${order.id}/refunds`, '{"paymentId": 1,')).status).toBe(400);
    expect((await call(as.publisher, 'POST', `/api/studio/orders/${order.id}/refunds/${requestId}/refuse`, { comment: 'x'.repeat(501) })).status).toBe(400);
    expect((await call(as.admin, 'GET', '/api/studio/payments/export?from=yesterday&to=today')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
