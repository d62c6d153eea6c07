/**
 * The back office's order endpoints against an attacker: no session, a customer's session, a
 * guessed studio session id, a viewer writing, an editor's write from a foreign Origin or with no
 * Origin, an order or overpayment that does not exist, a move the state machine refuses, and
 * malformed filters, cursors and bodies. Each refusal stores nothing; nothing answers a 500.
 *
 * @engines sqlite: who may call is decided before any query.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../api/my-account-test-kit';
import { openDatabase, type Database } from '../db/database';
import { seedBackOffice } from '../back-office/seed-database';
import { STUDIO_COOKIE } from '../studio/operator-routes';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

type Json = Record<string, any>;
type Headers = Record<string, string>;

let server: TestServer;
let database: Database;
let origin: string;
const as: Record<'viewer' | 'editor' | 'customer', Headers> = {} as never;
/** A paid order in processing, with an overpayment not refunded: every write has something to change. */
let orderId = 0;
let overpaymentId = 0;

async function call(headers: Headers, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json; headers: globalThis.Headers }> {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {}, headers: res.headers };
}

/** What an attack must leave as it was: the order's status and history, its mails, the overpayment, the audit log. */
async function snapshot() {
  const q = database.q;
  return {
    order: await q.first(q.db.selectFrom('sales_order').select(['status', 'state', 'updated_at']).where('id', '=', orderId)),
    history: (await q.all(q.db.selectFrom('sales_order_status_history').select('id').where('order_id', '=', orderId))).length,
    mails: (await q.all(q.db.selectFrom('mail_outbox').select('id'))).length,
    overpayment: await q.first(q.db.selectFrom('payment_overpayment').select('refunded_at').where('id', '=', overpaymentId)),
    audit: (await q.all(q.db.selectFrom('studio_audit').select('id').where('action', 'like', 'order.%'))).length,
  };
}

const writes = (): [string, string, unknown?][] => [
  ['POST', `/api/studio/orders/${orderId}/status`, { status: 'shipped', comment: 'attack' }],
  ['POST', `/api/studio/orders/${orderId}/resend-confirmation`],
  ['POST', `/api/studio/orders/${orderId}/overpayments/${overpaymentId}/refunded`],
];
const reads = (): [string, string][] => [
  ['GET', '/api/studio/orders'],
  ['GET', `/api/studio/orders?search=${encodeURIComponent('a@example.com')}`],
  ['GET', `/api/studio/orders/${orderId}`],
];

