/**
 * @engines sqlite: the app's routes and answers, whatever the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server';
import { WIDGETS_MAJOR, WIDGETS_VERSION } from '../widgets/widgets-version';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the main site', () => {
  it('renders the home page on the server, with its content and head tags', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Kitchens built to gather around<\/h1>/);
    expect(html).toMatch(/<h3[^>]*>Kitchen Cabinets<\/h3>/);
    expect(html).toContain('<title>Kitchen Cabinets, Countertops &amp; Flooring | Oak &amp; Hearth Cabinetry</title>');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/">`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toMatch(/<script type="module" src="\/assets\/entry-client-[\w-]+\.js">/);
    expect(html).toContain('Accept all');
  });

  it('leaves the cookie banner out once the visitor has chosen', async () => {
    const html = await (await fetch(`${server.url}/`, { headers: { Cookie: 'showroom_cookie_consent=accepted' } })).text();
    expect(html).not.toContain('Accept all');
  });

  it('answers an unknown path with the not-found page and status 404', async () => {
    const res = await fetch(`${server.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('We couldn&#x27;t find that page');
  });

  it('serves the client assets, the images and the widget loader', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const css = html.match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
    const cssRes = await fetch(server.url + css);
    expect(cssRes.status).toBe(200);
    expect(cssRes.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/images/banner-home.svg`)).headers.get('content-type')).toContain('image/svg+xml');
    const loader = await fetch(`${server.url}/widgets/showroom.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('access-control-allow-origin')).toBe('*');
    const loaderText = await loader.text();
    expect(loaderText).toContain('showroom-payment-methods');
    // The same build under its major version, the path dealers copy; the version is built into the loader.
    const versioned = await fetch(`${server.url}/widgets/v${WIDGETS_MAJOR}/showroom.js`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('access-control-allow-origin')).toBe('*');
    expect(await versioned.text()).toBe(loaderText);
    expect(loaderText).toContain(WIDGETS_VERSION);
    const element = await fetch(`${server.url}/widgets/v${WIDGETS_MAJOR}/esm/order-samples.js`);
    expect(element.status).toBe(200);
    expect(element.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${server.url}/widgets/v${WIDGETS_MAJOR}/custom-elements.json`)).status).toBe(200);
    expect((await fetch(`${server.url}/widgets/v9/showroom.js`)).status).toBe(404);
  });

  it('publishes the definition schemas', async () => {
    const res = await fetch(`${server.url}/schemas/page.schema.json`);
    expect(res.status).toBe(200);
    expect((await res.json()).$id).toBe('https://showroom.dev/schemas/page.schema.json');
  });
});

describe('the API', () => {
  it('reports health with the database checked', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('lists the enabled payment methods of the definition, default first-flagged', async () => {
    const res = await fetch(`${server.url}/api/payment-methods`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.paymentMethods.map((m: { name: string }) => m.name)).toEqual(['card', 'paypal']);
    expect(body.paymentMethods.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1);
    expect(body.paymentMethods[0]).toMatchObject({ name: 'card', title: 'Credit or debit card', isDefault: true });
  });

  it('filters payment methods by scope', async () => {
    const body = await (await fetch(`${server.url}/api/payment-methods?scope=complete-order-payment`)).json();
    expect(body.paymentMethods.map((m: { name: string }) => m.name)).toEqual(['card']);
  });

  it('refuses an unknown scope with the error shape', async () => {
    const res = await fetch(`${server.url}/api/payment-methods?scope=free-stuff`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_scope',
      message: 'Unknown payment scope.',
      fields: { scope: 'Must be one of sample-order, convert-to-order, complete-order-payment' },
    });
  });

  it('answers an unknown endpoint with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No such API endpoint.' });
  });

  it('gives CORS permission to the dealer example origin only', async () => {
    const dealerOrigin = new URL(server.dealerUrl).origin;
    const allowed = await fetch(`${server.url}/api/payment-methods`, { headers: { Origin: dealerOrigin } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(dealerOrigin);
    const refused = await fetch(`${server.url}/api/payment-methods`, { headers: { Origin: 'https://evil.example' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.url}/api/payment-methods`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the dealer example', () => {
  it('loads the widget loader from the main origin', async () => {
    const html = await (await fetch(`${server.dealerUrl}/`)).text();
    expect(html).toContain(`<script src="${server.url}/widgets/v1/showroom.js" defer></script>`);
    expect(html).toContain('<showroom-payment-methods scope="sample-order">');
    expect(html).toContain('<showroom-order-samples dealer="demo-dealer"');
  });

  it('serves its own stylesheet and script as files under a CSP without inline or eval', async () => {
    const page = await fetch(`${server.dealerUrl}/`);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' ${server.url}`);
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|sha256-/);
    expect((await page.text())).not.toMatch(/<style|<script>/);
    const css = await fetch(`${server.dealerUrl}/dealer.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const js = await fetch(`${server.dealerUrl}/dealer.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toContain('showroom:sample-added');
  });

  it("serves its checkout and thank-you pages with the dealer site's own URL filled in, under the same CSP", async () => {
    for (const name of ['checkout.html', 'thank-you.html']) {
      const page = await fetch(`${server.dealerUrl}/${name}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|sha256-/);
      const html = await page.text();
      expect(html).toContain(`<script src="${server.url}/widgets/v1/showroom.js" defer></script>`);
      expect(html).not.toMatch(/%[A-Z_]+%|<style|<script>/);
    }
    const checkout = await (await fetch(`${server.dealerUrl}/checkout.html`)).text();
    expect(checkout).toContain(`<showroom-checkout dealer="demo-dealer" success-url="${server.dealerUrl}/thank-you.html"`);
    const index = await (await fetch(`${server.dealerUrl}/`)).text();
    expect(index).toContain(`checkout-url="${server.dealerUrl}/checkout.html"`);
  });

  it('serves nothing outside its folder', async () => {
    expect((await fetch(`${server.dealerUrl}/..%2Fpackage.json`)).status).toBe(404);
  });
});
