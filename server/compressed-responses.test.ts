/**
 * Compression of everything static: the running server sends each kind of file in brotli, in gzip
 * or as it is, as the request accepts, with the right headers. Needs a build (`npm run build`,
 * whose last step writes the .br and .gz copies of dist/).
 *
 * @engines sqlite: compression is the HTTP layer's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody, rawRequest, type RawResponse } from './testing/raw-request';
import { startTestServer, type TestServer } from './testing/test-server';

let server: TestServer;
/** One URL of each kind the server sends, and whether it revalidates with an ETag. */
let kinds: { kind: string; path: string; etag: boolean }[];

beforeAll(async () => {
  server = await startTestServer();
  const html = (await rawRequest(server.url, '/')).body.toString();
  // The shell chunk every page preloads: the entry itself is a line that imports it, too small to compress.
  const script = html.match(/href="(\/assets\/shell-[\w-]+\.js)"/)?.[1];
  const css = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
  if (!script || !css) throw new Error('the home page names no client script or stylesheet');
  kinds = [
    { kind: 'client JS', path: script, etag: true },
    { kind: 'client CSS', path: css, etag: true },
    { kind: 'widget loader', path: '/widgets/showroom.js', etag: true },
    { kind: 'widget element module', path: '/widgets/esm/payment-methods.js', etag: true },
    // Content images are compressed on first request, not at build time (compressed-file-cache.ts).
    { kind: 'content SVG image', path: '/images/banner-home.svg', etag: true },
    // Rendered documents: compressed once per cached page, revalidated by no-cache, without an ETag.
    { kind: 'HTML page', path: '/about-us', etag: false },
    { kind: 'sitemap', path: '/sitemap.xml', etag: false },
  ];
  // (The definition schemas under /schemas are JSON answers of the API router, not static files.)
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string>, method = 'GET') => rawRequest(server.url, path, { method, headers });

describe('compressed responses', () => {
  it('answers the client bundle in brotli when asked (the issue\'s curl -H "Accept-Encoding: br")', async () => {
    const res = await get(kinds[0]!.path, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // The shell (the runtime, the bootstrap, the header) is tens of kB raw; brotli makes it well under half.
    expect(res.body.length * 2).toBeLessThan(decodedBody(res).length);
  });

  it('sends every kind of file in brotli, gzip or as it is, decoding to exactly the same bytes', async () => {
    for (const { kind, path } of kinds) {
      const raw = await get(path, { 'accept-encoding': 'identity' });
      const answers: [string, RawResponse][] = [
        ['br', await get(path, { 'accept-encoding': 'gzip, deflate, br, zstd' })],
        ['gzip', await get(path, { 'accept-encoding': 'gzip, deflate' })],
        ['identity', raw],
        ['identity', await get(path, {})],
      ];
      for (const [coding, res] of answers) {
        const what = `${kind} ${path} ${coding}`;
        expect(res.status, what).toBe(200);
        expect(res.headers['content-encoding'], what).toBe(coding === 'identity' ? undefined : coding);
        expect(res.headers.vary, what).toMatch(/accept-encoding/i);
        expect(res.headers['content-length'], what).toBe(String(res.body.length));
        expect(res.headers['content-type'], what).toBe(raw.headers['content-type']);
        expect(decodedBody(res).equals(raw.body), what).toBe(true);
        if (coding !== 'identity') expect(res.body.length, what).toBeLessThan(raw.body.length);
      }
    }
  });

  it('answers 304 to a repeat visit that sends back the ETag of what it got', async () => {
    for (const { kind, path } of kinds.filter((k) => k.etag)) {
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const first = await get(path, { 'accept-encoding': acceptEncoding });
        expect(first.headers.etag, kind).toBeTruthy();
        const again = await get(path, { 'accept-encoding': acceptEncoding, 'if-none-match': first.headers.etag! });
        expect(again.status, `${kind} ${acceptEncoding}`).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.vary, kind).toMatch(/accept-encoding/i);
      }
    }
  });

  it('answers HEAD with the length GET would send and no body', async () => {
    for (const { kind, path } of kinds) {
      const body = await get(path, { 'accept-encoding': 'br' });
      const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status, kind).toBe(200);
      expect(head.body.length, kind).toBe(0);
      expect(head.headers['content-encoding'], kind).toBe('br');
      expect(head.headers['content-length'], kind).toBe(String(body.body.length));
    }
  });

  it('keeps files outside the served folders out of reach', async () => {
    for (const path of ['/assets/../../package.json', '/assets/%2e%2e/%2e%2e/package.json', '/images/..%2f..%2fsite.json', '/widgets/%2e%2e%2fssr/entry-server.js']) {
      const res = await get(path, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(404);
      expect(decodedBody(res).toString(), path).toContain('<html');
    }
  });
});
