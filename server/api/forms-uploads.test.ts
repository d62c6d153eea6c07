/**
 * @engines sqlite: uploads are files, checked before anything is stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesForName, bytesOf, filesUnder, freshAddress, multipartBody, postJson, postMultipart, rawPost, readRows, proxiedTestEnv } from './forms-test-kit';
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

const MB = 1024 * 1024;
const claim = {
  orderNumber: '100234',
  email: 'sam.claim@example.com',
  fullName: 'Sam Carter',
  phone: '5125550199',
  claimType: 'damaged',
  affectedItems: ['wall-cabinet', 'hardware'],
  description: 'The wall cabinet corner is crushed and two hinges are missing.',
  agree: true,
};
const envelope = (formData: Record<string, unknown> = claim) => ({ formData, recaptchaToken: 'test-pass' });
const claimRows = () => readRows<{ id: number; data: string }>(server, sql`select id, data from form_submission where form_name = 'claim' order by id`);

/** The uploads folder holds no file, and no submission row was added. */
async function expectNothingStored(rowsBefore: number) {
  expect(filesUnder(uploads)).toEqual([]);
  expect(await claimRows()).toHaveLength(rowsBefore);
}

describe('uploads on the claim form', () => {
  it('stores photos under generated names, records them, and attaches them to the notification', async () => {
    const res = await postMultipart(server.url, 'claim', envelope(), [
      { field: 'photos', name: 'kitchen.jpg', bytes: bytesForName('kitchen.jpg', 300_000), type: 'image/jpeg' },
      { field: 'photos', name: 'box label.PNG', bytes: bytesForName('label.png', 20_000), type: 'image/png' },
    ], freshAddress());
    expect(res.status).toBe(201);
    const id = res.body.data.id as number;
    const stored = await readRows<{ field: string; stored_name: string; original_name: string; content_type: string; size: number }>(server, sql`select * from form_upload where submission_id = ${id} order by id`);
    expect(stored.map((u) => [u.field, u.original_name, u.content_type, u.size])).toEqual([
      ['photos', 'kitchen.jpg', 'image/jpeg', 300_000],
      ['photos', 'box label.PNG', 'image/png', 20_000],
    ]);
    for (const u of stored) {
      expect(u.stored_name).toMatch(/^claim\/[0-9a-f-]{36}\.(jpg|png)$/);
      expect(fs.statSync(path.join(uploads, u.stored_name)).size).toBe(u.size);
    }
    expect(filesUnder(uploads).filter((f) => stored.some((u) => u.stored_name === f))).toHaveLength(2);
    const data = JSON.parse((await claimRows()).find((r) => r.id === id)!.data);
    expect(data.photos).toEqual(stored.map((u) => ({ name: u.original_name, size: u.size, type: u.content_type, upload: u.stored_name })));
    const [mail] = await readRows<{ attachments: string }>(server, sql`select attachments from mail_outbox where dedupe_key = ${`form-notification:${id}`}`);
    expect(JSON.parse(mail!.attachments)).toEqual(stored.map((u) => ({ filename: u.original_name, path: path.join(uploads, u.stored_name), contentType: u.content_type })));
    const page = await (await fetch(`${server.url}/dev/mail`)).text();
    expect(page).toContain('<b>Attachments:</b> kitchen.jpg, box label.PNG');
    for (const u of stored) fs.rmSync(path.join(uploads, u.stored_name));
  });

  it("refuses a 3 MB photo with 'File is too large, maximum allowed size is 2MB' and stores nothing", async () => {
    const before = (await claimRows()).length;
    const res = await postMultipart(server.url, 'claim', envelope(), [{ field: 'photos', name: 'big.jpg', bytes: bytesOf('jpg', 3 * MB), type: 'image/jpeg' }], freshAddress());
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'file_too_large', message: 'File is too large, maximum allowed size is 2MB', fields: { photos: 'File is too large, maximum allowed size is 2MB' } });
    await expectNothingStored(before);
  });

  it('refuses a PNG renamed to .pdf, an executable renamed to .jpg and an ELF renamed to .png', async () => {
    const before = (await claimRows()).length;
    for (const [name, kind] of [['scan.pdf', 'png'], ['photo.jpg', 'exe'], ['photo.png', 'elf']] as const) {
      const res = await postMultipart(server.url, 'claim', envelope(), [{ field: 'photos', name, bytes: bytesOf(kind, 10_000), type: name.endsWith('pdf') ? 'application/pdf' : 'image/jpeg' }], freshAddress());
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ error: 'unsupported_file_format', message: 'Unsupported file format', fields: { photos: 'Unsupported file format' } });
    }
    await expectNothingStored(before);
  });

  it('refuses a type the field does not take, whatever the browser claims', async () => {
    const before = (await claimRows()).length;
    const res = await postMultipart(server.url, 'claim', envelope(), [{ field: 'photos', name: 'anim.gif', bytes: bytesOf('gif', 5000), type: 'image/jpeg' }], freshAddress());
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ photos: 'Unsupported file format' });
    await expectNothingStored(before);
  });

  it('refuses more files than maxFiles and a file for a field that is not a file field', async () => {
    const before = (await claimRows()).length;
    const six = Array.from({ length: 6 }, (_, i) => ({ field: 'photos', name: `p${i}.jpg`, bytes: bytesOf('jpg', 1000) }));
    const many = await postMultipart(server.url, 'claim', envelope(), six, freshAddress());
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ error: 'too_many_files', fields: { photos: 'At most 5 files can be sent for this field.' } });
    const wrongField = await postMultipart(server.url, 'claim', envelope(), [{ field: 'description', name: 'p.jpg', bytes: bytesOf('jpg', 1000) }], freshAddress());
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.fields).toEqual({ description: 'Unknown field' });
    await expectNothingStored(before);
  });

  it('a photo sent for a hidden photo field is dropped; an empty file input is ignored', async () => {
    const res = await postMultipart(server.url, 'claim', envelope({ ...claim, claimType: 'missing' }), [
      { field: 'photos', name: 'p.jpg', bytes: bytesOf('jpg', 1000) },
    ], freshAddress());
    expect(res.status).toBe(201);
    expect(JSON.parse((await claimRows()).find((r) => r.id === res.body.data.id)!.data)).not.toHaveProperty('photos');
    expect(filesUnder(uploads)).toEqual([]);
    const boundary = 'emptyinput';
    const body = multipartBody(boundary, [
      { name: 'formData', body: JSON.stringify({ ...claim, claimType: 'missing' }) },
      { name: 'recaptchaToken', body: 'test-pass' },
      { name: 'photos', filename: '', type: 'application/octet-stream', body: '' },
    ]);
    const empty = await rawPost(`${server.url}/api/forms/claim`, { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length, ...freshAddress() }, [body]);
    expect(empty.status).toBe(201);
  });

  it('a required upload that never arrived is missing, whatever formData says', async () => {
    const forged = await postJson(server.url, 'claim', { ...envelope({ ...claim, photos: [{ name: 'x.jpg', size: 10, type: 'image/jpeg' }] }) }, freshAddress());
    expect(forged.status).toBe(400);
    expect(forged.body.fields).toEqual({ photos: 'At least one file is required' });
  });

  it('refuses an oversized body by its Content-Length before reading it', async () => {
    const before = (await claimRows()).length;
    const boundary = 'toolarge';
    const head = multipartBody(boundary, [{ name: 'formData', body: JSON.stringify(claim) }], false);
    const res = await rawPost(`${server.url}/api/forms/claim`, { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': 200 * MB, ...freshAddress() }, [head, Buffer.alloc(64 * 1024)]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'payload_too_large', message: 'The request body is too large.' });
    await expectNothingStored(before);
  });

  it('refuses an oversized body sent without a length while it streams, and leaves no partial file', async () => {
    const before = (await claimRows()).length;
    const boundary = 'streaming';
    const head = multipartBody(boundary, [{ name: 'formData', body: JSON.stringify(claim) }, { name: 'recaptchaToken', body: 'test-pass' }], false);
    // Five photos of 1.9 MB each fit; six text parts of 190 kB more push the body over the claim form's limit (about 10.5 MB).
    const photo = (i: number) => multipartBody(boundary, [{ name: 'photos', filename: `p${i}.jpg`, type: 'image/jpeg', body: bytesOf('jpg', Math.floor(1.9 * MB)) }], false);
    const filler = (name: string) => multipartBody(boundary, [{ name, body: JSON.stringify('x'.repeat(190 * 1024)) }], false);
    const chunks = [head, ...Array.from({ length: 5 }, (_, i) => photo(i)), ...['metadata', 'summary', 'emailNotifications', 'name', 'totalPrice', 'token'].map(filler), Buffer.from(`--${boundary}--\r\n`)];
    const res = await rawPost(`${server.url}/api/forms/claim`, { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked', ...freshAddress() }, chunks);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
    await expectNothingStored(before);
  });
});

describe('uploads on a multi-step form', () => {
  it('stores the floor plan at its step and attaches it to the notification sent at the end', async () => {
    const address = freshAddress();
    const first = await postJson(server.url, 'free-kitchen-design', { formData: { firstName: 'Ann', lastName: 'Lee', email: 'ann.plan@example.com', phone: '5125550100', zip: '78701' }, recaptchaToken: 'test-pass' }, address);
    const { id, token } = first.body.data;
    const step1 = { projectType: 'remodel', kitchenShape: 'u-shape', styles: ['slab'], hasMeasurements: 'yes' };
    const second = await postMultipart(server.url, 'free-kitchen-design', { formData: step1, step: '1', id: String(id), token }, [{ field: 'floorPlan', name: 'plan.pdf', bytes: bytesForName('plan.pdf', 50_000), type: 'application/pdf' }], address);
    expect(second.status).toBe(200);
    expect(await readRows(server, sql`select * from mail_outbox where dedupe_key like ${`form-%:${id}`}`)).toEqual([]);
    const last = await postJson(server.url, 'free-kitchen-design', { formData: { budget: 'over-50k', timeline: 'later' }, step: 2, id, token }, address);
    expect(last.status).toBe(200);
    const [mail] = await readRows<{ attachments: string }>(server, sql`select attachments from mail_outbox where dedupe_key = ${`form-notification:${id}`}`);
    const attached = JSON.parse(mail!.attachments) as { filename: string; path: string }[];
    expect(attached.map((a) => a.filename)).toEqual(['plan.pdf']);
    expect(fs.existsSync(attached[0]!.path)).toBe(true);
    fs.rmSync(attached[0]!.path);
  });
});
