/**
 * The payment pages' endpoints against an attacker. The report endpoint is public by nature: a
 * report of another site or of a page that takes no payment is not counted, a body past 32 kB, of
 * another type, not JSON or not a report is refused, a client past 20 requests a minute is refused,
 * and a query string (the quote link's token) never reaches the database. The studio's Payment
 * pages are an admin's: no session, a customer's session, a viewer, an editor and a publisher are
 * refused, an approval from a foreign Origin or without one is refused, and an approval of a check
 * that does not exist or could not load the pages changes nothing. Authorize.net's iframe
 * communicator is not served while Authorize.net is not configured. Nothing answers a 500.
 *
 * @engines sqlite: who may call and what is read are decided before any query that engines differ on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../api/my-account-test-kit';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { call, freshClient } from './attacker-kit';

type Headers = Record<string, string>;

let server: TestServer;
const as = {} as Record<'viewer' | 'editor' | 'publisher' | 'admin' | 'customer', Headers>;
let failedCheck = 0;

const REPORT = '/api/payment-pages/reports';
const cspReport = (documentUri: string, blocked = 'https://skimmer.example/card.js') => ({
  'csp-report': { 'document-uri': documentUri, 'blocked-uri': blocked, 'effective-directive': 'script-src-elem', 'violated-directive': 'script-src-elem', disposition: 'enforce' },
});
const send = (body: unknown, opts: { type?: string; from?: string } = {}) =>
  call(server.url, 'POST', REPORT, { body, from: opts.from ?? freshClient(), headers: { 'Content-Type': opts.type ?? 'application/csp-report' } });
const kinds = () => server.q.all(server.q.db.selectFrom('payment_page_violation').selectAll().orderBy('id'));

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'owner@example.com' });
  for (const role of ['viewer', 'editor', 'publisher', 'admin'] as const) as[role] = (await signInOperator(server, role)).headers;
  as.customer = { Cookie: (await signedUp(server.url)).browser.cookie!, Origin: new URL(server.url).origin };
  failedCheck = await server.q.insertReturningId('payment_page_check', {
    started_at: new Date().toISOString(),
    finished_at: new Date().toISOString(),
    run_by: 'command',
    mode: 'html',
    outcome: 'failed',
    base_url: server.url,
    snapshot: '[]',
    changes: '[]',
    baseline_id: null,
    error: 'connection refused',
    approved_at: null,
    approved_by: null,
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('the report endpoint', () => {
  it('counts a report of a payment page, without the query of its address', async () => {
    const res = await send(cspReport(`${server.url}/quote/payment?quoteId=7&token=secret-link-token`, 'https://skimmer.example/card.js?card=4242'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ received: 1 });
    const stored = JSON.stringify(await kinds());
    expect(stored).toContain('"page":"/quote/payment"');
    expect(stored).not.toMatch(/secret-link-token|4242|quoteId/);
  });

  it.each([
    ['another site', 'https://evil.example/checkout'],
    ['a page that takes no payment', '/about-us'],
    ['something that is not an address', 'javascript:alert(1)'],
  ])('ignores a report of %s', async (_what, page) => {
    const before = await kinds();
    const res = await send(cspReport(page.startsWith('/') ? server.url + page : page));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 0 });
    expect(await kinds()).toEqual(before);
  });

  it.each([
    ['a body past 32 kB', 'x'.repeat(33 * 1024), 'application/csp-report', 413, 'payload_too_large'],
    ['a form body', 'a=1', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
    ['text', '{}', 'text/plain', 415, 'unsupported_media_type'],
    ['broken JSON', '{"csp-report":', 'application/csp-report', 400, 'invalid_json'],
    ['JSON that is no report', { hello: 'world' }, 'application/json', 400, 'invalid_report'],
    ['a list too long', Array.from({ length: 101 }, () => ({})), 'application/reports+json', 400, 'invalid_report'],
  ])('refuses %s with a clear error and stores nothing', async (_what, body, type, status, error) => {
    const before = await kinds();
    const res = await send(body, { type });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(res.text).not.toMatch(/at \w+ \(|node_modules/);
    expect(await kinds()).toEqual(before);
  });

  it('refuses a client past 20 requests a minute, and counts nothing more from it', async () => {
    const from = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await send(cspReport(`${server.url}/checkout`, `https://flood${i}.example/x.js`), { from })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect((await kinds()).filter((k) => k.blocked.startsWith('https://flood')).length).toBe(20);
  });
});

describe("Authorize.net's iframe communicator", () => {
  it('is not served while Authorize.net is not configured: no form may frame a page of the store', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await fetch(`${server.url}/payment/authorize-net/communicator`, { method });
      expect(res.status, method).toBe(404);
      expect(res.headers.get('content-security-policy') ?? '', method).not.toContain('frame-ancestors \'self\' http');
    }
  });
});

describe("the studio's Payment pages", () => {
  const reads = ['/api/studio/payment-pages', '/api/studio/payment-pages/checks', '/api/studio/payment-pages/violations', '/api/studio/payment-pages/evidence?format=json'];
  const approve = () => `/api/studio/payment-pages/checks/${failedCheck}/approve`;

  it.each([
    ['no session', {} as Headers, 401],
    ['a customer', undefined, 401],
    ['a viewer', undefined, 403],
    ['an editor', undefined, 403],
    ['a publisher', undefined, 403],
  ] as const)('%s cannot read or approve anything', async (who, headers, status) => {
    const h = headers ?? as[who === 'a customer' ? 'customer' : (who.split(' ')[1] as 'viewer' | 'editor' | 'publisher')];
    for (const path of reads) expect((await call(server.url, 'GET', path, { headers: h })).status, `${who} ${path}`).toBe(status);
    expect((await call(server.url, 'POST', approve(), { headers: h })).status).toBe(status);
    const audit = await server.q.all(server.q.db.selectFrom('studio_audit').select('id').where('action', 'like', 'payment_pages.%'));
    expect(audit).toEqual([]);
  });

  it("an admin's approval from a foreign Origin, or with none, is refused", async () => {
    const cookie = as.admin!.Cookie!;
    for (const headers of [{ Cookie: cookie, Origin: 'https://evil.example' }, { Cookie: cookie }] as Headers[]) {
      const res = await call(server.url, 'POST', approve(), { headers });
      expect(res.status).toBe(403);
    }
  });

  it('an approval of a check that is not there, or could not load the pages, changes nothing', async () => {
    expect((await call(server.url, 'POST', '/api/studio/payment-pages/checks/999999/approve', { headers: as.admin })).status).toBe(404);
    for (const id of ['0', 'abc', '1e3']) {
      const res = await call(server.url, 'POST', `/api/studio/payment-pages/checks/${id}/approve`, { headers: as.admin });
      expect([res.status, res.body.message]).toEqual([400, 'Check not found.']);
    }
    const failed = await call(server.url, 'POST', approve(), { headers: as.admin });
    expect(failed.status).toBe(409);
    expect(failed.body.message).toBe('This check could not load the pages: there is nothing to approve. Run the check again.');
    expect((await server.q.first(server.q.db.selectFrom('payment_page_check').select('approved_at').where('id', '=', failedCheck)))!.approved_at).toBeNull();
  });

  it('the evidence in another format is refused with its message', async () => {
    const res = await call(server.url, 'GET', '/api/studio/payment-pages/evidence?format=pdf', { headers: as.admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose the evidence as json or html.');
  });
});
