/**
 * Attacks on POST /api/forms/{name}: continuing someone else's submission, path traversal in file
 * names and form names, oversized bodies, disguised file types, field injection, the honeypot and
 * the per-address rate limit. Each answer is a 4xx in the error shape, and nothing is stored.
 *
 * @engines sqlite: attacks are refused before anything is stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, filesUnder, freshAddress, multipartBody, postJson, postMultipart, rawPost, readRows, proxiedTestEnv } from '../api/forms-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let uploads: string;
beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
  uploads = server.uploads;
});
afterAll(async () => {
  await server?.stop();
});

const claim = {
  orderNumber: '100234',
  email: 'sam.claim@example.com',
  fullName: 'Sam Carter',
  phone: '5125550199',
  claimType: 'damaged',
  affectedItems: ['wall-cabinet'],
  description: 'The wall cabinet corner is crushed and two hinges are missing.',
  agree: true,
};
const fkdStep0 = { firstName: 'Vic', lastName: 'Tim', email: 'victim@example.com', phone: '5125550100', zip: '78701' };
const fkdStep1 = { projectType: 'remodel', kitchenShape: 'galley', styles: ['inset'], hasMeasurements: 'no' };
const rowData = async (id: number) => (await readRows<{ data: string; status: string }>(server, sql`select data, status from form_submission where id = ${id}`))[0]!;
const count = async (table: string) => (await readRows<{ n: number }>(server, sql`select count(*) as n from ${sql.ref(table)}`))[0]!.n;

describe('security: continuing a submission', () => {
  it("a stranger cannot continue someone else's multi-step submission", async () => {
    const victim = await postJson(server.url, 'free-kitchen-design', { formData: fkdStep0, recaptchaToken: 'test-pass' }, freshAddress());
    const { id, token } = victim.body.data as { id: number; token: string };
    const mine = (await postJson(server.url, 'free-kitchen-design', { formData: { ...fkdStep0, email: 'attacker@example.com' }, recaptchaToken: 'test-pass' }, freshAddress())).body.data as { id: number; token: string };
    const single = (await postJson(server.url, 'newsletter', { formData: { email: 'n@example.com', newsletter: true }, recaptchaToken: 'test-pass' }, freshAddress())).body.data as { id: number };
    const before = await rowData(id);
    const attempts: [string, Record<string, unknown>, Record<string, string>][] = [
      ['no token', { id }, {}],
      ['a guessed token', { id, token: 'A'.repeat(43) }, {}],
      ["another submission's token", { id, token: mine.token }, {}],
      ['the token with another id', { id: mine.id + 1000, token }, {}],
      ['a bearer token that is wrong', { id }, { Authorization: 'Bearer nope' }],
      ['the id of a single-step submission', { id: single.id, token }, {}],
    ];
    for (const [label, continuation, headers] of attempts) {
      const res = await postJson(server.url, 'free-kitchen-design', { formData: fkdStep1, step: 1, ...continuation }, { ...freshAddress(), ...headers });
      expect(res.status, label).toBe(403);
      expect(res.body, label).toEqual({ error: 'submission_forbidden', message: 'This submission cannot be continued.' });
    }
    // The right token for another form's name does not open it either.
    const otherForm = await postJson(server.url, 'contact', { formData: {}, step: 1, id, token }, freshAddress());
    expect(otherForm.status).toBe(400);
    expect(await rowData(id)).toEqual(before);
    // The owner still can.
    expect((await postJson(server.url, 'free-kitchen-design', { formData: fkdStep1, step: 1, id, token }, freshAddress())).status).toBe(200);
  });
});

describe('security: uploads', () => {
  it('path traversal in a file name never leaves the uploads folder; the stored name is generated', async () => {
    const res = await postMultipart(server.url, 'claim', { formData: claim, recaptchaToken: 'test-pass' }, [
      { field: 'photos', name: '../../../../etc/passwd.jpg', bytes: bytesOf('jpg', 2000) },
      { field: 'photos', name: '..\\..\\windows\\win.png', bytes: bytesOf('png', 2000) },
      { field: 'photos', name: '/tmp/abs.jpg', bytes: bytesOf('jpg', 2000) },
    ], freshAddress());
    expect(res.status).toBe(201);
    const stored = await readRows<{ stored_name: string; original_name: string }>(server, sql`select stored_name, original_name from form_upload where submission_id = ${res.body.data.id} order by id`);
    expect(stored.map((u) => u.original_name)).toEqual(['passwd.jpg', 'win.png', 'abs.jpg']);
    for (const u of stored) expect(u.stored_name).toMatch(/^claim\/[0-9a-f-]{36}\.(jpg|png)$/);
    // The uploads folder is alone in its parent: a name that climbed out of it would be beside it.
    expect(fs.readdirSync(path.dirname(uploads))).toEqual(['uploads']);
    expect(fs.existsSync('/tmp/abs.jpg') && fs.statSync('/tmp/abs.jpg').size === 2000).toBe(false);
    for (const u of stored) fs.rmSync(path.join(uploads, u.stored_name));
  });

  it('a traversal in the form name is just an unknown form', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'contact%00', 'CONTACT']) {
      const res = await fetch(`${server.url}/api/forms/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshAddress() }, body: '{}' });
      expect([404], name).toContain(res.status);
    }
  });

  it('a disguised program and an oversized photo are refused, and nothing is written', async () => {
    const before = await count('form_submission');
    const exe = await postMultipart(server.url, 'claim', { formData: claim, recaptchaToken: 'test-pass' }, [{ field: 'photos', name: 'holiday.jpg', bytes: bytesOf('exe', 50_000), type: 'image/jpeg' }], freshAddress());
    expect(exe.status).toBe(400);
    expect(exe.body.fields).toEqual({ photos: 'Unsupported file format' });
    const big = await postMultipart(server.url, 'claim', { formData: claim, recaptchaToken: 'test-pass' }, [{ field: 'photos', name: 'big.jpg', bytes: bytesOf('jpg', 2 * 1024 * 1024 + 1) }], freshAddress());
    expect(big.status).toBe(413);
    expect(big.body.fields).toEqual({ photos: 'File is too large, maximum allowed size is 2MB' });
    const longValue = await postMultipart(server.url, 'contact', { formData: JSON.stringify({ message: 'x'.repeat(300 * 1024) }) }, [], freshAddress());
    expect(longValue.status).toBe(413);
    const longJson = await postJson(server.url, 'contact', { formData: { message: 'x'.repeat(150 * 1024) } }, freshAddress());
    expect(longJson.status).toBe(413);
    expect(await count('form_submission')).toBe(before);
    expect(filesUnder(uploads)).toEqual([]);
  });

  it('a multipart part without a name is refused without harm (it once crashed the parser)', async () => {
    const boundary = 'noname';
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; filename="a.jpg"\r\n\r\n`), bytesOf('jpg', 100), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await rawPost(`${server.url}/api/forms/claim`, { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length, ...freshAddress() }, [body]);
    expect(res.status).toBe(400);
    expect((await fetch(`${server.url}/api/health`)).status).toBeLessThan(500);
  });
});

describe('security: field injection', () => {
  it('prototype keys, unknown fields and objects for values are refused', async () => {
    const before = await count('form_submission');
    const proto = await postJson(server.url, 'newsletter', '{"formData":{"email":"a@b.co","__proto__":{"admin":true}}}', freshAddress());
    expect(proto.status).toBe(400);
    expect(Object.entries(proto.body.fields)).toEqual([['__proto__', 'Unknown field']]);
    const envelopeProto = await postJson(server.url, 'newsletter', '{"__proto__":{"formData":{}},"formData":{"email":"a@b.co"}}', freshAddress());
    expect(envelopeProto.status).toBe(400);
    const multipartExtra = await postMultipart(server.url, 'newsletter', { formData: { email: 'a@b.co' }, status: 'submitted' }, [], freshAddress());
    expect(multipartExtra.status).toBe(400);
    expect(multipartExtra.body.fields).toEqual({ status: 'Unknown field' });
    const object = await postJson(server.url, 'newsletter', { formData: { email: { $ne: '' } } }, freshAddress());
    expect(object.body.fields).toEqual({ email: 'Invalid value' });
    expect(await count('form_submission')).toBe(before);
  });

  it('a header injection in the e-mail address is an invalid address; markup in a message is escaped in the e-mail', async () => {
    const crlf = await postJson(server.url, 'newsletter', { formData: { email: 'a@b.co\r\nBcc: all@example.com', newsletter: true }, recaptchaToken: 'test-pass' }, freshAddress());
    expect(crlf.status).toBe(400);
    expect(crlf.body.fields).toEqual({ email: 'Invalid email address' });
    const res = await postJson(server.url, 'contact', { formData: { firstName: 'Eve', lastName: 'Hax', email: 'eve@example.com', topic: 'other', message: '<script>alert(1)</script><img src=x onerror=alert(2)>' }, recaptchaToken: 'test-pass' }, freshAddress());
    expect(res.status).toBe(201);
    const [mail] = await readRows<{ html: string }>(server, sql`select html from mail_outbox where dedupe_key = ${`form-notification:${res.body.data.id}`}`);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('security: bots', () => {
  it('a filled honeypot is told success, and nothing is stored or sent', async () => {
    const before = [await count('form_submission'), await count('mail_outbox'), await count('newsletter_subscriber')];
    const res = await postJson(server.url, 'newsletter', { formData: { email: 'bot@example.com', newsletter: true }, honeypot: 'https://buy-now.example' }, freshAddress());
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const multipart = await postMultipart(server.url, 'claim', { formData: claim, recaptchaToken: 'test-pass', honeypot: 'x' }, [{ field: 'photos', name: 'p.jpg', bytes: bytesOf('jpg', 1000) }], freshAddress());
    expect(multipart.body.success).toBe(true);
    expect([await count('form_submission'), await count('mail_outbox'), await count('newsletter_subscriber')]).toEqual(before);
    expect(filesUnder(uploads)).toEqual([]);
  });

  it('one address gets 10 tries a minute, whatever it sends', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await postJson(server.url, 'contact', { formData: {} }, address)).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
  });
});
