/**
 * Sample ordering on a dealer's page: the dealer example on its own origin, under its
 * strict Content-Security-Policy (no inline, no eval, no hash), with every CSP violation collected
 * from before the first script runs. A sample is added, the count follows in another element, it
 * survives a reload and is gone 24 hours later (the browser's clock is moved, nothing waits), and
 * `showroom:sample-added` reaches the host page. The same page served from a third origin, one the
 * store answers but that is not the dealer's, is refused by the server. On the main site, the sample
 * grid block and an element share one cart.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../server/testing/test-server';
import { watchConsole } from './browser';
import { useThirdSiteShop } from './third-site-fixture';

const DAY_MS = 24 * 3_600_000;

/** Collects CSP violations and showroom:sample-added events heard on document, from before any page script. */
async function watchPage(page: Page): Promise<{ violations: () => Promise<string[]>; sampleAdded: () => Promise<unknown[]> }> {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[]; sampleAdded: unknown[] };
    w.cspViolations = [];
    w.sampleAdded = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    document.addEventListener('showroom:sample-added', (e) => w.sampleAdded.push((e as CustomEvent).detail));
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    sampleAdded: () => page.evaluate(() => (window as unknown as { sampleAdded: unknown[] }).sampleAdded),
  };
}

// The store answers the third origin (ALLOWED_ORIGINS), so the browser shows the server's own
// refusal: the third origin is not one of demo-dealer's.
const shop = useThirdSiteShop((thirdUrl) => startTestServer({ ALLOWED_ORIGINS: thirdUrl }));

