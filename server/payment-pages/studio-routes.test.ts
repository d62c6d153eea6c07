/**
 * The studio's Payment pages for an admin: each payment method with how it takes the card and the
 * SAQ that implies (the store's the heaviest of those in use), each page's headers, and the dated
 * evidence for an assessor, as JSON and as a page, listing every script of the payment pages with
 * its reason and its hash; the export is in the audit log. (Who may not: server/security/payment-pages.test.ts.)
 *
 * @engines sqlite: what is read is the build's and the content's; the queries are plain reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { readClientAssets } from '../ssr/client-assets';
import { clientDir } from '../build-output';

let server: TestServer;
let admin: { headers: Record<string, string>; email: string };
beforeAll(async () => {
  // PayPal's keys set: the demo store's PayPal method is enabled for the checkout and the quote payment.
  server = await startTestServer({ PAYPAL_CLIENT_ID: 'pp-client', PAYPAL_CLIENT_SECRET: 'pp-secret' });
  admin = await signInOperator(server, 'admin');
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string) => fetch(new URL(path, server.url), { headers: admin.headers });

describe("the studio's Payment pages", () => {
  it('shows each method with its SAQ, and the store’s SAQ from the methods in use', async () => {
    const res = await get('/api/studio/payment-pages');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.storeSaq).toBe('A');
    const byName = Object.fromEntries(data.methods.map((m: Record<string, unknown>) => [m.name, m]));
    expect(byName.paypal).toMatchObject({ enabled: true, configured: true, integration: 'paypal-buttons', integrationLabel: 'PayPal buttons (SAQ A)', saq: 'A' });
    expect(byName.authorizenet).toMatchObject({ enabled: false, configured: false, integration: 'authorizenet-accept-hosted', integrationLabel: 'Authorize.net Accept Hosted: the customer pays on Authorize.net’s page (SAQ A)', saq: 'A' });
    expect(byName.card).toMatchObject({ integration: 'test-card-fields', saq: 'none' });
    const checkout = data.pages.find((p: { path: string }) => p.path === '/checkout');
    expect(checkout.integrations).toEqual(['test-card-fields', 'paypal-buttons']);
    expect(checkout.headers['Content-Security-Policy']).toContain('https://www.paypal.com');
    const split = data.pages.find((p: { path: string }) => p.path === '/order/split-payment');
    expect(split.headers['Content-Security-Policy']).not.toContain('https://www.paypal.com');
  });

  it('gives the dated evidence with every script of the payment pages, its reason and its hash, and audits the export', async () => {
    const inventory = readClientAssets(clientDir).inventory!;
    const json = await get('/api/studio/payment-pages/evidence?format=json');
    expect(json.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(json.headers.get('content-disposition')).toContain(`payment-pages-evidence-${today}.json`);
    const evidence = await json.json();
    expect(evidence.overview.inventory.firstParty).toEqual(inventory.firstParty);
    for (const s of evidence.overview.inventory.firstParty) expect(s).toMatchObject({ integrity: expect.stringMatching(/^sha384-/), reason: expect.any(String), owner: expect.any(String) });

    const html = await get('/api/studio/payment-pages/evidence?format=html');
    expect(html.headers.get('content-disposition')).toContain(`payment-pages-evidence-${today}.html`);
    const page = await html.text();
    for (const s of inventory.firstParty) {
      expect(page).toContain(s.url);
      expect(page).toContain(s.integrity);
    }
    expect(page).toContain('PayPal buttons (SAQ A)');
    expect(page).not.toMatch(/<script/i);
    const audit = await server.q.all(server.q.db.selectFrom('studio_audit').select(['operator_email', 'detail']).where('action', '=', 'payment_pages.evidence_exported'));
    expect(audit).toEqual([
      { operator_email: admin.email, detail: 'payment pages evidence as json' },
      { operator_email: admin.email, detail: 'payment pages evidence as html' },
    ]);
  });
});
