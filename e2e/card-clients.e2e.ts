/**
 * The two card clients with our own fields, in Chromium against the whole store: <PaymentEntry>
 * alone on a tiny page (e2e/card-clients/card-clients-page.tsx, bundled here with esbuild and
 * served on the store's origin through page.route), paying orders created through the API.
 * - the offline test gateway: a good card, a decline then a good card on the same order, a double
 *   click, and the card that needs authentication through the store's authentication page back to
 *   /payment/verify/test, after which verify records the payment;
 * - Authorize.net through Accept.js: the stand-in (e2e/stand-ins/accept-js.js) served at the real
 *   Accept.js URL, so the real loading code runs; the store's server charges the fake Authorize.net,
 *   and no request to the store carries the card.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, billing, orderPayload } from '../server/api/commerce-test-kit';
import { projectRoot } from '../server/build-output';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../server/gateways/fakes/fake-authorize-net';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { paymentCss } from '../widgets/payment/payment.css';
import type { OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../widgets/payment/payment-types';
import { workerBrowser, closeContextsAfterAll } from './browser';
import { seriousViolations } from './quote-journey-kit';

const ACCEPT_JS_URL = 'https://jstest.authorize.net/v1/Accept.js';
const ANET = { loginId: 'e2e-login', transactionKey: 'e2e-txn-key', clientKey: 'e2e-client-key' };
const NEXT_YEAR = String(new Date().getFullYear() + 1);

const TEST_METHOD: OfferedPaymentMethod = { name: 'card', title: 'Credit or debit card', enabled: true, gateway: 'test', configured: true };
const ANET_METHOD: OfferedPaymentMethod = {
  name: 'authorizenet',
  title: 'Card (Authorize.net)',
  enabled: true,
  gateway: 'authorizenet',
  integration: 'accept-js',
  configured: true,
  config: { acceptJsUrl: ACCEPT_JS_URL, clientKey: ANET.clientKey, loginId: ANET.loginId },
};

let server: TestServer;
let browser: Browser;
let anet: FakeAuthorizeNet;
let bundle: string;

closeContextsAfterAll();
beforeAll(async () => {
  anet = await startFakeAuthorizeNet({ loginId: ANET.loginId, transactionKey: ANET.transactionKey });
  const env = { AUTHORIZE_NET_LOGIN_ID: ANET.loginId, AUTHORIZE_NET_TRANSACTION_KEY: ANET.transactionKey, AUTHORIZE_NET_CLIENT_KEY: ANET.clientKey, AUTHORIZE_NET_API_BASE: anet.url, AUTHORIZE_NET_ACCEPT_JS_URL: ACCEPT_JS_URL };
  const built = build({
    entryPoints: [path.join(projectRoot, 'e2e', 'card-clients', 'card-clients-page.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const [started, launched, output] = await Promise.all([startTestServer(env), workerBrowser(), built]);
  [server, browser, bundle] = [started, launched, output.outputFiles[0]!.text];
});
afterAll(async () => {
  await server?.stop();
  await anet?.close();
});

let n = 0;
async function createOrder() {
  const created = await api(server.url, 'POST', '/api/order', orderPayload(), { 'Idempotency-Key': `card-clients-${Date.now()}-${++n}` });
  expect(created.status).toBe(201);
  const order = created.body as { id: number; orderIncrementId: string; accessToken: string; total: number };
  const target: PaymentTarget = {
    kind: 'order',
    orderId: order.id,
    incrementId: order.orderIncrementId,
    accessToken: order.accessToken,
    payer: { email: billing.email, firstName: billing.firstName, lastName: billing.lastName, address: { street1: billing.street1, city: billing.city, state: billing.state, zipCode: billing.zipCode, countryId: billing.countryId } },
  };
  return { order, target };
}

async function orderView(order: { id: number; accessToken: string }) {
  return (await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, { Authorization: `Bearer ${order.accessToken}` })).body.data as { status: string; payments: Array<{ status: string; amount: number }> };
}

/**
 * The tiny page on the store's origin, with <PaymentEntry> for one method and target, in a browser
 * context of its own (closed with the page). With `acceptJs`, the stand-in answers at Accept.js's URL.
 */
