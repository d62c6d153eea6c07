/**
 * Three real server processes (`server/cli.ts start`, as `npm start` runs it) on one PostgreSQL,
 * with the requests spread over them: nothing one process keeps in memory can make these pass.
 * Each has its own copy of the content folder, as servers deployed from one image do.
 * Runs in the server-postgres project only (several processes need a database server; one SQLite
 * process is all a SQLite store ever has).
 *
 * @engines postgres: several server processes on one database need a database server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderPayload, storeQuote, skus } from '../api/commerce-test-kit';
import { projectRoot } from '../build-output';
import { openLiveSite } from '../content/live-site';
import { createLogger } from '../logger';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { bearer, call, card, CARD_NEEDS_AUTHENTICATION, freshClient, type Answer } from '../security/attacker-kit';
import { QuoteService } from '../services/quote-service';
import { signInOperator } from '../studio/studio-test-kit';
import { WRONG_PASSWORDS_IN_A_ROW } from '../services/account-throttle';
import { startServerProcess, type ServerProcess } from '../testing/server-processes';
import { createTestDatabaseUrl } from '../testing/test-database';
import { scaledMs } from '../../scripts/test-calibration';

let servers: ServerProcess[] = [];
let database: Database;
let smtp: SMTPServer;
let dir: string;
/** The environment every server starts with, but its content folder. */
let serverEnv: Record<string, string>;
/** A copy of the demo store, each server its own, as servers deployed from one image have. */
const contentCopy = (name: string) => {
  const copy = path.join(dir, 'content', name);
  fs.cpSync(process.env.CONTENT_DIR ?? path.join(projectRoot, 'examples', 'site'), copy, { recursive: true });
  return copy;
};
/** Every message the servers delivered by SMTP: its envelope recipients. */
const delivered: string[][] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-servers-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(session.envelope.rcptTo.map((r) => r.address));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  // As a deploy does it: the migrations run once, then the servers start.
  const url = await createTestDatabaseUrl();
  database = openDatabase(url);
  await migrateToLatest(database.db);
  serverEnv = {
    DATABASE_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ADMIN_EMAILS: 'owner@example.com',
    UPLOADS_DIR: path.join(dir, 'uploads'),
  };
  const copies = ['a', 'b', 'c'].map(contentCopy);
  // Started together, as a deploy does (startServerProcesses, each with its own folder).
  const started = await Promise.allSettled(copies.map((copy) => startServerProcess({ ...serverEnv, CONTENT_DIR: copy })));
  servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}, scaledMs(120_000));

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const q = () => database.q;
const server = (i: number) => servers[i % servers.length]!;
const newOrder = (key: string, from = server(0)) => call(from.url, 'POST', '/api/order', { body: orderPayload({}, skus(2)), headers: { 'Idempotency-Key': key } });

/** One charge was taken (paid, or on hold for the bank); every other was refused with a 409, and the provider was asked once. */
async function expectOnePayment(answers: Answer[], orderId: number): Promise<void> {
  const taken = answers.filter((a) => a.status === 200 || (a.status === 402 && a.body?.status === 'on_hold'));
  expect(taken, JSON.stringify(answers.map((a) => [a.status, a.body?.error]))).toHaveLength(1);
  for (const answer of answers.filter((a) => a !== taken[0])) {
    expect(answer.status, answer.text).toBe(409);
    expect(['payment_waiting', 'orderAlreadyPaid']).toContain(answer.body.error);
  }
  const payments = await q().all(q().db.selectFrom('payment').select(['status', 'transaction_id']).where('order_id', '=', orderId).orderBy('id'));
  expect(payments).toEqual([{ status: taken[0]!.body.status, transaction_id: taken[0]!.body.transactionId }]);
  expect(await q().all(q().db.selectFrom('payment_overpayment').select('id').where('order_id', '=', orderId))).toEqual([]);
}

