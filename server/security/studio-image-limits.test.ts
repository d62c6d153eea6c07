/**
 * The image library's limits and its delete, against an attacker: an editor over
 * the quota of images and of bytes (on a second server sharing the database too), an operator over
 * the uploads of an hour, a delete by an editor, a publisher, a viewer, a customer and a stranger,
 * of an image a published page or a change waiting for review shows, of an image that is not in
 * the library, and an admin's delete that takes the image off every server.
 *
 * @engines sqlite postgres: the quota is counted from the library's rows and a delete reaches the other servers through the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../api/my-account-test-kit';
import { IMAGE_NOT_FOUND } from '../../schemas/api/studio-images';
import { imageLimitsFromEnv, quotaBytesMessage, quotaCountMessage, uploadRateMessage, type ImageLimits } from '../studio/image-limits';
import { publishPageShowing, signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { scaledMs } from '../../scripts/test-calibration';

type Json = Record<string, any>;
type Session = Awaited<ReturnType<typeof signInOperator>>;

const limits: ImageLimits = { quotaCount: 3, quotaBytes: 20_000, uploadsPerHour: 6 };

let server: TestServer;
let other: TestServer;
let admin: Session;
let publisher: Session;

beforeAll(async () => {
  server = await startTestServer({ CONTENT_POLL_MS: '0' }, { contentChanges: {}, config: { imageLimits: limits } as never });
  other = await startTestServer({ CONTENT_POLL_MS: '0', DATABASE_URL: server.databaseUrl }, { contentChanges: {}, config: { imageLimits: limits } as never });
  admin = await signInOperator(server, 'admin');
  publisher = await signInOperator(server, 'publisher');
}, scaledMs(120_000));

afterAll(async () => {
  await other?.stop();
  await server?.stop();
});

let colours = 0;
/** A small JPEG of a colour no other call made: a new image each time. */
async function newPhoto(): Promise<Buffer> {
  colours++;
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: (colours * 37) % 256, g: (colours * 91) % 256, b: (colours * 13) % 256 } } })
    .jpeg()
    .toBuffer();
}