async function openEntry(method: OfferedPaymentMethod, target: PaymentTarget, opts: { acceptJs?: boolean; phone?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(opts.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  if (opts.acceptJs) {
    const standIn = fs.readFileSync(path.join(projectRoot, 'e2e', 'stand-ins', 'accept-js.js'), 'utf8');
    await context.route(ACCEPT_JS_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: standIn }));
  }
  const page = await context.newPage();
  const state = { method, target, returnUrl: `${server.url}/payment/verify/${method.gateway}`, outcomes: [], prepared: 0 };
  await page.route(`${server.url}/__card-clients`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card clients</title><link rel="icon" href="data:,"><style>${paymentCss}</style></head><body><main id="root"></main><script>window.cardTest = ${JSON.stringify(state)};</script><script type="module" src="/__card-clients.js"></script></body></html>`,
    }),
  );
  await page.route(`${server.url}/__card-clients.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: bundle }));
  await page.goto(`${server.url}/__card-clients`);
  return page;
}

const closePage = (page: Page) => page.context().close();

async function fillCard(page: Page, card: { cardNumber: string; cardCode: string }) {
  await page.getByLabel('Card number').fill(card.cardNumber);
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(NEXT_YEAR);
  await page.getByLabel('CVV').fill(card.cardCode);
}

async function outcomes(page: Page, count: number): Promise<PaymentOutcome[]> {
  await page.waitForFunction((c) => window.cardTest.outcomes.length >= c, count);
  return page.evaluate(() => window.cardTest.outcomes);
}

describe('the test gateway client in Chromium', () => {
  it('pays an order once for a double click', async () => {
    const { order, target } = await createOrder();
    const page = await openEntry(TEST_METHOD, target);
    await fillCard(page, { cardNumber: '4242424242424242', cardCode: '123' });
    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    const [paid] = await outcomes(page, 1);
    expect(paid).toMatchObject({ kind: 'paid', payment: { method: 'card', gateway: 'test', status: 'completed', amount: order.total } });
    expect(await page.evaluate(() => window.cardTest.prepared)).toBe(1);
    const view = await orderView(order);
    expect(view.status).toBe('ordered');
    expect(view.payments.map((p) => p.status)).toEqual(['completed']);
    await closePage(page);
  });

  it('shows the decline, keeps the order, then a good card pays the same order', async () => {
    const { order, target } = await createOrder();
    const page = await openEntry(TEST_METHOD, target);
    await fillCard(page, { cardNumber: '4000000000000002', cardCode: '123' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    expect((await outcomes(page, 1))[0]).toEqual({ kind: 'failed', message: 'Your card was declined.' });
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Place Order' }).click();
    expect((await outcomes(page, 2))[1]).toMatchObject({ kind: 'paid' });
    const view = await orderView(order);
    expect(view.status).toBe('ordered');
    expect(view.payments.map((p) => p.status)).toEqual(['failed', 'completed']);
    await closePage(page);
  });

  it('shows the field messages of 002 §5 with the keyboard alone on a 390 px phone, with no serious axe violation', async () => {
    const { target } = await createOrder();
    const page = await openEntry(TEST_METHOD, target, { phone: true });
    await page.getByLabel('Card number').focus();
    await page.keyboard.type('4242');
    await page.keyboard.press('Enter');
    const number = page.getByLabel('Card number');
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    const described = (await number.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Card number is invalid');
    expect(await page.getByText('Expiry is required').count()).toBe(2);
    expect(await page.getByText('CVV is required').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cardNumber');
    expect(await seriousViolations(page)).toEqual([]);
    // Every field and the button are reachable with Tab, in reading order.
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? ''));
    }
    expect(order).toEqual(['expMonth', 'expYear', 'cardCode', 'Place Order']);
    await closePage(page);
  });

  it('takes the card that needs authentication through the authentication page to the verify page', async () => {
    const { order, target } = await createOrder();
    const page = await openEntry(TEST_METHOD, target);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(frame.url()));
    const policyViolations: string[] = [];
    page.on('console', (msg) => /Content Security Policy/i.test(msg.text()) && policyViolations.push(msg.text()));
    await fillCard(page, { cardNumber: '4000002500003155', cardCode: '123' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/api\/payment\/test\/authenticate\?/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Test authentication');
    expect(await seriousViolations(page)).toEqual([]);
    expect((await orderView(order)).status).toBe('pending_payment');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect.poll(() => visited.find((u) => u.includes('/payment/verify/test?transactionId='))).toBeTruthy();
    const returned = new URL(visited.find((u) => u.includes('/payment/verify/test?transactionId='))!);
    expect(returned.origin).toBe(new URL(server.url).origin);
    const transactionId = returned.searchParams.get('transactionId')!;
    expect(transactionId).toMatch(/^test_txn_/);
    expect(policyViolations).toEqual([]);

    // What the verify page does with the pending payment's proof.
    const verify = await api(server.url, 'POST', '/api/payment/test/verify', { transactionId }, { Authorization: `Bearer ${order.accessToken}` });
    expect(verify.body).toMatchObject({ success: true, status: 'completed', orderStatus: 'ordered' });
    const view = await orderView(order);
    expect(view.payments.map((p) => p.status)).toEqual(['completed']);
    await closePage(page);
  });
});

/** Every string value of a JSON body, base64 values also decoded (the opaque data is base64 JSON). */
function bodyValues(body: string | null): string[] {
  if (!body) return [];
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      out.push(value);
      if (/^[A-Za-z0-9+/]{16,}={0,2}$/.test(value)) {
        const decoded = Buffer.from(value, 'base64').toString('utf8');
        out.push(decoded);
        try {
          walk(JSON.parse(decoded));
        } catch {
          // not JSON: the decoded text is checked as it is
        }
      }
    } else if (typeof value === 'number') out.push(String(value));
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v);
  };
  try {
    walk(JSON.parse(body));
  } catch {
    out.push(body);
  }
  return out;
}

