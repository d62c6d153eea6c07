/**
 * The sample cart within a finger's reach (the visitor's phone journey): the header's sample badge
 * opens the cart in a drawer on any page, a modal dialog that keeps focus inside, closes with Escape
 * and gives focus back to the badge; without JavaScript the badge is a link to the cart block of
 * /order-samples. The cart in it is padded and its quantities labelled where a person sees them, and a
 * style page offers 'Order samples' by its title. Screenshots of the open drawer go to
 * test-results/screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { addSamplesThroughTheBlock } from './checkout-journey-kit';
import { PHONE_AND_LAPTOP, screenshotsDir } from './phone-and-laptop';
import { useShop } from './shop-fixture';
import { readDefaultLooks, visualProblems } from './visual-rules';

const shop = useShop();

async function newVisitor(width: number, height: number, javaScriptEnabled = true): Promise<Page> {
  const context = await shop.browser.newContext({ viewport: { width, height }, javaScriptEnabled });
  await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url }]);
  return context.newPage();
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());

describe.each(PHONE_AND_LAPTOP)('the sample cart drawer at $width px ($name)', ({ width, height }) => {
  it('opens from the header on another page, keeps focus inside, closes with Escape and returns focus to the badge', async () => {
    const page = await newVisitor(width, height);
    const problems = watchConsole(page);
    await addSamplesThroughTheBlock(page, shop.server.url, 2);
    await page.goto(`${shop.server.url}/about-us`);
    await page.waitForSelector('html[data-hydrated="true"]');

    const badge = page.getByRole('link', { name: 'Samples 2 in your cart' });
    // Without JavaScript (or opened in a new tab) the badge leads to the cart block of the samples page.
    expect(await badge.getAttribute('href')).toBe('/order-samples#sample-cart');
    expect(await badge.getAttribute('aria-expanded')).toBe('false');
    await badge.click();
    const drawer = page.getByRole('dialog', { name: 'Your sample cart' });
    await drawer.waitFor();
    expect(await badge.getAttribute('aria-expanded')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/about-us');
    // The dialog takes focus once it has drawn.
    await expect.poll(() => focusedText(page)).toBe('Close sample cart');

    // Both samples, each quantity with a label a person sees; the way on to checkout.
    const quantities = drawer.getByRole('spinbutton', { name: /^Quantity of / });
    await quantities.nth(1).waitFor();
    expect(await quantities.count()).toBe(2);
    expect(await drawer.locator('.sr-cart__qty').first().innerText()).toContain('Quantity');
    expect(await drawer.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe(`${shop.server.url}/checkout`);

    // Tab and Shift+Tab cycle inside the dialog.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    // The drawer's cart keeps off the screen's edges and meets the other visual rules.
    fs.mkdirSync(screenshotsDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotsDir, `cart-drawer-${width}.png`) });
    const defaults = await readDefaultLooks(shop.browser);
    const seen = await visualProblems(page, { phone: width < 600, defaults });
    expect(seen.filter((p) => /Quantity|Remove|Checkout|Clear cart|Close sample cart|flush|scroll/.test(p))).toEqual([]);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => focusedText(page)).toBe('Samples 2 in your cart');
    expect(await badge.getAttribute('aria-expanded')).toBe('false');

    // The keyboard opens it too; a press on the backdrop closes it.
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await expect.poll(() => focusedText(page)).toBe('Close sample cart');
    await page.mouse.click(5, height / 2);
    await drawer.waitFor({ state: 'detached' });

    // Removing a sample in the drawer updates the header's count.
    await badge.click();
    await drawer.getByRole('button', { name: /^Remove / }).first().click();
    await page.locator('.header__samples-count').getByText('1').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a style page offers Order samples by its title, and the link reaches the sample form', async () => {
    const page = await newVisitor(width, height);
    await page.goto(`${shop.server.url}/products/kitchen-cabinets/hartford-shaker`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const link = page.getByRole('link', { name: 'Order samples', exact: true });
    const [linkBox, titleBox] = await Promise.all([link.boundingBox(), page.getByRole('heading', { level: 1 }).boundingBox()]);
    // Right under the title (the style's label, category and rating between them), on the first screen.
    expect(linkBox!.y - titleBox!.y).toBeLessThan(200);
    expect(linkBox!.y + linkBox!.height).toBeLessThan(height);
    await link.click();
    const form = page.getByRole('form', { name: 'Order door samples' });
    expect(await form.evaluate((f) => f === document.activeElement)).toBe(true);
    const box = await form.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(height / 2);
    await page.context().close();
  });
});

it('on a style whose samples sit in a specifications tab, the link opens that tab', async () => {
  const page = await newVisitor(390, 844);
  await page.goto(`${shop.server.url}/products/kitchen-cabinets/georgetown-inset`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const form = page.getByRole('form', { name: 'Order door samples' });
  expect(await form.isVisible()).toBe(false);
  await page.getByRole('link', { name: 'Order samples', exact: true }).click();
  expect(await form.isVisible()).toBe(true);
  expect(await page.getByRole('tab', { selected: true }).innerText()).toMatch(/sample/i);
  expect(await form.evaluate((f) => f === document.activeElement)).toBe(true);
  await page.context().close();
});

it('without JavaScript the samples page draws its order form and holds the cart block the badge leads to', async () => {
  const page = await newVisitor(390, 844, false);
  await page.goto(`${shop.server.url}/order-samples`);
  expect(await page.locator('#sample-cart').count()).toBe(1);
  // The style's samples come with the page: no 'Loading...' at the top.
  await page.locator('.sr-order-samples-block').getByText('SKU HS-SG-DS').waitFor();
  expect(await page.locator('.sr-order-samples-block').getByText('Loading...').count()).toBe(0);
  await page.context().close();
});
