/**
 * Widget calls on behalf of a dealer, as an attacker would try them: a foreign site naming a real
 * dealer, one dealer's page naming another dealer, a made-up dealer, a header with no Origin. Each
 * is refused with 403 and logged (dealer id and origin, nothing personal); calls without the header
 * go on as before, and an order from a dealer's page records the dealer's id.
 *
 * @engines sqlite postgres: origins are checked before any query; the attribution is a column of both engines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderPayload } from '../api/commerce-test-kit';
import { Browser, savedAddress, signedUp } from '../api/my-account-test-kit';
import { projectRoot } from '../build-output';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { startServer, type RunningServer } from '../start';
import { createTestDatabaseUrl } from '../testing/test-database';
import { call } from './attacker-kit';

const HARBOR = 'https://www.harbor-kitchens.example';
const FOREIGN = 'https://evil.example';

let server: RunningServer;
/** A second connection to the server's database, to count and read its orders. */
let db: Database;
let dir: string;
let logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-dealers-'));
  const databaseUrl = await createTestDatabaseUrl(dir);
  const config = loadConfig({
    PORT: '0',
    DEALER_PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // The demo dealers file: demo-dealer on the dealer example's origins, harbor-kitchens on its own.
    CONTENT_DIR: path.join(projectRoot, 'examples', 'site'),
    LOG_LEVEL: 'warn',
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  server = await startServer(config, pino({ level: 'warn' }, sink));
  db = openDatabase(databaseUrl);
});
afterAll(async () => {
  await db?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  logLines = [];
});

const dealerOrigin = () => new URL(server.dealerUrl!).origin;
const orderCount = async () => (await db.q.first(db.q.db.selectFrom('sales_order').select((eb) => eb.fn.countAll<number>().as('n'))))!.n;
const refusals = () => logLines.filter((l) => typeof l.msg === 'string' && (l.msg as string).startsWith('widget call refused'));

const FOREIGN_REFUSAL = {
  error: 'dealer_origin_refused',
  message: "The store does not allow this page's origin, https://evil.example, for dealer demo-dealer. Ask the store to add https://evil.example to dealer demo-dealer in dealers.json.",
};