/** Bytes no compression shrinks much (a fixed xorshift sequence, the same every run). */
function noiseBytes(length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = 2463534242;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

async function upload(who: Session, bytes: Buffer, target = server, name = 'showroom.jpg'): Promise<{ status: number; body: Json; retryAfter: string | null }> {
  const form = new FormData();
  form.set('alt', 'The showroom');
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(new URL('/api/studio/images', target.url), { method: 'POST', headers: who.headers, body: form });
  return { status: res.status, body: (await res.json()) as Json, retryAfter: res.headers.get('Retry-After') };
}

async function remove(headers: Record<string, string>, src: string, target = server): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/api/studio/images?src=${encodeURIComponent(src)}`, target.url), { method: 'DELETE', headers });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

async function libraryOf(who: Session, target = server): Promise<Json[]> {
  const res = await fetch(new URL('/api/studio/images', target.url), { headers: who.headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).data as Json[];
}

const storedBy = async (email: string) => (await server.q.all(server.q.db.selectFrom('content_image').select('src').where('uploaded_by', '=', email))).length;
const auditOf = async (action: string) => server.q.all(server.q.db.selectFrom('studio_audit').select(['action', 'detail']).where('action', '=', action));

describe('the quota of one editor', () => {
  it('refuses the upload past the quota of images, on this server and on another sharing the database, and says what to do', async () => {
    const editor = await signInOperator(server, 'editor');
    for (let i = 0; i < limits.quotaCount; i++) expect((await upload(editor, await newPhoto())).status).toBe(201);
    const refused = await upload(editor, await newPhoto());
    expect(refused.status).toBe(409);
    const message = quotaCountMessage(limits);
    expect(refused.body).toMatchObject({ error: 'image_quota_reached', message, fields: { file: message } });
    expect(message).toContain('3 images');
    expect(message).toContain('Ask an admin to delete images no page uses');
    expect(await storedBy(editor.email)).toBe(limits.quotaCount);

    // The same editor on the other server: it counts the same rows.
    const there = { ...editor, headers: { Cookie: editor.cookie, Origin: new URL(other.url).origin } };
    expect((await upload(there, await newPhoto(), other)).status).toBe(409);
    expect(await storedBy(editor.email)).toBe(limits.quotaCount);
  });

  it('refuses an image that would take the editor past the quota of bytes', async () => {
    const editor = await signInOperator(server, 'editor');
    const noise = await sharp(noiseBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } })
      .png()
      .toBuffer();
    const refused = await upload(editor, noise, server, 'noise.png');
    expect(refused.status).toBe(409);
    const message = quotaBytesMessage(limits, 0);
    expect(refused.body).toMatchObject({ error: 'image_quota_reached', message, fields: { file: message } });
    expect(message).toContain('past 20 kB');
    expect(await storedBy(editor.email)).toBe(0);
  });

  it('reads the quota and the rate from the settings, with defaults', () => {
    const problems: string[] = [];
    expect(imageLimitsFromEnv({}, problems)).toEqual({ quotaCount: 200, quotaBytes: 200 * 1024 * 1024, uploadsPerHour: 60 });
    expect(imageLimitsFromEnv({ STUDIO_IMAGE_QUOTA_COUNT: '50', STUDIO_IMAGE_QUOTA_MB: '10', STUDIO_IMAGE_UPLOADS_PER_HOUR: '5' }, problems)).toEqual({ quotaCount: 50, quotaBytes: 10 * 1024 * 1024, uploadsPerHour: 5 });
    expect(problems).toEqual([]);
    imageLimitsFromEnv({ STUDIO_IMAGE_QUOTA_COUNT: 'lots' }, problems);
    expect(problems).toEqual(['STUDIO_IMAGE_QUOTA_COUNT must be a whole number of images above 0 such as 200, got "lots"']);
  });
});

describe('the uploads of an hour', () => {
  it('refuses the upload past the rate with 429 and Retry-After, before storing anything', async () => {
    const editor = await signInOperator(server, 'editor');
    const same = await newPhoto();
    // The same image again is stored once, but every upload is counted.
    for (let i = 0; i < limits.uploadsPerHour; i++) expect((await upload(editor, same)).status).toBe(i === 0 ? 201 : 200);
    const refused = await upload(editor, await newPhoto());
    expect(refused.status).toBe(429);
    const message = uploadRateMessage(limits);
    expect(refused.body).toMatchObject({ error: 'too_many_requests', message, fields: { file: message } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await storedBy(editor.email)).toBe(1);
  });
});

describe("an admin's delete", () => {
  it('refuses a stranger (401), a customer (401), and a viewer, an editor and a publisher (403), deleting nothing', async () => {
    const editor = await signInOperator(server, 'editor');
    const { body } = await upload(editor, await newPhoto());
    const src = body.data.src as string;
    const origin = new URL(server.url).origin;
    const customer = { Cookie: (await signedUp(server.url)).browser.cookie!, Origin: origin };
    expect((await remove({ Origin: origin }, src)).status).toBe(401);
    expect((await remove(customer, src)).status).toBe(401);
    for (const role of ['viewer', 'editor', 'publisher'] as const) {
      const refused = await remove((await signInOperator(server, role)).headers, src);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await libraryOf(editor)).some((i) => i.src === src)).toBe(true);
    expect(fs.existsSync(path.join(server.contentDir, src))).toBe(true);
    expect(await auditOf('image.deleted')).toEqual([]);
  });

  it('answers 404 for an image the library does not have, or one that came with the content folder', async () => {
    for (const src of ['/images/uploads/nothing-0000000000.jpg', '/images/banner-home.svg', '../package.json']) {
      const refused = await remove(admin.headers, src);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ error: 'image_not_found', message: IMAGE_NOT_FOUND });
    }
    expect(fs.existsSync(path.join(server.contentDir, 'images', 'banner-home.svg'))).toBe(true);
  });

  it('refuses to delete an image a published page shows, naming the page', async () => {
    const { body } = await upload(publisher, await newPhoto());
    const image = body.data as Json;
    expect(await publishPageShowing(server, publisher, image, { name: 'showroom-dallas', title: 'Dallas showroom', address: '/showrooms/dallas' })).toBe(201);

    const refused = await remove(admin.headers, image.src);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('image_in_use');
    expect(refused.body.message).toBe('This image is still used by the published page Dallas showroom (/showrooms/dallas). Take it out of that first, then delete it.');
    expect((await fetch(new URL(image.src, server.url))).status).toBe(200);
    expect(await storedBy(publisher.email)).toBe(1);
  });

  it('refuses to delete an image a change waiting for review shows, naming the change', async () => {
    const editor = await signInOperator(server, 'editor');
    const { body } = await upload(editor, await newPhoto());
    const image = body.data as Json;
    const file = 'pages/about-us.json';
    const about = JSON.parse(fs.readFileSync(path.join(server.contentDir, file), 'utf8')) as Json;
    about.blocks = [{ type: 'banner', title: 'Our team', image: { src: image.src, alt: image.alt, width: image.width, height: image.height } }, ...(about.blocks ?? [])];
    const saved = await fetch(new URL('/api/studio/draft', server.url), { method: 'PUT', headers: { ...editor.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ path: file, text: JSON.stringify(about) }) });
    expect(saved.status).toBe(200);
    const submitted = await fetch(new URL('/api/studio/reviews', server.url), { method: 'POST', headers: { ...editor.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ paths: [file], note: 'A picture of the team' }) });
    expect(submitted.status).toBe(201);
    const change = (await server.q.first(server.q.db.selectFrom('studio_review').select('id').where('status', '=', 'submitted').orderBy('id', 'desc')))!;

    const refused = await remove(admin.headers, image.src);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'image_in_use', message: `This image is still used by the change waiting for review #${change.id} (${file}). Take it out of that first, then delete it.` });
    expect((await libraryOf(editor)).some((i) => i.src === image.src)).toBe(true);
  });

  it('deletes an unused image from the library on every server: its files then answer 404, the audit log says who, the quota is freed', async () => {
    const editor = await signInOperator(server, 'editor');
    const bytes = await newPhoto();
    const { body } = await upload(editor, bytes);
    const image = body.data as Json;
    // The other server has written the image into its folder.
    const otherAdmin = await signInOperator(other, 'admin');
    expect((await libraryOf(otherAdmin, other)).some((i) => i.src === image.src)).toBe(true);
    expect((await fetch(new URL(image.src, other.url))).status).toBe(200);

    const deleted = await remove(admin.headers, image.src);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: `${image.src} is deleted from the library.` });
    expect((await fetch(new URL(image.src, server.url))).status).toBe(404);
    expect(fs.existsSync(path.join(server.contentDir, image.src))).toBe(false);
    expect((await libraryOf(editor)).some((i) => i.src === image.src)).toBe(false);
    expect(await server.q.all(server.q.db.selectFrom('content_image_file').select('id').where('path', '=', image.src.slice(1)))).toEqual([]);
    expect(await auditOf('image.deleted')).toEqual([{ action: 'image.deleted', detail: `${image.src} (uploaded by ${editor.email}, 1 files)` }]);

    // The other server takes it out of its folder at its next look at the database.
    expect((await libraryOf(otherAdmin, other)).some((i) => i.src === image.src)).toBe(false);
    expect((await fetch(new URL(image.src, other.url))).status).toBe(404);

    // Deleted again: it is not there.
    expect((await remove(admin.headers, image.src)).status).toBe(404);
    // The same image uploaded again is in the library again, on both servers.
    expect((await upload(editor, bytes)).status).toBe(201);
    expect((await libraryOf(otherAdmin, other)).some((i) => i.src === image.src)).toBe(true);
    expect((await fetch(new URL(image.src, other.url))).status).toBe(200);
    expect((await fetch(new URL(image.src, server.url))).status).toBe(200);
  });
});
