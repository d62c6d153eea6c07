/**
 * A quote paid on the real quote page with Stripe and with PayPal (issue 12, "Done when"): the
 * providers' scripts are the local stand-ins (e2e/stand-ins) served at their real URLs, their API
 * hosts are sent to the fake providers the contract tests use, and the shop runs with those fakes
 * and the page's own CSP (which must allow the provider hosts). Each payment converts the quote
 * into exactly one order, ordered, with one completed payment of the provider's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../server/gateways/fakes/fake-paypal';
import { startFakeStripe, type FakeStripe } from '../server/gateways/fakes/fake-stripe';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { launchBrowser, watchConsole } from './browser';
import { createQuoteLink, quoteRecord } from './quote-journey-kit';

const here = path.dirname(new URL(import.meta.url).pathname);
const PUBLISHABLE_KEY = 'pk_test_e2e_quote';
const PAYPAL_CLIENT_ID = 'AcLientIdForQuoteJourneys';

let server: TestServer;
let browser: Browser;
let stripe: FakeStripe;
let paypal: FakePayPal;
let contentDir: string;

/** The example site with its Stripe method switched on (it ships off until the keys are set). */
function contentWithStripe(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-quote-providers-'));
  fs.cpSync(process.env.CONTENT_DIR ?? 'examples/site', dir, { recursive: true });
  const file = path.join(dir, 'payment-methods.json');
  const methods = JSON.parse(fs.readFileSync(file, 'utf8')) as { paymentMethods: Array<{ gateway: string; enabled: boolean }> };
  for (const m of methods.paymentMethods) if (m.gateway === 'stripe') m.enabled = true;
  fs.writeFileSync(file, JSON.stringify(methods, null, 2));
  return dir;
}

beforeAll(async () => {
  contentDir = contentWithStripe();
  [stripe, paypal] = await Promise.all([startFakeStripe({ publishableKey: PUBLISHABLE_KEY }), startFakePayPal({ clientId: PAYPAL_CLIENT_ID, clientSecret: 'quote-secret' })]);
  [server, browser] = await Promise.all([
    startTestServer({
      CONTENT_DIR: contentDir,
      STRIPE_SECRET_KEY: 'sk_test_e2e_quote',
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_quote',
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: 'quote-secret',
      PAYPAL_API_BASE: paypal.url,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
  await paypal?.close();
  if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
});

/** Forwards a browser request for a provider host to its fake, keeping path, query and body. */
async function forward(route: Route, fakeBase: string): Promise<void> {
  const url = new URL(route.request().url());
  const response = await route.fetch({ url: fakeBase + url.pathname + url.search });
  await route.fulfill({ response });
}

/** A browser page where the providers' script URLs serve the stand-ins and their API hosts reach the fakes. */
async function providerPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const problems = watchConsole(page);
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) problems.push(`csp: ${msg.text()}`);
  });
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(path.join(here, 'stand-ins/stripe-js.js'), 'utf8') }));
  await page.route('https://www.paypal.com/sdk/js**', (route) => route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(path.join(here, 'stand-ins/paypal-sdk.js'), 'utf8') }));
  await page.route('https://api.stripe.com/**', (route) => forward(route, stripe.url));
  await page.route('https://www.paypal.com/checkoutnow**', (route) => forward(route, paypal.url));
  return { page, problems };
}

async function openQuote(page: Page, link: URL, method: string): Promise<void> {
  await page.goto(link.href);
  await page.getByRole('heading', { name: /^Quote #Q\d+ \(PO PO-2026-0142\)$/ }).waitFor();
  await page.getByRole('radio', { name: new RegExp(`^${method.replace(/[()]/g, '\\$&')}`) }).check();
}

describe('a quote paid with a provider on its page', () => {
  it('Stripe: the Payment Element stand-in pays the quote through the fake Stripe, into one order', async () => {
    const link = createQuoteLink(server);
    const quoteId = Number(link.searchParams.get('quoteId'));
    const { page, problems } = await providerPage();
    await openQuote(page, link, 'Card (Stripe)');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL(`${server.url}/order/success`);

    const stored = quoteRecord(server, quoteId);
    expect(stored.orders).toHaveLength(1);
    expect(stored.orders[0]).toMatchObject({ status: 'ordered', total_cents: 1008453 });
    expect(stored.payments.map((p) => [p.status, p.gateway, p.amount_cents])).toEqual([['completed', 'stripe', 1008453]]);
    const intents = [...stripe.intents.values()].filter((i) => (i.metadata as Record<string, unknown> | undefined)?.quoteId === String(quoteId));
    expect(intents.map((i) => [i.status, i.amount])).toEqual([['succeeded', 1008453]]);
    await page.locator('.sr-order-success-block strong', { hasText: stored.orders[0]!.increment_id }).waitFor();
    expect(stripe.violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('PayPal: the buyer approves in the SDK stand-in, the capture pays the quote, into one order', async () => {
    const link = createQuoteLink(server);
    const quoteId = Number(link.searchParams.get('quoteId'));
    const { page, problems } = await providerPage();
    await openQuote(page, link, 'PayPal');
    // PayPal's own buttons replace Pay Now.
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.waitForURL(`${server.url}/order/success`);

    const stored = quoteRecord(server, quoteId);
    expect(stored.orders).toHaveLength(1);
    expect(stored.orders[0]).toMatchObject({ status: 'ordered', total_cents: 1008453 });
    expect(stored.payments.map((p) => [p.status, p.gateway, p.amount_cents])).toEqual([['completed', 'paypal', 1008453]]);
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await page.locator('.sr-order-success-block strong', { hasText: stored.orders[0]!.increment_id }).waitFor();
    expect(paypal.violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