describe('X-Showroom-Dealer', () => {
  it('refuses a foreign origin naming a real dealer, readably for that page, and logs the dealer and the origin', async () => {
    const res = await call(server.url, 'GET', '/api/catalog/styles/hartford-shaker/samples', { headers: { Origin: FOREIGN, 'X-Showroom-Dealer': 'demo-dealer' } });
    expect(res.status).toBe(403);
    // The refusal and nothing else: no sample, and the page may read it to tell its dealer what to ask for.
    expect(res.body).toEqual(FOREIGN_REFUSAL);
    expect(res.headers['access-control-allow-origin']).toBe(FOREIGN);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
    expect(refusals()).toEqual([expect.objectContaining({ level: 40, dealer: 'demo-dealer', origin: FOREIGN })]);
  });

  it('places no order for a foreign origin naming a dealer', async () => {
    const res = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { Origin: FOREIGN, 'X-Showroom-Dealer': 'demo-dealer' } });
    expect(res.status).toBe(403);
    expect(await orderCount()).toBe(0);
    // The log holds who and where, never the order's personal data.
    expect(JSON.stringify(refusals())).not.toMatch(/@|street|phone/i);
  });

  it("refuses a dealer's page naming another dealer", async () => {
    const res = await call(server.url, 'GET', '/api/catalog/samples', { headers: { Origin: HARBOR, 'X-Showroom-Dealer': 'demo-dealer' } });
    expect(res.status).toBe(403);
    const back = await call(server.url, 'GET', '/api/catalog/samples', { headers: { Origin: dealerOrigin(), 'X-Showroom-Dealer': 'harbor-kitchens' } });
    expect(back.status).toBe(403);
    expect(refusals().map((l) => [l.dealer, l.origin])).toEqual([
      ['demo-dealer', HARBOR],
      ['harbor-kitchens', dealerOrigin()],
    ]);
    // A listed origin of another dealer is told which dealer refused it, and reads it through CORS.
    expect(back.body.message).toBe(`The store does not allow this page's origin, ${dealerOrigin()}, for dealer harbor-kitchens. Ask the store to add ${dealerOrigin()} to dealer harbor-kitchens in dealers.json.`);
    expect(back.headers['access-control-allow-origin']).toBe(dealerOrigin());
  });

  it('refuses an unknown dealer id and a dealer header without an Origin', async () => {
    const unknown = await call(server.url, 'GET', '/api/catalog/samples', { headers: { Origin: dealerOrigin(), 'X-Showroom-Dealer': 'no-such-dealer' } });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({ error: 'unknown_dealer', message: 'This widget names a dealer "no-such-dealer" the store does not know. Please check its dealer attribute.' });
    // A header that is not an id's shape is not repeated back.
    const odd = await call(server.url, 'GET', '/api/catalog/samples', { headers: { Origin: FOREIGN, 'X-Showroom-Dealer': '<img src=x>' } });
    expect(odd.body).toEqual({ error: 'unknown_dealer', message: 'This widget names a dealer the store does not know. Please check its dealer attribute.' });
    expect(odd.headers['access-control-allow-origin']).toBe(FOREIGN);
    const noOrigin = await call(server.url, 'GET', '/api/catalog/samples', { headers: { 'X-Showroom-Dealer': 'demo-dealer' } });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body).toEqual({ error: 'dealer_origin_refused', message: 'This widget may be used only on the pages of its dealer.' });
    expect(refusals()).toHaveLength(3);
  });

  it('logs a refused origin once however many calls its page makes (the window itself: server/http/dealer-origin.test.ts)', async () => {
    const origin = 'https://once.example';
    for (let i = 0; i < 5; i++) {
      const res = await call(server.url, 'GET', '/api/catalog/samples', { headers: { Origin: origin, 'X-Showroom-Dealer': 'demo-dealer' } });
      expect(res.status).toBe(403);
    }
    expect(refusals().map((l) => [l.dealer, l.origin])).toEqual([['demo-dealer', origin]]);
  });

  it("accepts a dealer's own origin, with CORS for the dealer header", async () => {
    const preflight = await call(server.url, 'OPTIONS', '/api/order', {
      headers: { Origin: HARBOR, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-showroom-dealer' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(HARBOR);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-showroom-dealer');
    const res = await call(server.url, 'GET', '/api/catalog/samples', { headers: { Origin: HARBOR, 'X-Showroom-Dealer': 'harbor-kitchens' } });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(HARBOR);
    expect(refusals()).toEqual([]);
  });

  it("records the dealer's id on an order placed from its page", async () => {
    const res = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { Origin: dealerOrigin(), 'X-Showroom-Dealer': 'demo-dealer' } });
    expect(res.status).toBe(201);
    const row = (await db.q.first(db.q.db.selectFrom('sales_order').select(['dealer_origin', 'dealer_attribution']).where('id', '=', res.body.id)))!;
    expect(row).toEqual({ dealer_origin: 'demo-dealer', dealer_attribution: 'origin' });
  });

  it('changes nothing for a call without the header from an allowed origin', async () => {
    const res = await call(server.url, 'GET', '/api/payment-methods', { headers: { Origin: dealerOrigin() } });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(dealerOrigin());
    const order = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { Origin: dealerOrigin() } });
    expect(order.status).toBe(201);
    expect(refusals()).toEqual([]);
  });
});

/**
 * Dealer attribution, as a client outside a browser would forge it: such a client can send any
 * Origin, so an order is credited to a dealer only by that dealer's origins (recorded as `origin`,
 * a browser's word) or by its key (recorded as `key`, proof); anything else credits no dealer.
 */
describe("what an order's dealer rests on", () => {
  /** The demo key of harbor-kitchens in examples/site/dealers.json (its keySha256). */
  const HARBOR_KEY = 'harbor-demo-key-0000';
  const attributionOf = async (id: number) =>
    (await db.q.first(db.q.db.selectFrom('sales_order').select(['dealer_origin', 'dealer_attribution']).where('id', '=', id)))!;

  it("credits no dealer for a script that writes a dealer's id as its Origin", async () => {
    const res = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { Origin: 'harbor-kitchens' } });
    expect(res.status).toBe(201);
    // Before, the text was recorded as the order's dealer, and the back office named it Harbor Kitchens & Bath.
    expect(await attributionOf(res.body.id)).toEqual({ dealer_origin: null, dealer_attribution: null });
  });

  it('credits no dealer for a claim with a wrong key, from no origin or from the dealer\'s own', async () => {
    const before = await orderCount();
    for (const origin of [undefined, HARBOR]) {
      const res = await call(server.url, 'POST', '/api/order', {
        body: orderPayload(),
        headers: { 'X-Showroom-Dealer': 'harbor-kitchens', 'X-Showroom-Dealer-Key': 'guessed-key', ...(origin ? { Origin: origin } : {}) },
      });
      expect(res.status, String(origin)).toBe(403);
      expect(res.body).toEqual({
        error: 'dealer_key_refused',
        message: "The key sent is not dealer harbor-kitchens's key. Send the key the store gave dealer harbor-kitchens, or leave the key out on the dealer's own pages.",
      });
    }
    // Another dealer's key is no key of this one: demo-dealer has none.
    const other = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { 'X-Showroom-Dealer': 'demo-dealer', 'X-Showroom-Dealer-Key': HARBOR_KEY } });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('dealer_key_refused');
    expect(await orderCount()).toBe(before);
  });

  it("records an order from the dealer's page as resting on its origin, and one from its server with its key as resting on the key", async () => {
    const page = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { Origin: HARBOR, 'X-Showroom-Dealer': 'harbor-kitchens' } });
    expect(page.status).toBe(201);
    expect(await attributionOf(page.body.id)).toEqual({ dealer_origin: 'harbor-kitchens', dealer_attribution: 'origin' });
    const fromServer = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { 'X-Showroom-Dealer': 'harbor-kitchens', 'X-Showroom-Dealer-Key': HARBOR_KEY } });
    expect(fromServer.status).toBe(201);
    expect(await attributionOf(fromServer.body.id)).toEqual({ dealer_origin: 'harbor-kitchens', dealer_attribution: 'key' });
    // A page of no dealer is recorded by its origin, credited to no dealer.
    const elsewhere = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { Origin: 'https://blog.example' } });
    expect(await attributionOf(elsewhere.body.id)).toEqual({ dealer_origin: 'https://blog.example', dealer_attribution: null });
  });
});

