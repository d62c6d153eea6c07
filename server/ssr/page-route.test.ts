/**
 * @engines sqlite: pages are rendered the same on any engine.
 */
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

  it("answers routes.json's redirects with a real 301, keeping the query", async () => {
    const res = await fetch(server.url + '/my-account/addresses/add/?from=mail', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/my-account/address/new?from=mail');
  });

  it('sends a visitor without a session cookie from an account page to sign in, and renders the frame for one with a cookie', async () => {
    const res = await fetch(server.url + '/my-account/orders?page=2', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/my-account/login?returnTo=%2Fmy-account%2Forders%3Fpage%3D2');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The page itself checks the session (an ended one gets 401 from the API and goes to sign in).
    const framed = await fetch(server.url + '/my-account/orders', { headers: { cookie: 'showroom_session=whatever' } });
    expect(framed.status).toBe(200);
    expect(await framed.text()).toContain('Loading your orders…');
    // The sign-in pages themselves are open, and the reset page sends no referrer.
    expect((await fetch(server.url + '/my-account/login', { redirect: 'manual' })).status).toBe(200);
    const reset = await fetch(server.url + '/my-account/reset-password?token=abc', { redirect: 'manual' });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it("writes no link token (nor a route's secret parameters) into a page's HTML, and caches the page without it", async () => {
    for (const path of ['/quote/payment?quoteId=1&token=SECRET', '/my-account/reset-password?token=SECRET', '/order/split-payment?orderId=100000001&email=secret.payer%40example.com']) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toMatch(/SECRET|secret\.payer/i);
      // The islands still get the rest of the URL.
      expect(html).toContain(`"url":"${path.replace(/[?&](token|email)=[^&]*/, '')}"`);
    }
    // The cache key is the URL without the token: another token gets the very same page, so the
    // cache holds one copy, and no token.
    // Tokens no hash or chunk name of the page could hold by chance (a payment page's import map lists SHA-384s).
    const a = await (await fetch(server.url + '/quote/payment?quoteId=2&token=first_link_token')).text();
    const b = await (await fetch(server.url + '/quote/payment?token=second_link_token&quoteId=2')).text();
    expect(a).toBe(b);
    expect(a).not.toMatch(/first_link_token|second_link_token/);
  });

  it('refuses account forms at /api/forms/{name}: their values (passwords) are never stored as a submission', async () => {
    const res = await fetch(server.url + '/api/forms/account-sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ formData: { email: 'a@b.co', password: 'secret-secret' }, honeypot: '' }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('form_not_found');
  });
});

describe("a page's largest paint is asked for first", () => {
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it("preloads the banner's picture in the head, before the scripts, at high priority (home, a title band)", async () => {
    for (const [path, image] of [
      ['/', '/images/banner-home.svg'],
      ['/order-samples', '/images/pages/samples-feature.svg'],
    ] as const) {
      const head = headOf(await (await fetch(server.url + path)).text());
      const preload = head.search(new RegExp(`<link rel="preload" (?=[^>]*href="${image}")(?=[^>]*as="image")(?=[^>]*fetchPriority="high")[^>]*/>`));
      expect(preload, path).toBeGreaterThan(head.indexOf('<link rel="stylesheet"'));
      expect(preload, path).toBeLessThan(head.indexOf('<link rel="modulepreload"'));
    }
  });

  it("loads the first card's picture of a listing at once, the others when scrolled to", async () => {
    const html = await (await fetch(server.url + '/products/kitchen-cabinets')).text();
    const cards = [...html.matchAll(/<article class="style-card">.*?<img [^>]*loading="(\w+)"/gs)].map((m) => m[1]);
    expect(cards.length).toBeGreaterThan(2);
    expect(cards).toEqual(['eager', ...cards.slice(1).map(() => 'lazy')]);
  });
});