describe("sample ordering on the dealer's page", () => {
  it('adds a sample, the count follows, survives a reload and expires after 24 hours, with no CSP violation', async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    const watch = await watchPage(page);
    await page.goto(shop.server.dealerUrl);
    expect(new URL(page.url()).origin).not.toBe(new URL(shop.server.url).origin);
    expect((await page.request.get(shop.server.dealerUrl)).headers()['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);

    const count = page.locator('showroom-cart-count').locator('.sr-count');
    const order = page.locator('showroom-order-samples[style-name="hartford-shaker"]');
    await order.getByRole('button', { name: 'Order Now' }).waitFor();
    expect(await count.textContent()).toBe('0');
    await page.getByText('Your sample cart is empty.').waitFor();

    // Several samples: one must be ticked first.
    await order.getByRole('button', { name: 'Order Now' }).click();
    await order.getByText('Please select at least one sample.').waitFor();
    await order.getByRole('checkbox').first().check();
    await order.getByRole('button', { name: 'Order Now' }).click();
    await order.getByText('Sample added to your cart.').waitFor();

    // Another element follows: the count, and the cart resolved against the store's catalog.
    await page.locator('showroom-cart-count').getByText('1').waitFor();
    const cart = page.locator('showroom-sample-cart');
    await cart.getByText('Hartford Shaker:', { exact: false }).waitFor();
    await cart.getByRole('link', { name: 'Checkout' }).waitFor();
    // The dealer's own checkout page (<showroom-checkout>, e2e/dealer-checkout.e2e.ts), not the store's.
    expect(await cart.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe(`${shop.server.dealerUrl}/checkout.html`);

    // The host page heard showroom:sample-added on document (its own script shows it too).
    const heard = (await watch.sampleAdded()) as { added: { sku: string; qty: number }[]; count: number }[];
    expect(heard).toEqual([{ added: [expect.objectContaining({ qty: 1, sku: expect.stringMatching(/^HS-/) })], count: 1 }]);
    await page.getByText(/^Added: Hartford Shaker Door Sample .* \(1 in your cart\)$/).waitFor();

    // Ordering it again is refused by the quantity rule.
    await order.getByRole('button', { name: 'Order Now' }).click();
    await order.getByText(/^You can order maximum 1 quantity of item "Hartford Shaker Door Sample .*"\.$/).waitFor();

    // The cart is the dealer's, under its own key, never the main site's.
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).toEqual([`showroom:sample-cart:${shop.server.url}:demo-dealer`]);

    await page.reload();
    await page.locator('showroom-cart-count').locator('.sr-count').getByText('1').waitFor();
    await cart.getByText('Hartford Shaker:', { exact: false }).waitFor();

    // A day later (the browser's clock moved, nothing waits), the cart is gone.
    await page.clock.setFixedTime(Date.now() + DAY_MS + 60_000);
    await page.reload();
    await page.getByText('Your sample cart is empty.').waitFor();
    expect(await page.locator('showroom-cart-count').locator('.sr-count').textContent()).toBe('0');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);

    expect(await watch.violations()).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('removes a sample from the cart and the count follows', async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const watch = await watchPage(page);
    await page.goto(shop.server.dealerUrl);
    const slab = page.locator('showroom-order-samples[style-name="soho-slab"]');
    await slab.getByRole('checkbox').first().check();
    await slab.getByRole('button', { name: 'Order Now' }).click();
    await page.locator('showroom-cart-count').locator('.sr-count').getByText('1').waitFor();
    await page.locator('showroom-sample-cart').getByRole('button', { name: /^Remove / }).click();
    await page.getByText('Your sample cart is empty.').waitFor();
    await page.locator('showroom-cart-count').locator('.sr-count').getByText('0').waitFor();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('is refused by the server on a page of an origin that is not the dealer\'s', async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const refused: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${shop.server.url}/api/catalog/`) && response.request().method() === 'GET') refused.push(response.status());
    });
    await page.goto(shop.third.url);
    const order = page.locator('showroom-order-samples[style-name="hartford-shaker"]');
    const refusal = `The store does not allow this page's origin, ${shop.third.url}, for dealer demo-dealer. Ask the store to add ${shop.third.url} to dealer demo-dealer in dealers.json.`;
    await order.getByText(refusal).waitFor();
    await page.locator('showroom-sample-cart').getByText(refusal).waitFor();
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set([403]));
    expect(await order.getByRole('button', { name: 'Order Now' }).count()).toBe(0);
    await context.close();
  });
});

describe('sample ordering on the main site', () => {
  it('orders from the sample grid block, and an element on the same page shares the cart', async () => {
    const page = await shop.browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/order-samples`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const card = page.locator('.sample-card').filter({ has: page.getByRole('button', { name: 'Order Now' }) }).first();
    // The grid sits below the first screen: it hydrates as it nears the viewport.
    await card.scrollIntoViewIfNeeded();
    await page.locator('showroom-island[data-island="sample-grid"][data-hydrated="true"]').waitFor();
    const swatch = card.locator('.swatch').first();
    if ((await swatch.count()) > 0) await swatch.click();
    await card.getByRole('button', { name: 'Order Now' }).click();
    await card.getByText('Sample added to your cart.').waitFor();
    await page.getByRole('link', { name: 'Samples 1 in your cart' }).waitFor();
    // The store's own elements on its own pages use the main site's cart.
    await page.addScriptTag({ url: '/widgets/showroom.js' });
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<showroom-cart-count></showroom-cart-count><showroom-sample-cart></showroom-sample-cart>'));
    await page.locator('showroom-cart-count').locator('.sr-count').getByText('1').waitFor();
    await page.locator('showroom-sample-cart').getByRole('button', { name: 'Clear cart' }).click();
    // The header island follows the element's change.
    await page.getByRole('link', { name: 'Samples 1 in your cart' }).waitFor({ state: 'detached' });
    expect(await page.locator('showroom-cart-count').locator('.sr-count').textContent()).toBe('0');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the widget playground', () => {
  it('shows the sample elements, and logs showroom:sample-added', async () => {
    const page = await shop.browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/playground/`);
    const order = page.locator('showroom-order-samples');
    await order.getByRole('checkbox').first().check();
    await order.getByRole('button', { name: 'Order Now' }).click();
    await page.getByRole('list', { name: 'Events from <showroom-order-samples>' }).getByText(/^showroom:sample-added /).waitFor();
    await page.locator('showroom-cart-count').locator('.sr-count').getByText('1').waitFor();
    await page.locator('showroom-sample-cart').getByRole('link', { name: 'Checkout' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
