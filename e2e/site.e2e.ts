import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { workerBrowser, watchConsole, closeContextsAfterAll } from './browser';

let server: TestServer;
let browser: Browser;

closeContextsAfterAll();
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), workerBrowser()]);
});
afterAll(async () => {
  await server?.stop();
});

describe('home page', () => {
  it('holds its content before any script runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url);
    await expect(page.locator('h1').textContent()).resolves.toBe('Kitchens built to gather around');
    expect(await page.locator('.card__title').allTextContents()).toEqual(['Kitchen Cabinets', 'Countertops', 'Flooring', 'Custom Millwork']);
    expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
    await context.close();
  });

  it('hydrates without warnings, and the cookie banner then works', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(server.url);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'detached' });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'showroom_cookie_consent')?.value).toBe('accepted');
    // Reloading keeps the choice: the server no longer renders the banner.
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getByRole('button', { name: 'Accept all' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with the not-found page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByText("We couldn't find that page").count()).toBe(1);
    await page.close();
  });
});

describe('dealer page on a second origin', () => {
  it('shows the payment-methods element with data fetched from the API', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(server.dealerUrl);
    expect(new URL(page.url()).origin).not.toBe(new URL(server.url).origin);
    // Playwright's locators pierce the element's open shadow root.
    const element = page.locator('showroom-payment-methods');
    await element.getByText('Credit or debit card').waitFor();
    expect(await element.getByText('PayPal', { exact: true }).count()).toBe(1);
    expect(await element.getByRole('radio', { name: /Credit or debit card/ }).isChecked()).toBe(true);
    expect(await element.evaluate((el) => el.shadowRoot !== null)).toBe(true);
    await element.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByText('You chose: paypal').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  // A page of an origin the store does not answer is refused: e2e/dealer-samples.e2e.ts (a third
  // origin) and server/app.test.ts (CORS). The dealer example itself is demo-dealer's in dealers.json.
  it('stays allowed through dealers.json when ALLOWED_ORIGINS names other sites', async () => {
    await server.stop();
    server = await startTestServer({ ALLOWED_ORIGINS: 'https://some-other-dealer.example' });
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(server.dealerUrl);
    await page.locator('showroom-payment-methods').getByText('Credit or debit card').waitFor();
    await page.locator('showroom-order-samples').first().getByRole('button', { name: 'Order Now' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('widget playground', () => {
  it('shows each element on its own', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/playground/`);
    await page.locator('showroom-payment-methods').getByText('Credit or debit card').waitFor();
    await page.close();
  });
});
