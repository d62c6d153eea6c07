/**
 * Attacker: "a stored or reflected script would run freely, the site can be framed for clickjacking,
 * a JSON answer can be sniffed as HTML, the referrer leaks tokens in URLs, and the development
 * server shows every customer's mail to anyone on the network."
 *
 * @engines sqlite: headers are the HTTP layer's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function directives(csp: string | null): Map<string, string[]> {
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  return new Map(csp!.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));
}

const PROVIDER_HOSTS = ['https://js.stripe.com', 'https://www.paypal.com', 'https://js.authorize.net', 'https://jstest.authorize.net'];

describe('headers on every answer', () => {
  it.each(['/', '/api/health', '/api/quote?quoteId=1&token=x', '/widgets/showroom.js', '/no-such-page', '/schemas/page.schema.json'])('%s: nosniff, a referrer policy, no framing by others', async (path) => {
    const res = await fetch(server.url + path);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Plain http: HSTS would mean nothing.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('the quote link page, whose address carries its token, sends no referrer at all', async () => {
    const res = await fetch(`${server.url}/quote/payment?quoteId=1&token=secret-token`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('HSTS once PUBLIC_URL is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://shop.example.com' });
    try {
      // It listens on plain http behind the (imagined) TLS proxy; PUBLIC_URL says what visitors use.
      for (const path of ['/', '/api/health']) {
        const res = await fetch(https.listenUrl + path);
        expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
      }
    } finally {
      await https.stop();
    }
  });
});

describe('Content-Security-Policy on pages', () => {
  it('a content page: scripts from the site only, no eval, no inline script, no plugins, no foreign base or framing', async () => {
    const res = await fetch(`${server.url}/`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    for (const host of PROVIDER_HOSTS) expect(csp.get('script-src')).not.toContain(host);
  });

  it('the page itself needs no inline script: every <script> has a src or is data', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toMatch(/\bsrc=|type="application\/(?:ld\+)?json"/);
  });

  it.each(['/checkout', '/quote/payment', '/order/split-payment'])('%s: its own files by exact URL with their integrity, no provider the store does not offer, reports sent to the store', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    const csp = directives(res.headers.get('content-security-policy'));
    const scripts = csp.get('script-src')!;
    expect(scripts).not.toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    // Only the test gateway has its keys here: no provider's script may load.
    for (const host of PROVIDER_HOSTS) expect(scripts).not.toContain(host);
    const html = await res.text();
    const entry = /<script type="module" src="([^"]+)" integrity="(sha384-[^"]+)"><\/script>/.exec(html);
    expect(entry, 'the entry script carries its integrity').toBeTruthy();
    expect(scripts).toContain(server.url + entry![1]);
    expect(csp.get('frame-src')).toContain('https:');
    expect(csp.get('report-uri')).toEqual(['/api/payment-pages/reports']);
    // Over http the Reporting API sends nothing, so report-uri alone (report-to over HTTPS: payment-page-policy.test.ts).
    expect(csp.get('report-to')).toBeUndefined();
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it("each payment page allows only the origins of the gateways it offers: PayPal's on the checkout, none on the split payment, which PayPal does not serve", async () => {
    const withPayPal = await startTestServer({ PAYPAL_CLIENT_ID: 'pp-client', PAYPAL_CLIENT_SECRET: 'pp-secret' });
    try {
      const checkout = directives((await fetch(`${withPayPal.url}/checkout`)).headers.get('content-security-policy'));
      expect(checkout.get('script-src')).toContain('https://www.paypal.com');
      for (const host of PROVIDER_HOSTS.filter((h) => h !== 'https://www.paypal.com')) expect(checkout.get('script-src')).not.toContain(host);
      const split = directives((await fetch(`${withPayPal.url}/order/split-payment`)).headers.get('content-security-policy'));
      for (const host of PROVIDER_HOSTS) expect(split.get('script-src')).not.toContain(host);
    } finally {
      await withPayPal.stop();
    }
  });

  it('the dealer example page has a strict policy too: its own origin and the store, no inline, no hash', async () => {
    const res = await fetch(`${server.dealerUrl}/`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'", server.url]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|sha256-/);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the development server is not on the network', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('/dev/mail answers a browser on this machine, not a request a proxy forwarded', async () => {
    const local = await fetch(`${server.url}/dev/mail`);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('Dev mailbox');
    const forwarded = await fetch(`${server.url}/dev/mail`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
    expect(await forwarded.text()).not.toContain('Dev mailbox');
  });

  it('/dev/mail refuses a remote client seen through a trusted proxy', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: 'loopback' });
    try {
      const res = await fetch(`${proxied.url}/dev/mail`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
      expect(res.status).toBe(403);
    } finally {
      await proxied.stop();
    }
  });
});
