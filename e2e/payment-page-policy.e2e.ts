/**
 * The payment pages' policy in Chromium. Each page (a checkout with samples in the cart and its
 * card form, a quote payment opened by its link, the split payment) loads with its own policy and
 * nothing is refused or reported. Then an attacker who can change what the store serves (a
 * compromised proxy, a file replaced on the server) adds an inline script without the nonce, a
 * skimmer from another origin, and alters the store's own checkout chunk: each is blocked, each
 * kind is reported, stored and counted, and the admins are mailed once per kind however often it
 * happens.
 *
 * The store runs on http://localhost here, so Chromium sends the reports by report-uri (report-to,
 * for HTTPS, is read by the server from the same route: server/payment-pages/violation-routes.test.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBrowser, watchConsole, closeContextsAfterAll } from './browser';
import { withSamplesInCart } from './checkout-journey-kit';
import { createQuoteLink } from './quote-journey-kit';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { scaledMs } from '../scripts/test-calibration';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ ADMIN_EMAILS: 'owner@example.com' }), workerBrowser()]);
});
closeContextsAfterAll();
afterAll(async () => {
  await server?.stop();
});

const kinds = () => server.q.all(server.q.db.selectFrom('payment_page_violation').select(['type', 'page', 'directive', 'blocked', 'count']).orderBy('kind_key'));
const alerts = () => server.q.all(server.q.db.selectFrom('mail_outbox').select(['recipient', 'subject']).where('type', '=', 'payment-page-violation'));

async function opened(path: string, setUp?: (page: Page) => Promise<void>): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext();
  await withSamplesInCart(context, 2);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await setUp?.(page);
  const response = await page.goto(new URL(path, server.url).href);
  expect(response?.headers()['content-security-policy']).toMatch(/report-uri \/api\/payment-pages\/reports/);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, problems };
}

describe('the payment pages under their policy', () => {
  it('load and take a card with nothing refused or reported: checkout, quote payment, split payment', async () => {
    const link = await createQuoteLink(server);
    for (const path of ['/checkout', link.pathname + link.search, '/order/split-payment']) {
      const { page, problems } = await opened(path);
      // The payment form loads its gateway's client (another chunk) once a method is shown.
      if (path !== '/order/split-payment') await page.getByLabel('Card number').waitFor();
      // Until the network is quiet: a report of a late violation would have been sent by then.
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
    expect(await kinds()).toEqual([]);
  });

  it('blocks and reports an inline script without the nonce, a script of another origin and an altered store file; mails the admins once per kind', async () => {
    const inject = async (page: Page) => {
      await page.route(`${server.url}/checkout`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('</body>', '<script>window.skimmed = true</script><script src="https://skimmer.example/card.js"></script></body>');
        await route.fulfill({ response, body: html });
      });
      await page.route(/\/assets\/CheckoutBlock-[\w-]+\.js$/, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: `${await response.text()}\n;window.skimmed = true;` });
      });
      await page.route('https://skimmer.example/**', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.skimmed = true' }));
    };
    for (let visit = 0; visit < 2; visit++) {
      const { page } = await opened('/checkout', inject);
      expect(await page.evaluate(() => (window as { skimmed?: boolean }).skimmed)).toBeUndefined();
      // The altered checkout never hydrates: the page stays the server's HTML.
      await expect.poll(() => kinds().then((k) => k.reduce((n, r) => n + r.count, 0)), { timeout: scaledMs(15_000) }).toBe(3 * (visit + 1));
      await page.context().close();
    }
    const stored = await kinds();
    expect(stored.map((k) => ({ ...k, blocked: k.blocked.replace(/-[\w-]+\.js$/, '.js') }))).toEqual([
      { type: 'csp', page: '/checkout', directive: 'script-src-elem', blocked: 'https://skimmer.example', count: 2 },
      { type: 'csp', page: '/checkout', directive: 'script-src-elem', blocked: 'inline', count: 2 },
      { type: 'integrity', page: '/checkout', directive: 'integrity', blocked: '/assets/CheckoutBlock.js', count: 2 },
    ]);
    const mails = await alerts();
    expect(mails).toHaveLength(3);
    expect(mails.every((m) => m.recipient === 'owner@example.com')).toBe(true);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Payment pages: a changed script was blocked on /checkout', 'Payment pages: a script was blocked on /checkout', 'Payment pages: a script was blocked on /checkout']);
  });
});
