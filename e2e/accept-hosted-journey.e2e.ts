/**
 * Authorize.net Accept Hosted (redirect), Authorize.net's default, in Chromium: the checkout and the
 * quote payment post the form token to the fake Authorize.net's hosted page (its address given as
 * AUTHORIZE_NET_HOSTED_FORM_URL, so the payment pages' policy lets the form go there and nowhere
 * else), the card is typed there, and Authorize.net's redirect brings the customer back to the
 * verify page, which has the store find and record the payment. Coming back to that address a
 * second time records nothing more. A store that chooses the form in a frame: the customer pays in
 * Authorize.net's form inside the checkout, whose messages reach the page through the store's
 * communicator, and the transaction it names is recorded once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../server/build-output';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../server/gateways/fakes/fake-authorize-net';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { closeContextsAfterAll, watchConsole, workerBrowser } from './browser';
import { buyer, fillBilling, storedOrders, withSamplesInCart } from './checkout-journey-kit';
import { screenshotsDir } from './phone-and-laptop';
import { createQuoteLink, quoteRecord } from './quote-journey-kit';

const ANET = { loginId: 'hosted-journey', transactionKey: 'hosted-key-1234' };
let server: TestServer;
let browser: Browser;
let anet: FakeAuthorizeNet;
let contentDir: string;

/** The example site with its Authorize.net method switched on, as it ships otherwise (Accept Hosted by default), or with `integration` chosen. */
function contentWithAuthorizeNet(integration?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-accept-hosted-'));
  fs.cpSync(process.env.CONTENT_DIR ?? path.join(projectRoot, 'examples', 'site'), dir, { recursive: true });
  const file = path.join(dir, 'payment-methods.json');
  const methods = JSON.parse(fs.readFileSync(file, 'utf8')) as { paymentMethods: Array<{ gateway: string; enabled: boolean; integration?: string }> };
  for (const m of methods.paymentMethods) if (m.gateway === 'authorizenet') Object.assign(m, { enabled: true }, integration ? { integration } : {});
  fs.writeFileSync(file, JSON.stringify(methods, null, 2));
  return dir;
}

const anetEnv = (contentDir: string) => ({
  CONTENT_DIR: contentDir,
  AUTHORIZE_NET_LOGIN_ID: ANET.loginId,
  AUTHORIZE_NET_TRANSACTION_KEY: ANET.transactionKey,
  AUTHORIZE_NET_CLIENT_KEY: 'hosted-client',
  AUTHORIZE_NET_API_BASE: anet.url,
  AUTHORIZE_NET_HOSTED_FORM_URL: anet.hostedFormUrl,
});

