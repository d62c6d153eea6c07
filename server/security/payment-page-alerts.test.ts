/**
 * The payment pages' alerts against an attacker. Reports are public by design, so anyone can send
 * made-up ones: a flood of blocked origins that do not exist must not spend what a real report
 * needs. Whatever a few clients send first or after, a real new blocked origin reported by another
 * client reaches the admins (its own e-mail, or the digest) and the studio names it: the budgets are
 * per client and per kind, counted in the database, not one store-wide cap.
 *
 * @engines sqlite postgres: the kinds, the e-mails and the budgets are counted under locks and in limits every server shares.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { call, freshClient } from './attacker-kit';
import { scaledMs } from '../../scripts/test-calibration';

let server: TestServer;
let admin: Record<string, string>;
const REPORT = '/api/payment-pages/reports';

const report = (blocked: string) => ({ type: 'csp-violation', body: { documentURL: `${server.url}/checkout`, blockedURL: `${blocked}/card.js`, effectiveDirective: 'script-src-elem', disposition: 'enforce' } });
const send = (from: string, blocked: readonly string[]) => call(server.url, 'POST', REPORT, { body: blocked.map(report), from, headers: { 'Content-Type': 'application/reports+json' } });
const alertTexts = async () => (await server.q.all(server.q.db.selectFrom('mail_outbox').select(['text']).where('type', '=', 'payment-page-violation'))).map((m) => m.text);
const namedInStudio = async () => {
  const res = await call(server.url, 'GET', '/api/studio/payment-pages/violations', { headers: admin });
  expect(res.status, res.text).toBe(200);
  return (res.body as { data: { kinds: { blocked: string }[] } }).data.kinds.map((k) => k.blocked);
};

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'owner@example.com' });
  admin = (await signInOperator(server, 'admin')).headers;
}, scaledMs(120_000));
beforeEach(async () => {
  await server.q.run(server.q.db.deleteFrom('payment_page_violation'));
  await server.q.run(server.q.db.deleteFrom('mail_outbox'));
});
afterAll(async () => {
  await server?.stop();
});

let made = 0;
const madeUp = (n: number) => Array.from({ length: n }, () => `https://made-up-${++made}.example`);

describe('a flood of made-up reports', () => {
  it('does not keep a real blocked origin, reported afterwards by another client, from the admins or the studio', async () => {
    const attacker = freshClient();
    // 15 requests of 20 made-up origins: more than the old store-wide caps (10 e-mails an hour, 200 kinds).
    for (let i = 0; i < 15; i++) expect((await send(attacker, madeUp(20))).status).toBe(200);
    const real = 'https://skimmer-after-the-flood.example';
    expect((await send(freshClient(), [real])).status).toBe(200);

    const texts = await alertTexts();
    expect(texts.filter((t) => t.includes(real))).toHaveLength(1);
    expect(await namedInStudio()).toContain(real);
    // The attacker's own budgets: a few e-mails at once, then one digest; 20 kinds, the rest counted together.
    expect(texts.length).toBeLessThanOrEqual(3 + 1 + 1);
    const stored = await server.q.all(server.q.db.selectFrom('payment_page_violation').select(['type', 'count']));
    expect(stored.filter((k) => k.type !== 'overflow')).toHaveLength(20 + 1);
    expect(stored.find((k) => k.type === 'overflow')?.count).toBe(15 * 20 - 20);
  }, scaledMs(120_000));

  it('puts the new kinds past a client’s e-mails into one digest, which names each of them', async () => {
    const client = freshClient();
    const origins = madeUp(8);
    expect((await send(client, origins)).status).toBe(200);
    const texts = await alertTexts();
    expect(texts).toHaveLength(3 + 1);
    const digest = texts.find((t) => t.includes('new kinds of blocked scripts'))!;
    for (const origin of origins.slice(3)) expect(digest).toContain(origin);
    const due = await server.q.first(server.q.db.selectFrom('mail_outbox').select(['next_attempt_at', 'created_at']).where('dedupe_key', 'like', 'payment-page-violation-digest:%'));
    // It gathers for ten minutes before it leaves.
    expect(Date.parse(due!.next_attempt_at) - Date.parse(due!.created_at)).toBeGreaterThanOrEqual(9 * 60_000);
  });

  it('property: whatever the flood and wherever the real report falls in it, the real one reaches the admins and the studio names it', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        async (attackers, where) => {
          await server.q.run(server.q.db.deleteFrom('payment_page_violation'));
          await server.q.run(server.q.db.deleteFrom('mail_outbox'));
          const real = `https://real-skimmer-${++round}.example`;
          const requests = attackers.flatMap((sizes) => {
            const from = freshClient();
            return sizes.map((n) => ({ from, blocked: madeUp(n) }));
          });
          requests.splice(where % (requests.length + 1), 0, { from: freshClient(), blocked: [real] });
          for (const r of requests) expect((await send(r.from, r.blocked)).status).toBe(200);
          expect((await alertTexts()).some((t) => t.includes(real))).toBe(true);
          expect(await namedInStudio()).toContain(real);
        },
      ),
      { numRuns: 12 },
    );
  }, scaledMs(240_000));
});
