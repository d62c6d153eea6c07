/**
 * The widget playground (examples/playground/, served at /playground/): built from the manifest,
 * each element with a control per attribute and a log of its showroom:* events.
 */
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();

describe('widget playground', () => {
  it("drives an element's attributes from its controls and logs its events", async () => {
    const page = await shop.browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/playground/`);
    const element = page.locator('showroom-payment-methods');
    await element.getByText('Credit or debit card').waitFor();

    await element.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByRole('list', { name: 'Events from <showroom-payment-methods>' }).getByText('showroom:payment-method-selected {"name":"paypal"}').waitFor();

    const scope = page.getByLabel('scope');
    expect(await scope.inputValue()).toBe('sample-order');
    // Choosing (none) removes the attribute; the element follows.
    await scope.selectOption('');
    expect(await element.getAttribute('scope')).toBeNull();
    await scope.selectOption('complete-order-payment');
    expect(await element.getAttribute('scope')).toBe('complete-order-payment');
    // PayPal is offered for sample orders, not for completing an order's payment.
    await expect.poll(() => element.getByRole('radio', { name: /PayPal/ }).count()).toBe(0);
    expect(await element.getByRole('radio', { name: /Credit or debit card/ }).count()).toBe(1);

    expect(problems).toEqual([]);
    await page.close();
  });
});