closeContextsAfterAll();
beforeAll(async () => {
  contentDir = contentWithAuthorizeNet();
  anet = await startFakeAuthorizeNet(ANET);
  [server, browser] = await Promise.all([
    startTestServer(anetEnv(contentDir)),
    workerBrowser(),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await anet?.close();
  if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
});

/** On Authorize.net's page (the fake's): the card typed, Pay pressed; answers where it sent the customer back. */
async function payOnAuthorizeNet(page: Page): Promise<string> {
  await page.waitForURL(`${anet.hostedFormUrl}`);
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration').fill('1230');
  await page.getByLabel('Card Code').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/order\/success$/);
  return `${server.url}/payment/verify/authorizenet?return=accept-hosted`;
}

describe('Authorize.net Accept Hosted', () => {
  it('a checkout: the customer pays on Authorize.net\'s page and comes back to a paid order, once however often they return', async () => {
    const email = 'hosted.checkout@example.com';
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await withSamplesInCart(context, 1);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/checkout`);
    await fillBilling(page, buyer(email));
    await page.getByRole('radio', { name: 'Card (Authorize.net)' }).check();
    // The hosted page's form has taken the place of the card fields the first method showed.
    await page.getByText('You will type your card on Authorize.net’s secure page, then come back here.').waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await page.getByRole('button', { name: 'Place Order' }).click();
    const back = await payOnAuthorizeNet(page);

    await page.goto(back);
    const orders = await storedOrders(server.databaseUrl, email);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe('ordered');
    expect(orders[0]!.payments).toEqual([expect.objectContaining({ gateway: 'authorizenet', status: 'completed' })]);
    expect(anet.violations).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
    await context.close();
  });

  it('a quote payment: Pay Now goes to Authorize.net\'s page, and the quote becomes one paid order', async () => {
    const link = await createQuoteLink(server);
    const quoteId = Number(link.searchParams.get('quoteId'));
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(link.href);
    await page.getByRole('radio', { name: /^Card \(Authorize\.net\)/ }).check();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const back = await payOnAuthorizeNet(page);
    await page.goto(back);

    const stored = await quoteRecord(server, quoteId);
    expect(stored.orders).toHaveLength(1);
    expect(stored.orders[0]).toMatchObject({ status: 'ordered' });
    expect(stored.payments.map((p) => [p.status, p.gateway, p.amount_cents])).toEqual([['completed', 'authorizenet', stored.orders[0]!.total_cents]]);
    expect(anet.violations).toEqual([]);
    await page.close();
  });

  it('in a frame, when the store chooses it: a phone pays in Authorize.net\'s form inside the checkout, and the order is paid once', async () => {
    const framedDir = contentWithAuthorizeNet('authorizenet-accept-hosted-iframe');
    const framed = await startTestServer(anetEnv(framedDir));
    try {
      const email = 'hosted.frame@example.com';
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: framed.url }]);
      await withSamplesInCart(context, 1);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${framed.url}/checkout`);
      await fillBilling(page, buyer(email));
      await page.getByRole('radio', { name: 'Card (Authorize.net)' }).check();
      await page.getByText('You will type your card in Authorize.net’s secure form, shown on this page.').waitFor();
      await page.getByRole('button', { name: 'Place Order' }).click();

      // Authorize.net's form (the fake's) in the checkout's frame; the page stays the store's.
      const form = page.frameLocator('iframe[title="Authorize.net secure payment form"]');
      await form.getByLabel('Card Number').fill('4111 1111 1111 1111');
      expect(new URL(page.url()).pathname).toBe('/checkout');
      // Sized by the form's resizeWindow message, relayed by the store's communicator.
      await expect.poll(async () => page.locator('iframe[title="Authorize.net secure payment form"]').evaluate((f) => f.style.height)).not.toBe('560px');
      await form.getByLabel('Expiration').fill('1230');
      await form.getByLabel('Card Code').fill('123');
      // The page waits for the card: no "processing" of its own while the form is shown.
      expect(await page.getByText('Processing your payment…').count()).toBe(0);
      await shoot(page, 'checkout-accept-hosted-iframe');
      await form.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/order\/success$/);

      const orders = await storedOrders(framed.databaseUrl, email);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.status).toBe('ordered');
      expect(orders[0]!.payments).toEqual([expect.objectContaining({ gateway: 'authorizenet', status: 'completed' })]);
      expect(anet.violations).toEqual([]);
      expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
      await context.close();
    } finally {
      await framed.stop();
      fs.rmSync(framedDir, { recursive: true, force: true });
    }
  });
});

/** The checkout's payment step with Authorize.net's form in its frame, at the phone's width and again at the laptop's (docs/payment-pages.md). */
async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotsDir, { recursive: true });
  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    // The chosen method at the top, below the sticky header.
    await page.getByRole('radio', { name: 'Card (Authorize.net)' }).evaluate((radio) => {
      radio.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -96);
    });
    // The frame of another origin paints in its own process: a frame of the page after it has laid out again.
    await page.frameLocator('iframe[title="Authorize.net secure payment form"]').getByLabel('Card Number').evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: path.join(screenshotsDir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}