beforeAll(async () => {
  server = await startTestServer();
  origin = new URL(server.url).origin;
  database = openDatabase(server.databaseUrl);
  await seedBackOffice(database, { orders: 60, submissions: 0, seed: 5 });
  const q = database.q;
  const order = (await q.first(q.db.selectFrom('sales_order').select('id').where('status', '=', 'processing').orderBy('id')))!;
  orderId = order.id;
  const payment = (await q.first(q.db.selectFrom('payment').select('id').where('order_id', '=', orderId)))!;
  await q.run(q.db.deleteFrom('payment_overpayment').where('payment_id', '=', payment.id));
  overpaymentId = await q.insertReturningId('payment_overpayment', { order_id: orderId, payment_id: payment.id, amount_cents: 500, created_at: new Date().toISOString(), refunded_at: null });
  as.viewer = (await signInOperator(server, 'viewer')).headers;
  as.editor = (await signInOperator(server, 'editor')).headers;
  const customer = await signedUp(server.url);
  as.customer = { Cookie: customer.browser.cookie!, Origin: origin };
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

describe('who may call', () => {
  it('refuses every endpoint without a session, with a customer\'s session and with a guessed studio session id, storing nothing', async () => {
    const before = await snapshot();
    const guessed = { Origin: origin, Cookie: `${STUDIO_COOKIE}=${crypto.randomBytes(32).toString('base64url')}` };
    for (const [method, pathname, body] of [...reads(), ...writes()]) {
      for (const [who, headers] of [['no session', { Origin: origin }], ['a customer', as.customer], ['a guessed session', guessed]] as const) {
        const res = await call(headers, method, pathname, body);
        expect(res.status, `${method} ${pathname} with ${who}`).toBe(401);
        // Nothing of the order leaks in the refusal.
        expect(JSON.stringify(res.body), `${method} ${pathname} with ${who}`).not.toContain('@example.com');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets a viewer read, never change a status, resend or mark refunded', async () => {
    for (const [method, pathname] of reads()) {
      const res = await call(as.viewer, method, pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe('no-store');
    }
    const before = await snapshot();
    for (const [method, pathname, body] of writes()) expect((await call(as.viewer, method, pathname, body)).status, pathname).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an editor's write from a foreign Origin or with none", async () => {
    const before = await snapshot();
    const { Origin: _own, ...noOrigin } = as.editor;
    for (const [method, pathname, body] of writes()) {
      expect((await call({ ...as.editor, Origin: 'https://attacker.example' }, method, pathname, body)).status, `${pathname} foreign`).toBe(403);
      expect((await call({ ...as.editor, Origin: 'null' }, method, pathname, body)).status, `${pathname} null`).toBe(403);
      expect((await call(noOrigin, method, pathname, body)).status, `${pathname} without Origin`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('what does not exist', () => {
  it('is a 404 for an unknown order, a malformed id, and an overpayment of another order', async () => {
    const other = (await database.q.first(database.q.db.selectFrom('sales_order').select('id').where('id', '!=', orderId).orderBy('id')))!.id;
    const before = await snapshot();
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/studio/orders/999999999'],
      ['POST', '/api/studio/orders/999999999/status', { status: 'shipped', comment: '' }],
      ['POST', '/api/studio/orders/999999999/resend-confirmation'],
      ['POST', `/api/studio/orders/999999999/overpayments/${overpaymentId}/refunded`],
      ['POST', `/api/studio/orders/${other}/overpayments/${overpaymentId}/refunded`],
      ['POST', `/api/studio/orders/${orderId}/overpayments/999999999/refunded`],
    ];
    for (const [method, pathname, body] of cases) {
      const res = await call(as.editor, method, pathname, body);
      expect(res.status, pathname).toBe(404);
      expect(res.body.error, pathname).toBe('not_found');
    }
    for (const bad of ['0', '-1', '1.5', 'abc', '1e3', '9999999999999999']) {
      expect([400, 404], bad).toContain((await call(as.viewer, 'GET', `/api/studio/orders/${bad}`)).status);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('refused changes', () => {
  it('answers 409 for a move the state machine refuses, and 400 for a status no operator sets', async () => {
    const before = await snapshot();
    const back = await call(as.editor, 'POST', `/api/studio/orders/${orderId}/status`, { status: 'ordered', comment: 'reset' });
    expect(back.status).toBe(409);
    expect(back.body.error).toBe('invalid_status_transition');
    for (const status of ['pending', 'pending_payment', 'partially_paid', 'PROCESSING', 'nonsense']) {
      const res = await call(as.editor, 'POST', `/api/studio/orders/${orderId}/status`, { status, comment: '' });
      expect(res.status, status).toBe(400);
      expect(Object.keys(res.body.fields), status).toEqual(['status']);
    }
    expect((await call(as.editor, 'POST', `/api/studio/orders/${orderId}/status`, { status: 'shipped', comment: 'x'.repeat(2001) })).body.fields).toEqual({ comment: expect.any(String) });
    expect((await call(as.editor, 'POST', `/api/studio/orders/${orderId}/status`, { status: 'shipped' })).body.fields).toEqual({ comment: expect.any(String) });
    expect((await call(as.editor, 'POST', `/api/studio/orders/${orderId}/status`, { status: 'shipped', comment: '', extra: 1 })).status).toBe(400);
    expect((await call(as.editor, 'POST', `/api/studio/orders/${orderId}/status`, '["shipped"]')).status).toBe(400);
    expect((await call(as.editor, 'POST', `/api/studio/orders/${orderId}/status`, '{"status":')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad filters', () => {
  const bad: [string, string][] = [
    ['status=bogus', 'status'],
    ['from=2024-13-01', 'from'],
    ['from=2024-02-30', 'from'],
    ['to=yesterday', 'to'],
    ['from=2025-02-01&to=2025-01-01', 'to'],
    ['payment=free', 'payment'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['after=not%20a%20cursor', 'after'],
    [`after=${Buffer.from('{"id":1}').toString('base64url')}`, 'after'],
    [`after=${Buffer.from('["2025-01-01T00:00:00.000Z","1 or 1=1"]').toString('base64url')}`, 'after'],
    [`search=${'x'.repeat(201)}`, 'search'],
    ['dealer=', 'dealer'],
    ['dealer=demo%00dealer', 'dealer'],
    ['search=jane%00', 'search'],
    ['search=jane%0Adoe', 'search'],
    ['status=shipped&status=complete', 'status'],
    ['orderBy=email', 'orderBy'],
  ];
  it.each(bad)('%s is a 400 naming %s', async (query, field) => {
    const res = await call(as.viewer, 'GET', `/api/studio/orders?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });

  it('a search made of SQL or LIKE wildcards finds nothing and breaks nothing', async () => {
    for (const search of ["' or '1'='1", '%', '_%_', '"; drop table sales_order; --', '\\']) {
      const res = await call(as.viewer, 'GET', `/api/studio/orders?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      expect(res.body.data.orders, search).toEqual([]);
    }
    expect((await call(as.viewer, 'GET', '/api/studio/orders?limit=100')).body.data.orders).toHaveLength(60);
  });
});
