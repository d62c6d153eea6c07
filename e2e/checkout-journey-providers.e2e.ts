/**
 * The checkout's provider paths on the main site's /checkout, in Chromium: the real block with its
 * real gateway clients, the providers' scripts replaced by the local stand-ins (e2e/stand-ins, served
 * at the providers' real URLs by page.route) and the store's server charging the fake providers the
 * contract tests use (the stand-ins' own calls to api.stripe.com and www.paypal.com go to them too).
 * Stripe and Authorize.net are disabled in the demo's payment methods until their keys are set, so
 * this shop runs on a copy of the content with every method enabled (CONTENT_DIR), configured by the
 * same environment variables as e2e/provider-clients.e2e.ts and e2e/card-clients.e2e.ts.
 * - Stripe: a good card; a declined card ('Your card was declined.'), then a good card, one order;
 * - PayPal: the buyer approves in PayPal's window;
 * - Authorize.net: the card tokenised by Accept.js in the browser, the card never sent to the store.
 * Each ends on /order/success with the order `ordered` and its completed payment in the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../server/build-output';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../server/gateways/fakes/fake-authorize-net';
import { startFakePayPal, type FakePayPal } from '../server/gateways/fakes/fake-paypal';
import { startFakeStripe, type FakeStripe } from '../server/gateways/fakes/fake-stripe';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { workerBrowser, watchConsole, closeContextsAfterAll } from './browser';
import { buyer, expectSuccessPage, fillBilling, storedOrders, typeTestCard, withSamplesInCart } from './checkout-journey-kit';
import { waitForOrderSuccess } from './order-success';

const standIns = path.join(projectRoot, 'e2e', 'stand-ins');
const PUBLISHABLE_KEY = 'pk_test_checkout_journey';
const PAYPAL_CLIENT_ID = 'CheckoutJourneyClientId';
const ACCEPT_JS_URL = 'https://jstest.authorize.net/v1/Accept.js';
const ANET = { loginId: 'journey-login', transactionKey: 'journey-txn-key', clientKey: 'journey-client-key' };

let server: TestServer;
let browser: Browser;
let stripe: FakeStripe;
let paypal: FakePayPal;
let anet: FakeAuthorizeNet;
let contentDir: string;

/** The shop's content with every payment method enabled (the demo enables Stripe and Authorize.net only with keys). */
function contentWithEveryMethod(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-journey-content-'));
  fs.cpSync(process.env.CONTENT_DIR ?? path.join(projectRoot, 'examples', 'site'), dir, { recursive: true });
  const file = path.join(dir, 'payment-methods.json');
  const definition = JSON.parse(fs.readFileSync(file, 'utf8')) as { paymentMethods: Array<{ enabled: boolean; gateway: string; integration?: string }> };
  for (const method of definition.paymentMethods) method.enabled = true;
  // Accept.js (SAQ A-EP) is the explicit choice this journey drives; Accept Hosted has its own (accept-hosted-journey.e2e.ts).
  for (const method of definition.paymentMethods) if (method.gateway === 'authorizenet') method.integration = 'accept-js';
  fs.writeFileSync(file, JSON.stringify(definition, null, 2));
  return dir;
}

closeContextsAfterAll();
beforeAll(async () => {
  contentDir = contentWithEveryMethod();
  [stripe, paypal, anet] = await Promise.all([
    startFakeStripe({ publishableKey: PUBLISHABLE_KEY }),
    startFakePayPal({ clientId: PAYPAL_CLIENT_ID, clientSecret: 'journey-secret' }),
    startFakeAuthorizeNet({ loginId: ANET.loginId, transactionKey: ANET.transactionKey }),
  ]);
  [server, browser] = await Promise.all([
    startTestServer({
      CONTENT_DIR: contentDir,
      STRIPE_SECRET_KEY: 'sk_test_checkout_journey',
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_checkout_journey',
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: 'journey-secret',
      PAYPAL_API_BASE: paypal.url,
      AUTHORIZE_NET_LOGIN_ID: ANET.loginId,
      AUTHORIZE_NET_TRANSACTION_KEY: ANET.transactionKey,
      AUTHORIZE_NET_CLIENT_KEY: ANET.clientKey,
      AUTHORIZE_NET_API_BASE: anet.url,
      AUTHORIZE_NET_ACCEPT_JS_URL: ACCEPT_JS_URL,
    }),
    workerBrowser(),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([stripe?.close(), paypal?.close(), anet?.close()]);
  if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
});

/** Forwards a browser request for a provider's host to its fake, keeping path, query and body. */
async function forward(route: Route, fakeBase: string): Promise<void> {
  const url = new URL(route.request().url());
  const response = await route.fetch({ url: fakeBase + url.pathname + url.search });
  await route.fulfill({ response });
}

const serveStandIn = (file: string) => (route: Route) => route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(path.join(standIns, file), 'utf8') });

