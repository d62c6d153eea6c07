import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody, rawRequest } from '../testing/raw-request';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('page route', () => {
  it('gzips pages for clients that accept it, the same page both times, and says it varies', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(server.url + '/about-us', { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<title>About Us | ');
    }
    const plain = await fetch(server.url + '/about-us', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<title>About Us | ');
  });

  it('sends pages in brotli to clients that accept it (browsers list gzip first), the same bytes each time', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await rawRequest(server.url, '/faqs', { headers });
    const second = await rawRequest(server.url, '/faqs', { headers });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(second.body.equals(first.body)).toBe(true);
    const plain = await rawRequest(server.url, '/faqs', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decodedBody(first).equals(plain.body)).toBe(true);
    const gzip = await rawRequest(server.url, '/faqs', { headers: { 'accept-encoding': 'gzip' } });
    expect(first.body.length).toBeLessThan(gzip.body.length);
  });

  it('serves the cached 404 page with its status again', async () => {
    for (let i = 0; i < 2; i++) expect((await fetch(server.url + '/no/such/page')).status).toBe(404);
  });

  it('renders the cookie banner only for visitors who have not answered', async () => {
    const fresh = await (await fetch(server.url + '/contact')).text();
    const answered = await (await fetch(server.url + '/contact', { headers: { cookie: 'showroom_cookie_consent=accepted' } })).text();
    expect(fresh).toContain('Accept all');
    expect(answered).not.toContain('Accept all');
  });
});
