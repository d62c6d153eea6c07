import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
