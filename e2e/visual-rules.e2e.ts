/**
 * The visual rules of e2e/visual-rules.ts on the money pages and the account, at 390 px (a phone)
 * and 1280 px (a laptop): no sideways scroll, fingers' targets, 16 px inputs on a phone, no control
 * left in the browser's default look, nothing flush with the screen's edge. Each page is checked in
 * the state a customer sees it in (a cart at checkout, a quote link, an order with a balance, a
 * placed order, a signed-in account), and its screenshots are taken on the way: test-results/ by
 * default, docs/screenshots with SCREENSHOTS_DIR (`npm run screenshots`). The forms a visitor fills
 * as a page loads are checked on the one visit of their route (e2e/storefront-routes.e2e.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSamplesThroughTheBlock, buyer, fillBilling, typeTestCard } from './checkout-journey-kit';
import { createQuoteLink, orderWithDeposit } from './quote-journey-kit';
import { PHONE_AND_LAPTOP, screenshotsDir } from './phone-and-laptop';
import { useShop } from './shop-fixture';
import { readDefaultLooks, visualProblems, type DefaultLooks } from './visual-rules';
import { pageSettled } from './browser';
import { waitForOrderSuccess } from './order-success';

const shop = useShop();

let defaults: DefaultLooks | undefined;
let visitors = 0;

async function newVisitor(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  defaults ??= await readDefaultLooks(shop.browser);
  visitors += 1;
  // Each visitor its own client address, so the store's per-client limits see many people.
  const context = await shop.browser.newContext({ viewport: { width, height }, extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitors}` } });
  await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url }]);
  await context.route((u) => !u.href.startsWith(shop.server.url), (route) => route.fulfill({ status: 204, body: '' }));
  return { context, page: await context.newPage() };
}

const settle = pageSettled;

async function check(page: Page, width: number, shot?: string): Promise<string[]> {
  // Judged at the page's top: scrolled, the sticky header lies over the content, and the content's
  // targets under it (unreachable there) would count as crowding the header's own.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0 && !document.querySelector('.header--sticky, .header--show'));
  if (shot) {
    fs.mkdirSync(screenshotsDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotsDir, `${shot}-${width}.png`), fullPage: true });
  }
  const problems = await visualProblems(page, { phone: width < 600, defaults: defaults! });
  return problems.map((p) => `${new URL(page.url()).pathname} @${width}: ${p}`);
}

describe.each(PHONE_AND_LAPTOP)('visual rules at $width px ($name)', ({ width, height }) => {
  it('the sample cart and checkout, then the order placed', async () => {
    const { context, page } = await newVisitor(width, height);
    await addSamplesThroughTheBlock(page, shop.server.url, 2);
    const problems = await check(page, width, 'cart');
    await page.goto(`${shop.server.url}/checkout`);
    await settle(page);
    await page.getByLabel('Card number').waitFor();
    problems.push(...(await check(page, width, 'checkout')));
    // The errors a customer sees on an empty form are themed too.
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('This field is required').first().waitFor();
    problems.push(...(await check(page, width, 'checkout-errors')));
    await fillBilling(page, buyer(`visual-${width}@example.com`));
    await typeTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await waitForOrderSuccess(page, shop.server.url);
    await page.locator('.sr-order-success-block').getByRole('heading', { level: 1 }).waitFor();
    problems.push(...(await check(page, width, 'success')));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('quote payment by link', async () => {
    const { context, page } = await newVisitor(width, height);
    await page.goto((await createQuoteLink(shop.server)).href);
    await settle(page);
    await page.getByLabel('Card number').waitFor();
    expect(await check(page, width, 'quote-payment')).toEqual([]);
    await context.close();
  });

  it('split payment of an order with a balance', async () => {
    const { context, page } = await newVisitor(width, height);
    const order = await orderWithDeposit(shop.server, 1000);
    await page.goto(`${shop.server.url}/order/split-payment?orderId=${order.orderIncrementId}&email=${encodeURIComponent(order.email)}`);
    await settle(page);
    await page.getByLabel('Card number').waitFor();
    expect(await check(page, width, 'split-payment')).toEqual([]);
    await context.close();
  });

  it("a signed-in customer's account pages", async () => {
    const { context, page } = await newVisitor(width, height);
    const email = `visual-account-${width}@example.com`;
    const password = 'kitchen-maple-42';
    const registered = await page.request.post(`${shop.server.url}/api/my-account/register`, {
      headers: { Origin: shop.server.url },
      data: { firstName: 'Jane', lastName: 'Walker', email, password },
    });
    expect(registered.status(), await registered.text()).toBe(202);
    const signedIn = await page.request.post(`${shop.server.url}/api/my-account/login`, { headers: { Origin: shop.server.url }, data: { email, password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const problems: string[] = [];
    for (const [route, shot] of [
      ['/my-account', 'account'],
      ['/my-account/orders', undefined],
      ['/my-account/addresses', undefined],
      ['/my-account/address/new', 'account-address'],
    ] as const) {
      await page.goto(shop.server.url + route);
      await settle(page);
      await page.locator('main h1').first().waitFor();
      problems.push(...(await check(page, width, shot)));
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
