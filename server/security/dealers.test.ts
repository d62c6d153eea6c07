/**
 * Widget calls on behalf of a dealer, as an attacker would try them: a foreign site naming a real
 * dealer, one dealer's page naming another dealer, a made-up dealer, a header with no Origin. Each
 * is refused with 403 and logged (dealer id and origin, nothing personal); calls without the header
 * go on as before, and an order from a dealer's page records the dealer's id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderPayload } from '../api/commerce-test-kit';
import { projectRoot } from '../build-output';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { startServer, type RunningServer } from '../start';
import { call } from './attacker-kit';

const HARBOR = 'https://www.harbor-kitchens.example';
const FOREIGN = 'https://evil.example';

let server: RunningServer;
let dir: string;
let logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-dealers-'));
  const config = loadConfig({
    PORT: '0',
    DEALER_PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(dir, 'showroom.db')}`,
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
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  logLines = [];
});

const dealerOrigin = () => new URL(server.dealerUrl).origin;
const refusals = () => logLines.filter((l) => typeof l.msg === 'string' && (l.msg as string).startsWith('widget call refused'));

describe('X-Showroom-Dealer', () => {
  it('refuses a foreign origin naming a real dealer, and logs the dealer and the origin', async () => {
    const res = await call(server.url, 'GET', '/api/catalog/styles/hartford-shaker/samples', { headers: { Origin: FOREIGN, 'X-Showroom-Dealer': 'demo-dealer' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'dealer_origin_refused', message: 'This widget may be used only on the pages of its dealer.' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(refusals()).toEqual([expect.objectContaining({ level: 40, dealer: 'demo-dealer', origin: FOREIGN })]);
  });

  it('places no order for a foreign origin naming a dealer', async () => {
    const res = await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { Origin: FOREIGN, 'X-Showroom-Dealer': 'demo-dealer' } });
    expect(res.status).toBe(403);
    const db = openDatabase(path.join(dir, 'showroom.db'));
    const count = db.sqlite.prepare('select count(*) as n from sales_order').get() as { n: number };
    await db.close();
    expect(count.n).toBe(0);
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
  });

  it('refuses an unknown dealer id and a dealer header without an Origin', async () => {
    const unknown = await call(server.url, 'GET', '/api/catalog/samples', { headers: { Origin: dealerOrigin(), 'X-Showroom-Dealer': 'no-such-dealer' } });
    expect(unknown.status).toBe(403);
    expect(unknown.body.error).toBe('unknown_dealer');
    const noOrigin = await call(server.url, 'GET', '/api/catalog/samples', { headers: { 'X-Showroom-Dealer': 'demo-dealer' } });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.error).toBe('dealer_origin_refused');
    expect(refusals()).toHaveLength(2);
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
    const db = openDatabase(path.join(dir, 'showroom.db'));
    const row = db.sqlite.prepare('select dealer_origin from sales_order where id = ?').get(res.body.id) as { dealer_origin: string | null };
    await db.close();
    expect(row.dealer_origin).toBe('demo-dealer');
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
