/**
 * The Stripe and PayPal browser clients in Chromium, against local stand-ins of Stripe.js and
 * PayPal's SDK (e2e/stand-ins, served at the providers' real script URLs by page.route) and the
 * fake providers the contract tests use (the server is configured with them; the stand-ins' own
 * calls to api.stripe.com and www.paypal.com are routed to them too). The page is the smallest
 * money page (stand-ins/payment-entry-harness.tsx) served at /checkout under the checkout's
 * directives for Stripe and PayPal (the harness's own files allowed as 'self'), paying orders created through the API; the server's verify then says what is stored.
 */
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, orderPayload } from '../server/api/commerce-test-kit';
import { AUTHENTICATION_PAGE } from '../server/gateways/fakes/fake-stripe';
import { pagePolicy } from '../server/http/content-security-policy';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { workerBrowser, closeContextsAfterAll } from './browser';
import { routeProviders, startFakeProviders, type FakeProviders } from './provider-stand-ins';
import type { Browser } from 'playwright-core';

const here = path.dirname(new URL(import.meta.url).pathname);
/** What startFakeProviders('clients') sets. */
const PUBLISHABLE_KEY = 'pk_test_e2e_clients';
const PAYPAL_CLIENT_ID = 'AcLientIdForBrowserTests';

let server: TestServer;
let browser: Browser;
let providers: FakeProviders;
/** The harness bundle by file name (an entry and one chunk per gateway client). */
let bundle: Map<string, string>;