describe('Accept.js in Chromium against the stand-in and the fake Authorize.net', () => {
  async function openAcceptJs(target: PaymentTarget) {
    const page = await openEntry(ANET_METHOD, target, { acceptJs: true });
    await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled()).toBe(true);
    return page;
  }

  it('tokenises in the browser and the store charges the opaque data; the card never reaches the store', async () => {
    const { order, target } = await createOrder();
    const page = await openAcceptJs(target);
    const sentToStore: string[] = [];
    const valuesSent: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url)) return;
      sentToStore.push(request.url());
      valuesSent.push(...new URL(request.url()).searchParams.values(), ...bodyValues(request.postData()));
    });
    expect(await page.locator(`script[src="${ACCEPT_JS_URL}"]`).count()).toBe(1);
    await fillCard(page, { cardNumber: '4111111111111111', cardCode: '987' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    const [paid] = await outcomes(page, 1);
    expect(paid).toMatchObject({ kind: 'paid', payment: { method: 'authorizenet', gateway: 'authorizenet', status: 'completed', amount: order.total } });
    expect(anet.violations).toEqual([]);
    const charged = JSON.parse(anet.requests.at(-1)!.body).createTransactionRequest.transactionRequest;
    expect(charged.payment.opaqueData.dataDescriptor).toBe('COMMON.ACCEPT.INAPP.PAYMENT');
    expect(charged.amount).toBe(order.total.toFixed(2));
    expect(sentToStore.some((r) => r.includes('/api/payment/authorize-net/process-transaction'))).toBe(true);
    // Every value the store was sent, the opaque data decoded too: neither the number nor the code.
    expect(valuesSent.length).toBeGreaterThan(0);
    expect(valuesSent.filter((v) => v.includes('4111111111111111') || v === '987' || /\b987\b/.test(v))).toEqual([]);
    const view = await orderView(order);
    expect(view.status).toBe('ordered');
    await closePage(page);
  });

  it("shows the stand-in's refusal and marks the card number", async () => {
    const { order, target } = await createOrder();
    const page = await openAcceptJs(target);
    await fillCard(page, { cardNumber: '4111111111111112', cardCode: '123' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    expect((await outcomes(page, 1))[0]).toEqual({ kind: 'failed', message: 'Please provide valid credit card number.' });
    await expect.poll(() => page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Card number is invalid').count()).toBe(1);
    expect((await orderView(order)).payments).toEqual([]);
    await closePage(page);
  });
});
