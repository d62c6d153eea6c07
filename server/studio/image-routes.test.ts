/**
 * The image library over HTTP (schemas/api/studio-images.ts): an upload of each kind (a phone's
 * JPEG turned upright and stripped of its metadata with its smaller copies, a PNG, a WebP, an AVIF,
 * an SVG cleaned of its script), alt text required, the limits, the library with "used on" and its
 * search, the published page's srcset, and a second server sharing the database that has the
 * image in its own folder without a restart.
 *
 * @engines sqlite postgres: the image's bytes live in the database (blob, bytea) and reach every server's folder from there.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_ALT_REQUIRED } from '../../schemas/api/studio-images';
import { SVG_POLICY } from '../http/security-headers';
import { startTestServer, type TestServer } from '../testing/test-server';
import { IMAGE_TOO_MANY_PIXELS, IMAGE_TYPE_MESSAGE } from './image-upload';
import { publishPageShowing, signInOperator } from './studio-test-kit';

type Json = Record<string, any>;
type Session = Awaited<ReturnType<typeof signInOperator>>;

let server: TestServer;
let other: TestServer;
let editor: Session;
let publisher: Session;

beforeAll(async () => {
  server = await startTestServer({ CONTENT_POLL_MS: '0' }, { contentChanges: {} });
  // A second server of the same store: the same database, a content folder of its own.
  other = await startTestServer({ CONTENT_POLL_MS: '0', DATABASE_URL: server.databaseUrl }, { contentChanges: {} });
  [editor, publisher] = [await signInOperator(server, 'editor'), await signInOperator(server, 'publisher')];
});

afterAll(async () => {
  await other?.stop();
  await server?.stop();
});

async function upload(who: Session, file: { bytes: Buffer; name: string; type?: string } | null, alt: string | undefined, target = server): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  if (alt !== undefined) form.set('alt', alt);
  if (file) form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(new URL('/api/studio/images', target.url), { method: 'POST', headers: who.headers, body: form });
  return { status: res.status, body: (await res.json()) as Json };
}

async function library(who: Session, search = '', target = server): Promise<Json[]> {
  const res = await fetch(new URL(`/api/studio/images${search ? `?search=${encodeURIComponent(search)}` : ''}`, target.url), { headers: who.headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).data as Json[];
}

const inFolder = (dir: string, src: string) => path.join(dir, src);

/** A phone's photo: 3000 x 2000 stored on its side (EXIF orientation 6), with an EXIF block. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#8a6f4e' } })
    .jpeg({ quality: 70 })
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Phone', Model: 'Camera' } } })
    .toBuffer();
}

describe('uploading', () => {
  let photo: Json;

  it("turns a phone's photo upright, makes it at most 2400 px wide, drops its metadata and makes its copies", async () => {
    const res = await upload(editor, { bytes: await phonePhoto(), name: 'Austin Showroom (1).JPG', type: 'image/jpeg' }, '  The Austin showroom, walnut cabinets  ');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    photo = res.body.data;
    expect(photo.src).toMatch(/^\/images\/uploads\/austin-showroom-1-[0-9a-f]{10}\.jpg$/);
    expect(photo).toMatchObject({ alt: 'The Austin showroom, walnut cabinets', width: 2000, height: 3000, mediaType: 'image/jpeg', uploadedBy: editor.email, usedOn: [] });
    expect(photo.copies.map((c: Json) => c.width)).toEqual([480, 960, 1600]);
    const kept = fs.readFileSync(inFolder(server.contentDir, photo.src));
    const meta = await sharp(kept).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([2000, 3000, 'jpeg']);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    for (const copy of photo.copies) expect((await sharp(fs.readFileSync(inFolder(server.contentDir, copy.src))).metadata()).width).toBe(copy.width);
    // The site serves it at once.
    const served = await fetch(new URL(photo.src, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const audit = await server.q.all(server.q.db.selectFrom('studio_audit').select('detail').where('action', '=', 'image.uploaded'));
    expect(audit.map((a) => a.detail)).toEqual([`${photo.src} (2000 x 3000, 3 smaller copies): The Austin showroom, walnut cabinets`]);
  });

  it('takes the same image again as the one stored', async () => {
    const again = await upload(editor, { bytes: await phonePhoto(), name: 'Austin Showroom (1).JPG' }, 'Another alt');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ src: photo.src, alt: 'The Austin showroom, walnut cabinets' });
  });

  it('takes PNG, WebP and AVIF, each in its own format, with copies only below its width', async () => {
    const png = await upload(editor, { bytes: await sharp({ create: { width: 300, height: 200, channels: 4, background: '#fff0' } }).png().toBuffer(), name: 'logo.png' }, 'Oak & Hearth logo');
    expect(png.status).toBe(201);
    expect(png.body.data).toMatchObject({ mediaType: 'image/png', width: 300, height: 200, copies: [] });
    const webp = await upload(editor, { bytes: await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#333' } }).webp().toBuffer(), name: 'counter.webp' }, 'A quartz countertop');
    expect(webp.body.data).toMatchObject({ mediaType: 'image/webp', width: 1000, copies: [{ width: 480 }, { width: 960 }] });
    const avif = await upload(editor, { bytes: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#a33' } }).avif().toBuffer(), name: 'floor.avif' }, 'Oak flooring');
    expect(avif.status, JSON.stringify(avif.body)).toBe(201);
    expect(avif.body.data).toMatchObject({ mediaType: 'image/avif', width: 600, copies: [{ width: 480 }] });
    expect((await sharp(fs.readFileSync(inFolder(server.contentDir, avif.body.data.src))).metadata()).format).toBe('heif');
  });

  it('cleans an SVG of script, handlers, outside references and foreign objects, and serves SVGs under a policy that runs nothing', async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 20" width="40" height="20" onload="alert(1)">
      <script>alert(document.cookie)</script><style>@import url(https://tracker.example/a.css);</style>
      <a xlink:href="javascript:alert(1)"><rect width="40" height="20" fill="#234"/></a>
      <image href="https://tracker.example/pixel.png" width="1" height="1"/>
      <foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
      <path d="M0 0L40 20" style="fill:url(https://evil.example/x)" stroke="#fff"/></svg>`;
    const res = await upload(editor, { bytes: Buffer.from(svg), name: 'mark.svg' }, 'The Oak & Hearth mark');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ mediaType: 'image/svg+xml', width: 40, height: 20, copies: [] });
    const kept = fs.readFileSync(inFolder(server.contentDir, res.body.data.src), 'utf8');
    expect(kept).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(kept).toContain('<rect');
    for (const gone of ['<script', 'onload', 'javascript:', 'tracker.example', 'evil.example', 'foreignObject', 'iframe']) expect(kept, gone).not.toContain(gone);
    const served = await fetch(new URL(res.body.data.src, server.url));
    expect(served.headers.get('content-security-policy')).toBe(SVG_POLICY);
  });

  it('refuses an upload without alt text, or without a file, and other kinds of file, naming the field', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const noAlt = await upload(editor, { bytes: jpeg, name: 'a.jpg' }, '   ');
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.fields).toEqual({ alt: IMAGE_ALT_REQUIRED });
    expect((await upload(editor, { bytes: jpeg, name: 'a.jpg' }, undefined)).body.fields).toEqual({ alt: IMAGE_ALT_REQUIRED });
    expect((await upload(editor, null, 'A photo')).body.fields).toEqual({ file: IMAGE_TYPE_MESSAGE });
    // Both at once: the form shows every problem, not one after the other.
    expect((await upload(editor, null, ' ')).body.fields).toEqual({ file: IMAGE_TYPE_MESSAGE, alt: IMAGE_ALT_REQUIRED });
    const gif = await upload(editor, { bytes: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer(), name: 'a.gif' }, 'A gif');
    expect(gif.status).toBe(415);
    const text = await upload(editor, { bytes: Buffer.from('just some text, named like a photo'), name: 'photo.jpg', type: 'image/jpeg' }, 'Text');
    expect(text.status).toBe(415);
    const program = await upload(editor, { bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00' + 'x'.repeat(100)), name: 'photo.png' }, 'A program');
    expect(program.status).toBe(415);
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(200, 7)]);
    expect((await upload(editor, { bytes: broken, name: 'broken.jpg' }, 'Broken')).status).toBe(422);
  });

  // A body over the size limit, declared or streamed: the attacker suite (server/security/studio-images.test.ts).
  it('refuses a picture of too many pixels before decoding it', async () => {
    // 10,000 x 10,000 pixels of one colour: a few kB of PNG, 400 MB decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const refused = await upload(editor, { bytes: bomb, name: 'bomb.png' }, 'Bomb');
    expect(refused.status).toBe(413);
    expect(refused.body.fields).toEqual({ file: IMAGE_TOO_MANY_PIXELS });
  });
});

describe('the library', () => {
  it('lists uploaded images first and the folder\'s own with the alt text the content gives them, with "used on" pages and a search', async () => {
    const all = await library(editor);
    expect(all[0]!.uploadedBy).toBe(editor.email);
    const banner = all.find((i) => i.src === '/images/banner-home.svg');
    expect(banner).toMatchObject({ uploadedBy: null, mediaType: 'image/svg+xml' });
    expect(banner!.usedOn.length).toBeGreaterThan(0);
    // Copies are part of their image, not images of their own.
    expect(all.some((i) => /-\d+w\.webp$/.test(i.src))).toBe(false);

    // A page that shows the photo, published: the library says where.
    const photo = (await library(editor, 'walnut'))[0]!;
    expect(photo.alt).toBe('The Austin showroom, walnut cabinets');
    expect(await publishPageShowing(server, publisher, photo, { name: 'showroom-austin', title: 'Austin showroom', address: '/showrooms/austin' })).toBe(201);
    expect((await library(editor, 'walnut'))[0]!.usedOn).toEqual([{ file: 'pages/showroom-austin.json', title: 'Austin showroom', address: '/showrooms/austin' }]);
    expect((await library(editor, 'austin showroom')).map((i) => i.src)).toEqual([photo.src]);
    expect(await library(editor, 'no such words anywhere')).toEqual([]);

    // The page names the photo's copies for the browser to choose.
    const html = await (await fetch(new URL('/showrooms/austin', server.url))).text();
    const srcset = /srcset="([^"]+)"/i.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(srcset).toBe(`${photo.copies.map((c: Json) => `${c.src} ${c.width}w`).join(', ')}, ${photo.src} 2000w`);
  });

  it('reaches a second server of the store: its folder has the image without a restart', async () => {
    const [photo] = await library(editor, 'walnut');
    // The other server's poll, as its timer would run it.
    expect(fs.existsSync(inFolder(other.contentDir, photo!.src))).toBe(false);
    const otherEditor = await signInOperator(other, 'editor');
    const listed = await library(otherEditor, 'walnut', other);
    expect(listed[0]!.src).toBe(photo!.src);
    expect(fs.readFileSync(inFolder(other.contentDir, photo!.src)).equals(fs.readFileSync(inFolder(server.contentDir, photo!.src)))).toBe(true);
    for (const copy of photo!.copies) expect(fs.existsSync(inFolder(other.contentDir, copy.src))).toBe(true);
    expect((await fetch(new URL(photo!.src, other.url))).status).toBe(200);
  });
});
