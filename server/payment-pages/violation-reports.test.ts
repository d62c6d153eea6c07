/**
 * How reported violations are kept: one row per kind whose count grows, the admins mailed when a
 * kind is new and again only an hour or more after the last mail about it; a client's new kinds past
 * its e-mails go into one digest, and past its budget of kinds (or the store's 1,000) into a single
 * overflow row. Reports of one new kind arriving at once make one row and one mail. Both report
 * formats read the same. (The attacker's view, through the endpoint: ../security/payment-page-alerts.test.ts.)
 *
 * @engines sqlite postgres: the kinds are counted and mailed under locks every server shares.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailConfig } from '../mail/mail-config';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ALERTS_PER_CLIENT_PER_HOUR, MAX_KINDS, readViolations, recordViolations, type Violation, type ViolationBudgets } from './violation-reports';

let server: TestServer;
const mail = { adminEmails: ['owner@example.com', 'partner@example.com'] } as MailConfig;
const sources = { isStoreOrigin: (o: string) => o === 'https://shop.example', isPaymentPage: (p: string) => p === '/checkout' };
const T0 = Date.parse('2031-05-01T09:00:00Z');
const at = (minutes: number) => () => new Date(T0 + minutes * 60_000);

function violation(blocked: string): Violation {
  return { type: 'csp', page: '/checkout', directive: 'script-src-elem', blocked, sample: { documentURL: 'https://shop.example/checkout', blockedURL: `${blocked}/x.js`, effectiveDirective: 'script-src-elem' } };
}
const record = (minutes: number, ...vs: Violation[]) => recordViolations({ q: server.q, mail, publicUrl: 'https://shop.example', now: at(minutes) }, vs);
const alerts = () => server.q.all(server.q.db.selectFrom('mail_outbox').select(['recipient', 'cc', 'subject', 'text']).where('type', '=', 'payment-page-violation').orderBy('id'));
const kinds = () => server.q.all(server.q.db.selectFrom('payment_page_violation').select(['type', 'blocked', 'count']).orderBy('id'));

beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(async () => {
  await server.q.run(server.q.db.deleteFrom('payment_page_violation'));
  await server.q.run(server.q.db.deleteFrom('mail_outbox'));
});
afterAll(async () => {
  await server?.stop();
});

describe('violation kinds', () => {
  it('mails a new kind at once, counts it quietly within the hour, and mails again after an hour with how many came since', async () => {
    expect(await record(0, violation('https://a.example'))).toEqual({ mailed: 1 });
    expect(await record(10, violation('https://a.example'), violation('https://a.example'))).toEqual({ mailed: 0 });
    expect(await record(59, violation('https://a.example'))).toEqual({ mailed: 0 });
    expect(await record(61, violation('https://a.example'))).toEqual({ mailed: 1 });
    expect(await kinds()).toEqual([{ type: 'csp', blocked: 'https://a.example', count: 5 }]);
    const sent = await alerts();
    expect(sent.map((m) => [m.recipient, m.subject])).toEqual([
      ['owner@example.com', 'Payment pages: a script was blocked on /checkout'],
      ['owner@example.com', 'Payment pages: a script was blocked on /checkout'],
    ]);
    expect(sent[0]!.cc).toContain('partner@example.com');
    expect(sent[0]!.text).toContain('On the payment page /checkout, a browser blocked a script from https://a.example, which is not in the script inventory.');
    expect(sent[0]!.text).toContain('This is the first report of this kind.');
    expect(sent[1]!.text).toContain('It was reported 4 more times since the last e-mail about it.');
  });

  it('mails a client’s first new kinds at once and gathers the rest in one digest, whatever their number', async () => {
    const spent = new Map<string, number>();
    const budgets: ViolationBudgets = { newKind: async () => true, alert: async (client) => (spent.set(client, (spent.get(client) ?? 0) + 1).get(client)! <= ALERTS_PER_CLIENT_PER_HOUR) };
    const many = Array.from({ length: 15 }, (_, i) => violation(`https://k${i}.example`));
    expect(await recordViolations({ q: server.q, mail, publicUrl: 'https://shop.example', now: at(0), client: '198.51.100.7', budgets }, many)).toEqual({ mailed: ALERTS_PER_CLIENT_PER_HOUR + 1 });
    expect((await kinds()).length).toBe(15);
    const digest = (await alerts()).at(-1)!;
    expect(digest.subject).toBe('Payment pages: 12 new kinds of blocked scripts');
    for (let i = ALERTS_PER_CLIENT_PER_HOUR; i < 15; i++) expect(digest.text).toContain(`https://k${i}.example`);
    // Another client's new kind is its own e-mail.
    expect(await recordViolations({ q: server.q, mail, publicUrl: 'https://shop.example', now: at(1), client: '203.0.113.9', budgets }, [violation('https://real.example')])).toEqual({ mailed: 1 });
  });

  it('reports of one new kind at the same moment make one row and one e-mail', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => record(0, violation('https://race.example'))));
    expect(results.reduce((n, r) => n + r.mailed, 0)).toBe(1);
    expect(await kinds()).toEqual([{ type: 'csp', blocked: 'https://race.example', count: 6 }]);
  });

  it(`counts kinds past the store's guard (${MAX_KINDS}, smaller here) together in one overflow row`, async () => {
    const noMail = { q: server.q, mail: { adminEmails: [] } as unknown as MailConfig, publicUrl: 'https://shop.example', now: at(0), maxKinds: 200 };
    await recordViolations(noMail, Array.from({ length: 200 + 30 }, (_, i) => violation(`https://flood${i}.example`)));
    const stored = await kinds();
    expect(stored.length).toBe(200 + 1);
    expect(stored.at(-1)).toEqual({ type: 'overflow', blocked: 'kinds past the budgets', count: 30 });
  });
});

describe('a client’s budget of new kinds', () => {
  it('counts a client’s new kinds past its budget in the overflow row, and another client’s as its own', async () => {
    const added = new Map<string, number>();
    const budgets: ViolationBudgets = { newKind: async (client) => (added.set(client, (added.get(client) ?? 0) + 1).get(client)! <= 5), alert: async () => false };
    const noMail = { q: server.q, mail: { adminEmails: [] } as unknown as MailConfig, publicUrl: 'https://shop.example', now: at(0), budgets };
    await recordViolations({ ...noMail, client: '198.51.100.7' }, Array.from({ length: 12 }, (_, i) => violation(`https://made-up${i}.example`)));
    await recordViolations({ ...noMail, client: '203.0.113.9' }, [violation('https://real.example')]);
    const stored = await kinds();
    expect(stored.filter((k) => k.type === 'csp').map((k) => k.blocked)).toEqual([...Array.from({ length: 5 }, (_, i) => `https://made-up${i}.example`), 'https://real.example']);
    expect(stored.find((k) => k.type === 'overflow')).toEqual({ type: 'overflow', blocked: 'kinds past the budgets', count: 7 });
  });
});

describe('reading reports', () => {
  it('reads report-uri and Reporting API bodies alike, and an integrity report of a store file', () => {
    const legacy = readViolations({ 'csp-report': { 'document-uri': 'https://shop.example/checkout?x=1', 'blocked-uri': 'inline', 'violated-directive': 'script-src-elem' } }, sources);
    const modern = readViolations(
      [
        { type: 'csp-violation', body: { documentURL: 'https://shop.example/checkout', blockedURL: 'https://evil.example/a.js?c=1', effectiveDirective: 'script-src-elem', lineNumber: 3 } },
        { type: 'integrity-violation', body: { documentURL: 'https://shop.example/checkout', blockedURL: 'https://shop.example/assets/CheckoutBlock-abc.js' } },
        { type: 'deprecation', body: { documentURL: 'https://shop.example/checkout' } },
      ],
      sources,
    );
    expect(legacy.map((v) => [v.type, v.page, v.directive, v.blocked])).toEqual([['csp', '/checkout', 'script-src-elem', 'inline']]);
    expect(modern.map((v) => [v.type, v.directive, v.blocked])).toEqual([
      ['csp', 'script-src-elem', 'https://evil.example'],
      ['integrity', 'integrity', '/assets/CheckoutBlock-abc.js'],
    ]);
    expect(modern[0]!.sample).toEqual({ documentURL: 'https://shop.example/checkout', blockedURL: 'https://evil.example/a.js', effectiveDirective: 'script-src-elem', lineNumber: 3 });
  });
});
