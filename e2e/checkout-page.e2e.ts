/**
 * The checkout block on the main site's /checkout, in Chromium: the empty cart, a cart priced by the
 * server, the field errors and the non-US refusal, the shipping method for an address, the cart
 * summary as a slide-in panel on a 390 px phone driven by the keyboard, and axe (no serious or
 * critical violation) with the errors shown, on a phone and a desktop. Paying through each gateway's
 * card entry is tested with the gateway clients.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CART_KEY } from '../widgets/cart-store/sample-cart';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** A page with one sample of the catalog in the main site's cart, then /checkout. */
async function checkoutWithSample(width: number, height: number) {
  const context = await shop.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const { samples } = (await (await fetch(`${shop.server.url}/api/catalog/samples`)).json()) as { samples: { sku: string; name: string; finish: unknown }[] };
  await page.goto(`${shop.server.url}/order-samples`);
  await page.evaluate(
    ({ key, items }) => localStorage.setItem(key, JSON.stringify({ expiresAt: Date.now() + 3_600_000, items })),
    { key: SAMPLE_CART_KEY, items: samples.slice(0, 2).map((s) => ({ sku: s.sku, name: s.name, finish: s.finish, qty: 1 })) },
  );
  await page.goto(`${shop.server.url}/checkout`);
  // A guest's checkout asks nothing that is refused (the prefill waits for the signed-in hint).
  const unexpected = () => problems;
  return { context, page, unexpected, samples };
}

describe('the checkout page', () => {
  it('shows the empty-cart view with its link', async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.server.url}/checkout`);
    await page.getByText('Looks like you have not added anything to your cart. Go ahead & add items to your cart.').waitFor();
    expect(await page.locator('.sr-checkout-block').getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/order-samples');
    await context.close();
  });

  it('on a 390 px phone: errors under the fields, the non-US refusal, the shipping method, the panel by keyboard, and axe', async () => {
    const { context, page, unexpected } = await checkoutWithSample(390, 844);
    const billing = page.getByRole('group', { name: 'Billing address' });
    await billing.getByLabel(/^First name/).fill('Ada 2');
    await billing.getByLabel(/^Phone/).fill('555');
    await billing.getByLabel(/^ZIP code/).focus();
    await billing.getByLabel(/^ZIP code/).blur();
    await billing.getByText('Only alphabets are allowed').waitFor();
    await billing.getByText('Phone number must be at least 10 digits').waitFor();
    await billing.getByText('ZIP/Postal code is required').waitFor();
    expect(await billing.getByLabel(/^First name/).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await billing.getByLabel(/^Country/).selectOption('CA');
    await page.getByRole('alert').filter({ hasText: "Sorry, we don't ship outside the US." }).waitFor();
    await billing.getByLabel(/^Country/).selectOption('US');

    await billing.getByLabel(/^First name/).fill('Ada');
    await billing.getByLabel(/^Last name/).fill('Lovelace');
    await billing.getByLabel(/^Email/).fill('ada@example.com');
    await billing.getByLabel(/^Phone/).fill('5125550100');
    await billing.getByLabel(/^Address line 1/).fill('1 Main St');
    await billing.getByLabel(/^City/).fill('Austin');
    await billing.getByLabel(/^State/).selectOption('TX');
    await billing.getByLabel(/^ZIP code/).fill('78701');
    await page.getByTestId('shipping-method').getByText(/\$\d/).waitFor();

    // The summary is a panel here: opened from its button, closed with Escape, focus back on the button.
    const toggle = page.getByRole('button', { name: /Cart \(2 items\)/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Order summary/ });
    await dialog.getByText('Total', { exact: true }).waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Close cart summary' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus returns in the effect after the close: wait for it.
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    // One column: nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(unexpected()).toEqual([]);
    await context.close();
  });

  it('on a desktop: the summary beside the form with the server’s totals, and axe', async () => {
    const { context, page, unexpected } = await checkoutWithSample(1280, 900);
    const summary = page.getByRole('complementary', { name: /Order summary/ });
    await summary.getByText('(2 items)').waitFor();
    await summary.getByText('Subtotal', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Cart \(/ }).isVisible()).toBe(false);
    const [form, aside] = await Promise.all([page.locator('.sr-checkout__form').boundingBox(), summary.boundingBox()]);
    expect(aside!.x).toBeGreaterThan(form!.x + form!.width - 1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpected()).toEqual([]);
    await context.close();
  });
});