/** A visitor whose browser reaches the providers' stand-ins, with samples in the cart and the billing filled on /checkout. */
async function visitorReadyToPay(email: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route('https://js.stripe.com/**', serveStandIn('stripe-js.js'));
  await context.route('https://www.paypal.com/sdk/js**', serveStandIn('paypal-sdk.js'));
  await context.route(ACCEPT_JS_URL, serveStandIn('accept-js.js'));
  await context.route('https://api.stripe.com/**', (route) => forward(route, stripe.url));
  await context.route('https://www.paypal.com/checkoutnow**', (route) => forward(route, paypal.url));
  // The cart as the order-samples block leaves it: the path to it is the same for every gateway
  // (e2e/checkout-journey.e2e.ts drives it); what differs here is the payment.
  await withSamplesInCart(context, 1);
  const page = await context.newPage();
  const problems = watchConsole(page);
  page.on('console', (msg) => /Content Security Policy/i.test(msg.text()) && problems.push(`csp: ${msg.text()}`));
  await page.goto(`${server.url}/checkout`);
  await fillBilling(page, buyer(email));
  return { context, page, problems };
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' }).click();

/** After the success page: one order for the e-mail, `ordered`, with exactly one completed payment through `gateway`. */
async function expectPaidThrough(page: Page, email: string, gateway: string) {
  await waitForOrderSuccess(page, server.url);
  const orders = await storedOrders(server.databaseUrl, email);
  expect(orders).toHaveLength(1);
  await expectSuccessPage(page, server.url, orders[0]!.incrementId);
  expect(orders[0]!.status).toBe('ordered');
  expect(orders[0]!.payments.filter((p) => p.status === 'completed')).toEqual([expect.objectContaining({ gateway })]);
  return orders[0]!;
}

describe('Stripe on /checkout', () => {
  it('a good card pays the order through the Payment Element', async () => {
    const email = 'stripe.good@example.com';
    const { context, page, problems } = await visitorReadyToPay(email);
    await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await placeOrder(page);
    await expectPaidThrough(page, email, 'stripe');
    expect(stripe.violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a declined card shows its message and keeps the checkout; a good card then pays one order', async () => {
    const email = 'stripe.declined@example.com';
    const { context, page, problems } = await visitorReadyToPay(email);
    await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
    const card = page.getByLabel('Card number');
    await card.fill('4000 0000 0000 0002');
    await placeOrder(page);
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toBe(`${server.url}/checkout`);
    const [kept] = await storedOrders(server.databaseUrl, email);
    expect(kept!.status).not.toBe('ordered');

    await card.fill('4242 4242 4242 4242');
    await placeOrder(page);
    const paid = await expectPaidThrough(page, email, 'stripe');
    expect(paid.id).toBe(kept!.id);
    expect(stripe.violations).toEqual([]);
    // Chromium logs the decline's 402 from api.stripe.com, as it would with Stripe; nothing else.
    expect(problems).toEqual(['error: Failed to load resource: the server responded with a status of 402 (Payment Required)']);
    await context.close();
  });
});

describe('PayPal on /checkout', () => {
  it("the buyer approves in PayPal's window; the capture pays the order", async () => {
    const email = 'paypal.approves@example.com';
    const { context, page, problems } = await visitorReadyToPay(email);
    await page.getByRole('radio', { name: 'PayPal' }).check();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    // Pay Now is PayPal's own button: the checkout shows no Place Order of its own.
    expect(await page.getByRole('button', { name: 'Place Order' }).count()).toBe(0);
    const paid = await expectPaidThrough(page, email, 'paypal');
    expect([...paypal.orders.values()].some((o) => o.status === 'COMPLETED')).toBe(true);
    expect(paid.payments).toHaveLength(1);
    expect(paypal.violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Authorize.net (Accept.js) on /checkout', () => {
  it('tokenises the card in the browser; the store charges the opaque data and never sees the card', async () => {
    const email = 'anet.accepts@example.com';
    const { context, page, problems } = await visitorReadyToPay(email);
    const sentToStore: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url)) sentToStore.push(`${request.url()} ${request.postData() ?? ''}`);
    });
    await page.getByRole('radio', { name: 'Card (Authorize.net)' }).check();
    await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled()).toBe(true);
    // The card form loads Accept.js once it mounts, which on a busy machine is after the button is ready.
    await expect.poll(() => page.locator(`script[src="${ACCEPT_JS_URL}"]`).count()).toBe(1);
    await typeTestCard(page, '4111 1111 1111 1111');
    await placeOrder(page);
    await expectPaidThrough(page, email, 'authorizenet');
    const charges = anet.requests.map((r) => JSON.parse(r.body)).filter((b) => b.createTransactionRequest);
    expect(charges).toHaveLength(1);
    const charged = charges[0].createTransactionRequest.transactionRequest;
    expect(charged.payment.opaqueData.dataDescriptor).toBe('COMMON.ACCEPT.INAPP.PAYMENT');
    expect(anet.violations).toEqual([]);
    expect(sentToStore.some((r) => r.includes('/api/payment/authorize-net/process-transaction'))).toBe(true);
    for (const request of sentToStore) expect(request).not.toMatch(/4111 ?1111 ?1111 ?1111/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
