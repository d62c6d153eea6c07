/**
 * The dealer check's log of refusals: each refused dealer and origin once per 10 minutes however
 * many calls the page makes, then again with a count of the calls in between (the clock is moved,
 * nothing waits). The refusals themselves, as an attacker meets them: server/security/dealers.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { DealerDirectory, dealerOriginCheck, REFUSAL_LOG_WINDOW_MS } from './dealer-origin';
import { errorHandler } from './error-handler';

const lines: { fields: Record<string, unknown>; msg: string }[] = [];
const logger = { warn: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }), error: () => {} } as unknown as Logger;
let now = 1_800_000_000_000;
let server: http.Server;
let base = '';

beforeAll(async () => {
  const dealers = new DealerDirectory([{ id: 'demo-dealer', name: 'Demo', allowedOrigins: ['https://demo.example'] }]);
  const app = new Koa();
  app.use(errorHandler(logger));
  app.use(dealerOriginCheck(dealers, logger, { now: () => now }));
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const callFrom = (origin: string, dealer = 'demo-dealer') => fetch(`${base}/api/catalog/samples`, { headers: { Origin: origin, 'X-Showroom-Dealer': dealer } });

describe('an origin copied from the address bar', () => {
  it('counts with a trailing slash or capitals, as the Origin header a browser sends from that site', () => {
    const dealers = new DealerDirectory([{ id: 'copied', name: 'Copied', allowedOrigins: ['https://Riverside-Home.example/'] }]);
    expect(dealers.isDealerOrigin('https://riverside-home.example')).toBe(true);
    expect(dealers.isDealerOrigin('https://riverside-home.example.evil.example')).toBe(false);
  });
});

describe('the log of refused dealer origins', () => {
  it('writes each refused origin once per window, then again with the count held back', async () => {
    for (let i = 0; i < 3; i++) expect((await callFrom('https://a.example')).status).toBe(403);
    expect((await callFrom('https://b.example')).status).toBe(403);
    expect((await callFrom('https://demo.example')).status).toBe(200);
    expect(lines.map((l) => [l.fields.dealer, l.fields.origin])).toEqual([
      ['demo-dealer', 'https://a.example'],
      ['demo-dealer', 'https://b.example'],
    ]);
    expect(lines[0]!.msg).toBe('widget call refused: origin not allowed for dealer');

    now += REFUSAL_LOG_WINDOW_MS - 1;
    await callFrom('https://a.example');
    expect(lines).toHaveLength(2);
    now += 1;
    await callFrom('https://a.example');
    expect(lines.slice(2)).toEqual([{ fields: { dealer: 'demo-dealer', origin: 'https://a.example', path: '/api/catalog/samples', refusedSinceLastLine: 3 }, msg: 'widget call refused: origin not allowed for dealer' }]);
  });

  it('logs an unknown dealer once per window too', async () => {
    lines.length = 0;
    await callFrom('https://c.example', 'no-such-dealer');
    await callFrom('https://c.example', 'no-such-dealer');
    expect(lines.map((l) => [l.msg, l.fields.dealer])).toEqual([['widget call refused: unknown dealer', 'no-such-dealer']]);
  });
});