describe('three servers on one PostgreSQL', () => {
  it('the same Idempotency-Key sent to the three at once makes one order', async () => {
    const key = `three-servers-same-key-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => newOrder(key, server(i))));
    for (const a of answers) expect([200, 201], a.text).toContain(a.status);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const records = await q().all(q().db.selectFrom('idempotency_record').select('order_id').where('idempotency_key', '=', key));
    expect(records).toEqual([{ order_id: answers[0]!.body.id }]);
  });

  it('twenty charges of one order with one card, spread over the three, take one payment', async () => {
    const order = await newOrder(`three-servers-charges-${Date.now()}`);
    expect(order.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server(i).url, 'POST', '/api/payment/test/charge', {
          body: { ...card(i % 4 === 3 ? CARD_NEEDS_AUTHENTICATION : '4242424242424242'), metadata: { orderId: String(order.body.id) } },
          headers: { ...bearer(order.body.accessToken), 'Idempotency-Key': `three-servers-charge-${order.body.id}-${i}` },
        }),
      ),
    );
    await expectOnePayment(answers, order.body.id);
  });

  it('twenty first payments of one quote, spread over the three, make one order with one payment', async () => {
    const quotes = new QuoteService(q(), server(0).url);
    const quote = await storeQuote(quotes, { splitPaymentEnabled: false });
    const link = await quotes.issueLink(quote.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server(i).url, 'POST', '/api/payment/test/charge', {
          body: { ...card(i % 4 === 3 ? CARD_NEEDS_AUTHENTICATION : '4242424242424242'), metadata: { quoteId: String(quote.id) } },
          headers: { ...bearer(link.token), 'Idempotency-Key': `three-servers-quote-${quote.id}-${i}` },
        }),
      ),
    );
    const orders = await q().all(q().db.selectFrom('sales_order').select('id').where('quote_id', '=', quote.id));
    expect(orders).toHaveLength(1);
    await expectOnePayment(answers, orders[0]!.id);
  });

  it('twenty conversions of one paid quote, spread over the three, make one order', async () => {
    const quotes = new QuoteService(q(), server(0).url);
    const quote = await storeQuote(quotes, { splitPaymentEnabled: false });
    const link = await quotes.issueLink(quote.id);
    const paid = await call(server(0).url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { quoteId: String(quote.id) } }, headers: { ...bearer(link.token), 'Idempotency-Key': `quote-${quote.id}` } });
    expect(paid.status, paid.text).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server(i).url, 'POST', '/api/quote/convertToOrder', { body: { quoteId: quote.id, payment: { transactionId: paid.body.transactionId, method: 'card' } }, headers: bearer(link.token) }),
      ),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const orders = await q().all(q().db.selectFrom('sales_order').select(['id', 'status']).where('quote_id', '=', quote.id));
    expect(orders).toEqual([{ id: answers[0]!.body.order.id, status: 'ordered' }]);
    expect(new Set(answers.map((a) => a.body.order.id))).toEqual(new Set([orders[0]!.id]));
    const payments = await q().all(q().db.selectFrom('payment').select('transaction_id').where('order_id', '=', orders[0]!.id));
    expect(payments).toEqual([{ transaction_id: paid.body.transactionId }]);
  });

  it('the tenth wrong password for one account, spread over the three, asks for the captcha on all of them', async () => {
    const email = `spread-${Date.now()}@example.com`;
    const password = 'Kitchen-Cabinets-Spread-Oak';
    const origin = (s: ServerProcess) => ({ Origin: s.url });
    const registered = await call(server(0).url, 'POST', '/api/my-account/register', { body: { email, password, firstName: 'Casey', lastName: 'Builder' }, headers: origin(server(0)) });
    expect(registered.status, registered.text).toBe(202);
    for (let i = 1; i <= WRONG_PASSWORDS_IN_A_ROW; i += 1) {
      const s = server(i);
      const wrong = await call(s.url, 'POST', '/api/my-account/login', { body: { email, password: `wrong-${i}` }, headers: origin(s), from: freshClient() });
      expect(wrong.status, `attempt ${i}`).toBe(401);
      // The tenth, wherever it lands, names the captcha the next attempts need.
      if (i === WRONG_PASSWORDS_IN_A_ROW) expect(wrong.body.fields).toEqual({ recaptchaToken: 'Please complete the reCAPTCHA verification' });
    }
    for (const s of servers) {
      const right = await call(s.url, 'POST', '/api/my-account/login', { body: { email, password }, headers: origin(s), from: freshClient() });
      expect(right.status, right.text).toBe(400);
      expect(right.body.error).toBe('captcha_required');
    }
  });

  it('an order e-mail is sent once, whichever server sends it', async () => {
    const email = `sent-once-${Date.now()}@example.com`;
    const order = await call(server(1).url, 'POST', '/api/order', { body: orderPayload({ email, addresses: (orderPayload().addresses as object[]).map((a) => ({ ...a, email })) }, skus(1)), headers: { 'Idempotency-Key': `sent-once-${Date.now()}` } });
    expect(order.status, order.text).toBe(201);
    const paid = await call(server(2).url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { orderId: String(order.body.id) } }, headers: { ...bearer(order.body.accessToken), 'Idempotency-Key': `sent-once-pay-${order.body.id}` } });
    expect(paid.status, paid.text).toBe(200);
    // A message marked sent is never sent again, and it is marked only after its delivery: once all
    // of the customer's are marked, every delivery that will ever happen has happened.
    const mails = await vi.waitFor(
      async () => {
        const rows = await q().all(q().db.selectFrom('mail_outbox').select(['type', 'status']).where('recipient', '=', email).orderBy('id'));
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.status === 'sent'), JSON.stringify(rows)).toBe(true);
        return rows;
      },
      { timeout: scaledMs(30_000), interval: 200 },
    );
    expect(mails.map((m) => m.type)).toContain('order-confirmation');
    expect(delivered.filter((to) => to.includes(email))).toHaveLength(mails.length);
  });

  it('a content version published by another server shows on all three within the poll, and a server started later begins with it', async () => {
    // A fourth server's live content, in this process, on the same database and a folder of its own.
    const folder = contentCopy('publisher');
    const live = await openLiveSite({ dir: folder, database, logger: createLogger('silent'), swap: async () => {} });
    const read = (file: string) => fs.readFileSync(path.join(folder, file), 'utf8');
    const routes = JSON.parse(read('routes.json')) as { routes: Array<{ path: string; page: string }> };
    routes.routes.splice(routes.routes.findIndex((r) => r.path === '/*'), 0, { path: '/showrooms/austin', page: 'showroom-austin' });
    const page = read('pages/about-us.json').replace(/"title": "[^"]*"/, '"title": "Our Austin showroom"');
    const before = await Promise.all(servers.map(async (s) => (await fetch(`${s.url}/showrooms/austin`)).status));
    expect(before).toEqual([404, 404, 404]);
    await live.publish(
      new Map([
        ['routes.json', `${JSON.stringify(routes, null, 2)}\n`],
        ['pages/showroom-austin.json', page],
      ]),
      { author: 'pat@example.com', message: 'Austin' },
    );
    await live.stop();
    const title = async (url: string) => {
      const res = await fetch(`${url}/showrooms/austin`);
      return `${res.status} ${(await res.text()).match(/<title>([^<|]*)/)?.[1]?.trim()}`;
    };
    await vi.waitFor(async () => expect(await Promise.all(servers.map((s) => title(s.url)))).toEqual(Array(3).fill('200 Our Austin showroom')), { timeout: scaledMs(20_000), interval: 100 });
    for (const name of ['a', 'b', 'c']) expect(fs.readFileSync(path.join(dir, 'content', name, 'pages/showroom-austin.json'), 'utf8')).toBe(page);

    // Deployed from the old image: its folder is brought up to the versions before it listens.
    const late = await startServerProcess({ ...serverEnv, CONTENT_DIR: contentCopy('late') });
    try {
      expect(await title(late.url)).toBe('200 Our Austin showroom');
    } finally {
      await late.stop();
    }
  }, scaledMs(60_000));

  it('the same refund sent to two servers at once is recorded once, and the gateway asked once', async () => {
    const order = await newOrder(`three-servers-refund-${Date.now()}`);
    const paid = await call(server(0).url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { orderId: String(order.body.id) } }, headers: bearer(order.body.accessToken) });
    expect(paid.status, paid.text).toBe(200);
    const payment = (await q().first(q().db.selectFrom('payment').select(['id', 'transaction_id']).where('order_id', '=', order.body.id)))!;
    const publisher = await signInOperator({ url: server(0).url, databaseUrl: serverEnv.DATABASE_URL! }, 'publisher');
    // The studio's cookie names the session every server knows; each server takes its own Origin.
    const studio = (target: ServerProcess, pathname: string, body: unknown, key?: string) =>
      call(target.url, 'POST', pathname, { body, headers: { Cookie: publisher.cookie, Origin: new URL(target.url).origin, ...(key ? { 'Idempotency-Key': key } : {}) } });

    // A publisher's "Refund now", sent twice (a retry after a timeout) to two servers at once.
    const key = `refund-two-servers-${order.body.id}-${Date.now()}`;
    const body = { paymentId: payment.id, amount: 5, reason: 'requested_by_customer', carryOut: true };
    const answers = await Promise.all([studio(server(1), `/api/studio/orders/${order.body.id}/refunds`, body, key), studio(server(2), `/api/studio/orders/${order.body.id}/refunds`, body, key)]);
    for (const a of answers) expect([200, 201], a.text).toContain(a.status);
    const refunds = await q().all(q().db.selectFrom('payment_refund').select(['id', 'status', 'amount_cents']).where('order_id', '=', order.body.id));
    expect(refunds).toEqual([{ id: expect.any(Number), status: 'succeeded', amount_cents: 500 }]);
    const asked = () => q().all(q().db.selectFrom('test_gateway_refund').select('amount_cents').where('transaction_id', '=', payment.transaction_id));
    expect(await asked()).toEqual([{ amount_cents: 500 }]);

    // An editor's request carried out on two servers at once: one refund at the gateway.
    const editor = await signInOperator({ url: server(0).url, databaseUrl: serverEnv.DATABASE_URL! }, 'editor');
    const requested = await call(server(0).url, 'POST', `/api/studio/orders/${order.body.id}/refunds`, {
      body: { paymentId: payment.id, amount: 3, reason: 'returned_goods' },
      headers: { Cookie: editor.cookie, Origin: new URL(server(0).url).origin },
    });
    expect(requested.status, requested.text).toBe(201);
    const refundId = (requested.body.data.refunds as { id: number; status: string }[]).find((r) => r.status === 'requested')!.id;
    const carried = await Promise.all([1, 2].map((i) => studio(server(i), `/api/studio/orders/${order.body.id}/refunds/${refundId}/carry-out`, {})));
    for (const a of carried) expect([200, 409], a.text).toContain(a.status);
    expect((await asked()).map((r) => r.amount_cents).sort()).toEqual([300, 500]);
    expect((await q().first(q().db.selectFrom('payment_refund').select('status').where('id', '=', refundId)))!.status).toBe('succeeded');
  });

  it('kill -9 of one server in a stream of orders: every acknowledged order is stored whole, and the other two go on answering', async () => {
    const acknowledged: Array<{ id: number; total: number }> = [];
    const refused: string[] = [];
    let sent = 0;
    const victim = servers[2]!;
    let killed: Promise<void> | undefined;
    // Six clients each place orders one after another, round robin over the three servers.
    await Promise.all(
      Array.from({ length: 6 }, async (_, client) => {
        for (let n = 0; n < 12; n += 1) {
          const s = server(client + n);
          if (++sent === 30) killed = victim.kill();
          try {
            const res = await newOrder(`stream-${client}-${n}-${Date.now()}`, s);
            if (res.status === 201) acknowledged.push({ id: res.body.id, total: res.body.total });
            else refused.push(`${res.status} ${res.text}`);
          } catch (err) {
            // Only the killed server may fail to answer.
            expect(s).toBe(victim);
            expect(killed, String(err)).toBeDefined();
          }
        }
      }),
    );
    await killed;
    // Really gone: its port answers nothing.
    await expect(fetch(`${victim.url}/api/health`)).rejects.toThrow();
    expect(refused).toEqual([]);
    // Every order the two survivors were asked for after the kill was acknowledged.
    expect(acknowledged.length).toBeGreaterThanOrEqual(48);
    for (const { id, total } of acknowledged) {
      const stored = await q().first(q().db.selectFrom('sales_order').select(['total_cents']).where('id', '=', id));
      expect(stored, `order ${id}`).toEqual({ total_cents: Math.round(total * 100) });
      const items = await q().all(q().db.selectFrom('sales_order_item').select('id').where('order_id', '=', id));
      const addresses = await q().all(q().db.selectFrom('sales_order_address').select('type').where('order_id', '=', id).orderBy('type'));
      expect(items, `order ${id}`).toHaveLength(2);
      expect(addresses.map((a) => a.type), `order ${id}`).toEqual(['billing', 'shipping']);
    }
    // Nothing half-stored either: no order of the stream lacks its lines.
    const bare = await q().all(
      q().db.selectFrom('sales_order as o').select('o.id').where((eb) => eb.not(eb.exists(eb.selectFrom('sales_order_item as i').select('i.id').whereRef('i.order_id', '=', 'o.id')))),
    );
    expect(bare).toEqual([]);
    for (const survivor of servers.slice(0, 2)) expect((await call(survivor.url, 'GET', '/api/ready')).status).toBe(200);
  });
});