async function buildHarness(): Promise<Map<string, string>> {
  const result = await build({
    entryPoints: { harness: path.join(here, 'stand-ins/payment-entry-harness.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: '/harness',
    write: false,
    jsx: 'automatic',
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((f) => [path.basename(f.path), f.text]));
}

closeContextsAfterAll();

/** What the checkout's policy allows Stripe's Payment Element and PayPal's buttons (server/payment-pages/payment-page-policy.ts). */
const PROVIDER_SOURCES = {
  script: ['https://js.stripe.com', 'https://www.paypal.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  connect: ['https://api.stripe.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
};
beforeAll(async () => {
  [providers, bundle] = await Promise.all([startFakeProviders('clients', PAYPAL_CLIENT_ID), buildHarness()]);
  [server, browser] = await Promise.all([startTestServer({ ...providers.env }), workerBrowser()]);
});
afterAll(async () => {
  await server?.stop();
  await providers?.close();
});

/** A page with the stand-ins at the providers' script URLs and their API hosts sent to the fakes. */
async function providerPage(config: Record<string, unknown>): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems = await routeProviders(page, providers);
  await page.route(`${server.url}/__harness/**`, (route) => {
    const file = bundle.get(path.basename(new URL(route.request().url()).pathname));
    return file ? route.fulfill({ contentType: 'text/javascript', body: file }) : route.fulfill({ status: 404, body: 'not found' });
  });
  await page.route(`${server.url}/checkout`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': pagePolicy([PROVIDER_SOURCES]) },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title></head><body>
<main><div id="harness"></div><output id="outcome"></output></main>
<script type="application/json" id="harness-config">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>
<script type="module" src="/__harness/harness.js"></script></body></html>`,
    }),
  );
  await page.goto(`${server.url}/checkout`);
  return { page, problems };
}

async function outcomes(page: Page, count: number): Promise<Array<Record<string, any>>> {
  await page.waitForFunction((n) => JSON.parse(document.getElementById('outcome')!.textContent || '[]').length >= n, count);
  return JSON.parse((await page.textContent('#outcome'))!);
}

async function newOrder() {
  const order = (await api(server.url, 'POST', '/api/order', orderPayload())).body;
  expect(order.accessToken).toBeTruthy();
  return {
    order,
    auth: { Authorization: `Bearer ${order.accessToken}` },
    target: { kind: 'order', orderId: order.id, incrementId: order.orderIncrementId, accessToken: order.accessToken, payer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' } },
  };
}

describe('the provider clients in Chromium', () => {
  it('Stripe: a declined card shows its message, then a good card pays the same order, and the server agrees', async () => {
    const { order, auth, target } = await newOrder();
    const method = { name: 'stripe-card', title: 'Card (Stripe)', enabled: true, gateway: 'stripe', configured: true, availableMethods: ['card'], config: { publishableKey: PUBLISHABLE_KEY } };
    const { page, problems } = await providerPage({ method, target, amountDue: order.total });

    const card = page.getByLabel('Card number');
    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const [declined] = await outcomes(page, 1);
    expect(declined).toEqual({ kind: 'failed', message: 'Your card was declined.' });

    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const [, paid] = await outcomes(page, 2);
    expect(paid).toMatchObject({ kind: 'paid', payment: { method: 'stripe-card', gateway: 'stripe', status: 'completed', amount: order.total } });
    const intentId = paid!.payment.transactionId as string;
    expect(providers.stripe.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount: Math.round(order.total * 100), metadata: { orderId: String(order.id), orderIncrementId: order.orderIncrementId } });

    const verified = await api(server.url, 'POST', '/api/payment/stripe/verify', { paymentIntentId: intentId }, auth);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, status: 'completed', orderStatus: 'ordered' });
    expect(providers.stripe.violations).toEqual([]);
    // Chromium logs the decline's 402 from api.stripe.com, as it would with Stripe; nothing else.
    expect(problems).toEqual(['error: Failed to load resource: the server responded with a status of 402 (Payment Required)']);
    await page.close();
  });

  it("Stripe: an incomplete card shows 'Payment details are required to continue.' and creates no intent", async () => {
    const { order, target } = await newOrder();
    const method = { name: 'stripe-card', title: 'Card (Stripe)', enabled: true, gateway: 'stripe', configured: true, config: { publishableKey: PUBLISHABLE_KEY } };
    const before = providers.stripe.intents.size;
    const { page } = await providerPage({ method, target, amountDue: order.total });
    await page.getByLabel('Card number').fill('4242 4242');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Payment details are required to continue.');
    expect(providers.stripe.intents.size).toBe(before);
    await page.close();
  });

  it("Stripe: a card that needs 3-D Secure leaves for the bank's page and returns to the verify page, which can finish it", async () => {
    const { order, target } = await newOrder();
    const method = { name: 'stripe-card', title: 'Card (Stripe)', enabled: true, gateway: 'stripe', configured: true, config: { publishableKey: PUBLISHABLE_KEY } };
    const { page } = await providerPage({ method, target, amountDue: order.total });
    // The bank's page: the customer passes the challenge and is sent back with Stripe's query.
    await page.route(`${AUTHENTICATION_PAGE}**`, (route) => {
      const intentId = new URL(route.request().url()).searchParams.get('payment_intent')!;
      const intent = providers.stripe.authenticate(intentId);
      const back = new URL(`${server.url}/payment/verify/stripe`);
      back.search = new URLSearchParams({ payment_intent: intentId, payment_intent_client_secret: String(intent.client_secret), redirect_status: 'succeeded' }).toString();
      return route.fulfill({ status: 302, headers: { Location: back.toString() } });
    });

    await page.getByLabel('Card number').fill('4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((url) => url.pathname === '/payment/verify/stripe');
    const back = new URL(page.url());
    const intentId = back.searchParams.get('payment_intent')!;
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(back.searchParams.get('payment_intent_client_secret')).toMatch(new RegExp(`^${intentId}_secret_`));
    // What the verify page reads to finish the payment: the target with the owner's proof.
    const pending = await page.evaluate(() => JSON.parse(sessionStorage.getItem('showroom:pending-payment') ?? 'null'));
    expect(pending).toEqual({ target, method: 'stripe-card' });

    const verified = await api(server.url, 'POST', '/api/payment/stripe/verify', { paymentIntentId: intentId }, { Authorization: `Bearer ${pending.target.accessToken}` });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, status: 'completed', orderStatus: 'ordered' });
    expect(providers.stripe.violations).toEqual([]);
    await page.close();
  });

  it("PayPal: the buyer approves in PayPal's window, the capture pays the order, and verify agrees", async () => {
    const { order, auth, target } = await newOrder();
    const listed = (await api(server.url, 'GET', '/api/payment-methods?scope=sample-order')).body.paymentMethods as Array<Record<string, any>>;
    const method = listed.find((m) => m.gateway === 'paypal')!;
    expect(method).toMatchObject({ configured: true, config: { clientId: PAYPAL_CLIENT_ID } });
    const { page, problems } = await providerPage({ method, target, amountDue: order.total });

    expect(await page.getByRole('button', { name: 'Place Order' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    const [paid] = await outcomes(page, 1);
    expect(paid).toMatchObject({ kind: 'paid', payment: { method: 'paypal', gateway: 'paypal', status: 'completed', amount: order.total } });
    expect(providers.paypal.orders.get(paid!.payment.transactionId)).toMatchObject({ status: 'COMPLETED' });

    const verified = await api(server.url, 'POST', '/api/payment/paypal/verify', { transactionId: paid!.payment.transactionId }, auth);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, status: 'completed' });
    expect(providers.paypal.violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("PayPal: a declined capture shows 'Failed to capture PayPal payment. Please try again.' and records no completed payment", async () => {
    const { order, auth, target } = await newOrder();
    const listed = (await api(server.url, 'GET', '/api/payment-methods?scope=sample-order')).body.paymentMethods as Array<Record<string, any>>;
    const { page } = await providerPage({ method: listed.find((m) => m.gateway === 'paypal'), target, amountDue: order.total });
    providers.paypal.declineNextCapture();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    const [declined] = await outcomes(page, 1);
    expect(declined).toEqual({ kind: 'failed', message: 'Failed to capture PayPal payment. Please try again.' });
    const stored = await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, auth);
    expect(stored.status).toBe(200);
    expect(stored.body.data.payments.filter((p: { status: string }) => p.status === 'completed')).toEqual([]);
    expect(stored.body.data.status).not.toBe('ordered');
    expect(providers.paypal.violations).toEqual([]);
    await page.close();
  });

  it('PayPal: a buyer who cancels is told nothing was charged, and the order stays unpaid', async () => {
    const { order, target } = await newOrder();
    const listed = (await api(server.url, 'GET', '/api/payment-methods?scope=sample-order')).body.paymentMethods as Array<Record<string, any>>;
    const { page } = await providerPage({ method: listed.find((m) => m.gateway === 'paypal'), target, amountDue: order.total });
    const button = page.getByRole('button', { name: 'Pay with PayPal' });
    await button.waitFor();
    await page.locator('.sr-paypal-buttons').evaluate((el) => el.setAttribute('data-buyer', 'cancels'));
    await button.click();
    const [cancelled] = await outcomes(page, 1);
    expect(cancelled).toEqual({ kind: 'failed', message: 'The PayPal payment was cancelled. You have not been charged.' });
    const created = [...providers.paypal.orders.values()].at(-1)!;
    expect(created.status).toBe('CREATED');
    await page.close();
  });
});