/**
 * The store answers a refused page's preflight so that page can read why it was refused. As an
 * attacker on such a page would use it: with a signed-in visitor's cookie riding along, with and
 * without the dealer header, reading and changing. The answer covers only calls that carry the dealer
 * header, which are refused before any route runs: the page reads the refusal and nothing else.
 */
describe('a refused origin, answered readably', () => {
  it("answers a dealer call's preflight from any origin, uncached and without credentials; any other preflight as before", async () => {
    const dealerCall = await call(server.url, 'OPTIONS', '/api/my-account/address/1', {
      headers: { Origin: FOREIGN, 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Headers': 'x-showroom-dealer' },
    });
    expect(dealerCall.status).toBe(204);
    expect(dealerCall.headers['access-control-allow-origin']).toBe(FOREIGN);
    expect(dealerCall.headers['access-control-max-age']).toBe('0');
    expect(dealerCall.headers['access-control-allow-credentials']).toBeUndefined();
    for (const requestHeaders of ['content-type', 'content-type,authorization', '']) {
      const other = await call(server.url, 'OPTIONS', '/api/my-account/address', {
        headers: { Origin: FOREIGN, 'Access-Control-Request-Method': 'POST', ...(requestHeaders ? { 'Access-Control-Request-Headers': requestHeaders } : {}) },
      });
      expect(other.headers['access-control-allow-origin'], requestHeaders).toBeUndefined();
      expect(other.headers['access-control-allow-methods'], requestHeaders).toBeUndefined();
    }
    expect(refusals()).toEqual([]);
  });

  it("reads none of a signed-in visitor's data and changes none of it, with the visitor's cookie", async () => {
    const { browser, customer } = await signedUp(server.url);
    const saved = (await browser.call('POST', '/api/my-account/address', savedAddress)).body.data;
    const ordersBefore = await orderCount();
    const attacker = new Browser(server.url, FOREIGN);
    attacker.cookie = browser.cookie;
    const dealerHeader = { 'X-Showroom-Dealer': 'demo-dealer' };
    for (const [method, path, body] of [
      ['GET', '/api/my-account/me'],
      ['GET', '/api/my-account/address'],
      ['GET', '/api/my-account/checkout-prefill'],
      ['GET', '/api/my-account/orders'],
      ['PATCH', `/api/my-account/address/${saved.id}`, { street1: '66 Evil Rd' }],
      ['DELETE', `/api/my-account/address/${saved.id}`],
      ['POST', '/api/my-account/address', { ...savedAddress, street1: '66 Evil Rd' }],
      ['POST', '/api/order', orderPayload()],
      ['POST', '/api/my-account/logout'],
    ] as [string, string, unknown?][]) {
      const res = await attacker.call(method, path, body, dealerHeader);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toEqual(FOREIGN_REFUSAL);
      expect(JSON.stringify(res.body)).not.toContain(customer.email);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // Everything as it was: the address, the session, and no order.
    expect((await browser.call('GET', '/api/my-account/address')).body.data).toEqual([saved]);
    expect((await browser.call('GET', '/api/my-account/me')).status).toBe(200);
    expect(await orderCount()).toBe(ordersBefore);
  });

  it('gives a call without the dealer header from that origin no CORS answer, as before', async () => {
    const res = await call(server.url, 'GET', '/api/payment-methods', { headers: { Origin: FOREIGN } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
