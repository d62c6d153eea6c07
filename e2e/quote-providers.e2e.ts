/**
 * A quote paid on the real quote page with Stripe and with PayPal: the
 * providers' scripts are the local stand-ins (e2e/stand-ins) served at their real URLs, their API
 * hosts are sent to the fake providers the contract tests use, and the shop runs with those fakes
 * and the page's own CSP (which must allow the provider hosts). Each payment converts the quote
 * into exactly one order, ordered, with one completed payment of the provider's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { workerBrowser, closeContextsAfterAll } from './browser';
import { routeProviders, startFakeProviders, type FakeProviders } from './provider-stand-ins';
import { createQuoteLink, quoteRecord } from './quote-journey-kit';
import { waitForOrderSuccess } from './order-success';

let server: TestServer;
let browser: Browser;
let providers: FakeProviders;
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

closeContextsAfterAll();
beforeAll(async () => {
  contentDir = contentWithStripe();
  providers = await startFakeProviders('quote', 'AcLientIdForQuoteJourneys');
  [server, browser] = await Promise.all([startTestServer({ CONTENT_DIR: contentDir, ...providers.env }), workerBrowser()]);
});
afterAll(async () => {
  await server?.stop();
  await providers?.close();
  if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
});

/** A phone-sized page where the providers' script URLs serve the stand-ins and their API hosts reach the fakes. */
async function providerPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  return { page, problems: await routeProviders(page, providers) };
}

async function openQuote(page: Page, link: URL, method: string): Promise<void> {
  await page.goto(link.href);
  await page.getByRole('heading', { name: /^Quote #Q\d+ \(PO PO-2026-0142\)$/ }).waitFor();
  await page.getByRole('radio', { name: new RegExp(`^${method.replace(/[()]/g, '\\$&')}`) }).check();
}

describe('a quote paid with a provider on its page', () => {
  it('Stripe: the Payment Element stand-in pays the quote through the fake Stripe, into one order', async () => {
    const link = await createQuoteLink(server);
    const quoteId = Number(link.searchParams.get('quoteId'));
    const { page, problems } = await providerPage();
    await openQuote(page, link, 'Card (Stripe)');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await waitForOrderSuccess(page, server.url);

    const stored = await quoteRecord(server, quoteId);
    expect(stored.orders).toHaveLength(1);
    expect(stored.orders[0]).toMatchObject({ status: 'ordered', total_cents: 980730 });
    expect(stored.payments.map((p) => [p.status, p.gateway, p.amount_cents])).toEqual([['completed', 'stripe', 980730]]);
    const intents = [...providers.stripe.intents.values()].filter((i) => (i.metadata as Record<string, unknown> | undefined)?.quoteId === String(quoteId));
    expect(intents.map((i) => [i.status, i.amount])).toEqual([['succeeded', 980730]]);
    await page.locator('.sr-order-success-block strong', { hasText: stored.orders[0]!.increment_id }).waitFor();
    expect(providers.stripe.violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('PayPal: the buyer approves in the SDK stand-in, the capture pays the quote, into one order', async () => {
    const link = await createQuoteLink(server);
    const quoteId = Number(link.searchParams.get('quoteId'));
    const { page, problems } = await providerPage();
    await openQuote(page, link, 'PayPal');
    // PayPal's own buttons replace Pay Now.
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await waitForOrderSuccess(page, server.url);

    const stored = await quoteRecord(server, quoteId);
    expect(stored.orders).toHaveLength(1);
    expect(stored.orders[0]).toMatchObject({ status: 'ordered', total_cents: 980730 });
    expect(stored.payments.map((p) => [p.status, p.gateway, p.amount_cents])).toEqual([['completed', 'paypal', 980730]]);
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await page.locator('.sr-order-success-block strong', { hasText: stored.orders[0]!.increment_id }).waitFor();
    expect(providers.paypal.violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
