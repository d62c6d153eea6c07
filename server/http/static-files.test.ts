import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody, rawRequest } from '../testing/raw-request';
import { CompressedFileCache } from './compressed-file-cache';
import { staticFiles } from './static-files';

// Made at load time: the refused paths below name it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
const root = path.join(dir, 'root');
let server: http.Server;
let base: string;
const cache = new CompressedFileCache();

const script = Buffer.from(`export function hello() {\n${'  console.log("kitchen cabinets");\n'.repeat(200)}}\n`);
const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="10" height="10"/>'.repeat(100)}</svg>`);
const secret = 'the secret outside the root';
// A PNG is compressed already: served as it is, whatever the client accepts.
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'secret.txt'), secret);
  fs.writeFileSync(path.join(root, 'app.js'), script);
  // The build's copies (scripts/compress-static.ts), at a setting the server never uses itself, so
  // the test can tell that these bytes, not a copy made on request, were sent.
  fs.writeFileSync(path.join(root, 'app.js.br'), zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }));
  fs.writeFileSync(path.join(root, 'app.js.gz'), zlib.gzipSync(script, { level: 1 }));
  fs.writeFileSync(path.join(root, 'sub', 'picture.svg'), svg);
  fs.writeFileSync(path.join(root, 'photo.png'), png);
  fs.writeFileSync(path.join(root, 'tiny.json'), '{"a":1}');
  fs.writeFileSync(path.join(root, '.env'), 'SECRET=1');

  const app = new Koa();
  app.use(staticFiles({ prefix: '/static/', root, maxAgeSeconds: 60, compressedCache: cache }));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'fell through';
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(base, p, { method, headers });

describe('staticFiles: content coding', () => {
  it('sends the build copy in the best coding accepted, with the type, length and Vary of the file', async () => {
    const br = await get('/static/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(fs.readFileSync(path.join(root, 'app.js.br')))).toBe(true);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('max-age=60');
    expect(decodedBody(br).equals(script)).toBe(true);

    const gzip = await get('/static/app.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(fs.readFileSync(path.join(root, 'app.js.gz')))).toBe(true);
    expect(gzip.headers['content-length']).toBe(String(gzip.body.length));

    const raw = await get('/static/app.js');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers.vary).toMatch(/accept-encoding/i);
    expect(raw.headers['content-length']).toBe(String(script.length));
    expect(raw.body.equals(script)).toBe(true);
    expect(new Set([br.headers.etag, gzip.headers.etag, raw.headers.etag]).size).toBe(3);
  });

  it('compresses a file the build did not on first request, and keeps the copies', async () => {
    const before = cache.size;
    const br = await get('/static/sub/picture.svg', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('image/svg+xml');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.body.length).toBeLessThan(svg.length / 5);
    expect(decodedBody(br).equals(svg)).toBe(true);
    expect(cache.size).toBeGreaterThan(before);
    const gzip = await get('/static/sub/picture.svg', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decodedBody(gzip).equals(svg)).toBe(true);
  });

  it('does not serve a build copy older than its file, nor a coding that is not smaller', async () => {
    const file = path.join(dir, 'root', 'changed.css');
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from('.old { color: red }')));
    const css = Buffer.from(`.new { color: blue }\n`.repeat(50));
    fs.writeFileSync(file, css);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    const res = await get('/static/changed.css', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decodedBody(res).equals(css)).toBe(true);

    const tiny = await get('/static/tiny.json', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toMatch(/accept-encoding/i);
    expect(tiny.body.toString()).toBe('{"a":1}');
  });

  it('serves files compressed already as they are', async () => {
    const res = await get('/static/photo.png', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body.equals(png)).toBe(true);
  });
});

describe('staticFiles: revalidation and HEAD', () => {
  it('answers 304 to a matching If-None-Match of the same coding only', async () => {
    const first = await get('/static/app.js', { 'accept-encoding': 'br' });
    const again = await get('/static/app.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    // The brotli bytes' tag does not validate the raw bytes.
    const other = await get('/static/app.js', { 'accept-encoding': 'identity', 'if-none-match': first.headers.etag! });
    expect(other.status).toBe(200);
    expect(other.body.equals(script)).toBe(true);
  });

  it('answers 304 to If-Modified-Since at or after the file time', async () => {
    const first = await get('/static/photo.png');
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await get('/static/photo.png', { 'if-modified-since': first.headers['last-modified']! });
    expect(again.status).toBe(304);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const coding of ['br', 'gzip', 'identity']) {
      const getRes = await get('/static/app.js', { 'accept-encoding': coding });
      const head = await get('/static/app.js', { 'accept-encoding': coding }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const h of ['content-length', 'content-type', 'content-encoding', 'etag', 'vary', 'last-modified']) {
        expect(head.headers[h], `${coding} ${h}`).toEqual(getRes.headers[h]);
      }
    }
    const svgHead = await get('/static/sub/picture.svg', { 'accept-encoding': 'br' }, 'HEAD');
    expect(svgHead.headers['content-encoding']).toBe('br');
    expect(Number(svgHead.headers['content-length'])).toBeGreaterThan(0);
  });
});

describe('staticFiles: what it refuses', () => {
  it.each([
    '/static/../secret.txt',
    '/static/%2e%2e/secret.txt',
    '/static/%2E%2E%2Fsecret.txt',
    '/static/..%2fsecret.txt',
    '/static/..%5csecret.txt',
    '/static/sub/../../secret.txt',
    '/static/sub/%2e%2e%2f%2e%2e%2fsecret.txt',
    `/static/${encodeURIComponent(path.join(dir, 'secret.txt'))}`,
    '/static//etc/passwd',
    '/static/%252e%252e/secret.txt',
    '/static/app.js%00.png',
    '/static/%E0%A4%A',
    '/static/.env',
    '/static/%2eenv',
    '/static/sub/nothing.svg',
    '/static/sub',
  ].map((p) => ({ p, shown: p.replace(encodeURIComponent(dir), '<the folder, absolute>') })))('$shown falls through to the next middleware', async ({ p }) => {
    const res = await get(p, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe('fell through');
  });

  it('leaves other methods and prefixes to the next middleware', async () => {
    expect((await get('/static/app.js', {}, 'POST')).body.toString()).toBe('fell through');
    expect((await get('/other/app.js')).body.toString()).toBe('fell through');
  });
});
