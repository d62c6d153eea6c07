/**
 * The payment pages' change detection, as `npm run payment-pages:check` runs it (in-process), against
 * a store seen through a proxy an attacker controls: with no approved baseline it records the run,
 * mails the admins and exits 1; an admin approves the run in the studio (audited) and the next
 * passes; when the checkout gains a script or loses a security header, it names the change, mails
 * the admins and exits 1 until the new state is approved. The loaded pages are the HTML and headers
 * here (the Chromium mode is run once, and must see the same). Two servers of one store asking for
 * a due run at once start one.
 *
 * @engines sqlite postgres: the baseline, the lease shared by servers and the mail queue are the database's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { runCheckCli } from './check-cli';
import { checkEveryHours, runIfDue, takeLease } from './check-schedule';
import type { PageSnapshot } from './page-snapshot';

let server: TestServer;
let proxy: http.Server;
let proxyUrl: string;
/** What the attacker does to the answers: a script added to the checkout, a header taken off. */
const tamper = { script: false, dropReferrerPolicy: false };

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'owner@example.com' });
  // A proxy as a CDN is one: the browser's Host goes through, so the store answers for the address the browser used.
  proxy = http.createServer((req, res) => {
    const target = new URL(server.url);
    const headers = { ...req.headers };
    headers['accept-encoding'] = 'identity';
    const upstream = http.request({ host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const out = { ...answer.headers };
        delete out['content-length'];
        if (tamper.dropReferrerPolicy) delete out['referrer-policy'];
        let body = Buffer.concat(chunks);
        if (tamper.script && req.url === '/checkout') body = Buffer.from(body.toString('utf8').replace('</body>', '<script src="https://cdn.skimmer.example/card.js"></script></body>'));
        res.writeHead(answer.statusCode ?? 502, out).end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.stop();
});

async function check(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const env = { ...process.env, DATABASE_URL: server.databaseUrl, CONTENT_DIR: server.contentDir, ADMIN_EMAILS: 'owner@example.com', PUBLIC_URL: '' };
  const code = await runCheckCli(['--url', proxyUrl, ...args], env, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}
const alerts = () => server.q.all(server.q.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).where('type', '=', 'payment-page-change').orderBy('id'));
const lastCheckId = async () => (await server.q.first(server.q.db.selectFrom('payment_page_check').select('id').orderBy('id', 'desc').limit(1)))!.id;

async function approveLast(admin: { headers: Record<string, string> }): Promise<void> {
  const id = await lastCheckId();
  const res = await fetch(new URL(`/api/studio/payment-pages/checks/${id}/approve`, server.url), { method: 'POST', headers: admin.headers });
  expect(res.status, await res.clone().text()).toBe(200);
  expect((await res.json()).data).toMatchObject({ id, approvedBy: expect.stringContaining('@example.com') });
}

describe('npm run payment-pages:check', () => {
  it('asks for a baseline, passes once it is approved, and fails on a script added or a header lost until the change is approved', async () => {
    const admin = await signInOperator(server, 'admin');

    const first = await check('--mode', 'html');
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain('No baseline is approved yet');
    expect((await alerts()).map((m) => m.subject)).toEqual(['Payment pages: approve the first baseline']);
    await approveLast(admin);
    const audit = await server.q.all(server.q.db.selectFrom('studio_audit').select(['operator_email', 'detail']).where('action', '=', 'payment_pages.baseline_approved'));
    expect(audit).toEqual([{ operator_email: admin.email, detail: `check ${await lastCheckId()} approved as the payment pages' baseline` }]);

    const same = await check('--mode', 'html');
    expect(same.code, same.stdout).toBe(0);
    expect(same.stdout).toContain(`Unchanged: the scripts and security headers match the baseline approved by ${admin.email}`);

    tamper.script = true;
    tamper.dropReferrerPolicy = true;
    const changed = await check('--mode', 'html');
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('/checkout: new script: https://cdn.skimmer.example/card.js');
    for (const page of ['/checkout', '/quote/payment', '/order/split-payment']) expect(changed.stdout).toContain(`${page}: Referrer-Policy is missing`);
    const mail = (await alerts()).at(-1)!;
    expect(mail).toMatchObject({ recipient: 'owner@example.com', subject: 'Payment pages changed: 4 changes found' });
    expect(mail.text).toContain('/checkout: new script: https://cdn.skimmer.example/card.js');

    // The store made the change on purpose: approved, the next run passes.
    await approveLast(admin);
    expect((await check('--mode', 'html')).code).toBe(0);
    tamper.script = false;
    tamper.dropReferrerPolicy = false;
    const removed = await check('--mode', 'html');
    expect(removed.code).toBe(1);
    expect(removed.stdout).toContain('/checkout: script removed: https://cdn.skimmer.example/card.js');
    await approveLast(admin);

    // Chromium sees what the HTML says, and compares with the baseline the HTML mode recorded.
    const browser = await check('--mode', 'browser');
    expect(browser.stdout, browser.stdout).toContain('in headless Chromium');
    expect(browser.code, browser.stdout).toBe(0);
  });

  it('says what is wrong with its arguments, and fails when the store cannot be loaded', async () => {
    let err = '';
    expect(await runCheckCli(['--mode', 'pdf'], process.env, { stdout: () => undefined, stderr: (t) => (err += t) })).toBe(1);
    expect(err).toBe('--mode must be browser or html (got "pdf").\n');
    const closed = await runCheckCli(['--url', 'http://127.0.0.1:1', '--mode', 'html'], { ...process.env, DATABASE_URL: server.databaseUrl, CONTENT_DIR: server.contentDir, PUBLIC_URL: '' }, { stdout: () => undefined, stderr: () => undefined });
    expect(closed).toBe(1);
    expect((await server.q.first(server.q.db.selectFrom('payment_page_check').select(['outcome', 'error']).orderBy('id', 'desc').limit(1)))).toMatchObject({ outcome: 'failed', error: expect.stringContaining('could not be loaded from http://127.0.0.1:1') });
  });
});

describe('the schedule', () => {
  it('reads PAYMENT_PAGES_CHECK_EVERY: weekly by default, down to hourly, or off; anything else is refused by name', () => {
    const read = (value: string | undefined) => {
      const problems: string[] = [];
      return [checkEveryHours({ PAYMENT_PAGES_CHECK_EVERY: value }, problems), problems] as const;
    };
    expect(read(undefined)).toEqual([168, []]);
    expect(read('daily')).toEqual([24, []]);
    expect(read('HOURLY')).toEqual([1, []]);
    expect(read('12h')).toEqual([12, []]);
    expect(read('off')).toEqual([null, []]);
    for (const bad of ['0h', '169h', 'monthly', '30m']) expect(read(bad)[1]).toEqual([`PAYMENT_PAGES_CHECK_EVERY must be weekly, daily, hourly, a number of hours from 1h to 168h, or off, got "${bad}"`]);
  });

  it('runs a due check on one server of two, and not again before it is due', async () => {
    const now = new Date('2031-03-03T10:00:00Z');
    const week = 168 * 3_600_000;
    const [a, b] = await Promise.all([takeLease(server.q, 'server-a', week, now), takeLease(server.q, 'server-b', week, now)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    await server.q.run(server.q.db.updateTable('scheduled_run').set({ holder: null, lease_until: null }));

    const runs: string[] = [];
    const snapshots = async (): Promise<PageSnapshot[]> => {
      runs.push('ran');
      return [];
    };
    const deps = { q: server.q, mail: { adminEmails: [] } as never, baseUrl: server.url, logger: createLogger('silent'), everyHours: 168, pages: () => ['/checkout'], snapshots };
    // A day later: not due. Eight days later: due, once for two servers.
    expect(await runIfDue({ ...deps, holder: 'server-a', now: () => new Date(now.getTime() + 24 * 3_600_000) })).toBe(false);
    const later = () => new Date(now.getTime() + 8 * 24 * 3_600_000);
    const ran = await Promise.all([runIfDue({ ...deps, holder: 'server-a', now: later }), runIfDue({ ...deps, holder: 'server-b', now: later })]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toEqual(['ran']);
    const row = await server.q.first(server.q.db.selectFrom('payment_page_check').select('run_by').orderBy('id', 'desc').limit(1));
    expect(row).toEqual({ run_by: 'schedule' });
  });
});
