/**
 * The widget playground (examples/playground/, served at /playground/): built from the manifest,
 * each element with a control per attribute and a log of its showroom:* events. For each money
 * element (issue 12): it renders its first state, a wrong value typed into a control shows the
 * element's configuration message (and clearing it brings the element back), and one interaction
 * through the controls or the element: the checkout pays a sample with the test card, the order
 * result then shows that order, the quote payment opens a quote put in by its controls, the split
 * payment's lookup answers 'Order not found.'.
 */
import { spawnSync } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();
const NEXT_YEAR = String(new Date().getFullYear() + 1);

/** The playground section of one element: its controls, the element and its event log. */
function sectionOf(page: Page, tagName: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: `<${tagName}>`, exact: true }) });
}

/** Types into an attribute's control as a person would; leaving the field commits it (change). */
async function setControl(page: Page, tagName: string, attribute: string, value: string): Promise<void> {
  const control = page.locator(`[id="${tagName}-${attribute}"]`);
  await control.fill(value);
  await control.press('Tab');
}

/** A wrong URL in a control: the element says so in place of itself, and comes back once it is cleared. */
async function expectConfigurationMessage(page: Page, tagName: string, attribute: string): Promise<void> {
  const element = page.locator(tagName);
  await setControl(page, tagName, attribute, 'not-a-url');
  expect(await element.getAttribute(attribute)).toBe('not-a-url');
  const message = element.locator('[part="message"]');
  await message.getByText(`<${tagName}>: please check its configuration.`).waitFor();
  await message.getByText(`${attribute}="not-a-url" is not an http(s) URL such as https://shop.example.com.`).waitFor();
  await setControl(page, tagName, attribute, '');
  expect(await element.getAttribute(attribute)).toBeNull();
  await message.waitFor({ state: 'detached' });
}

function createQuote(): URL {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/quote-cli.ts', 'create', 'examples/quotes/kitchen-remodel.json'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${shop.server.databaseFile}`, PUBLIC_URL: shop.server.url },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  const line = result.stdout.split('\n').find((l) => l.startsWith('Payment link: '))!;
  return new URL(line.slice('Payment link: '.length));
}

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

  it('<showroom-checkout>: the empty cart, a wrong success-url, then a sample paid with the test card; <showroom-order-result> then shows the order', async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/playground/`);
    const checkout = page.locator('showroom-checkout');
    await checkout.getByText('Looks like you have not added anything to your cart.', { exact: false }).waitFor();
    expect(await sectionOf(page, 'showroom-checkout').getByText(/^Try it: Order a sample/).count()).toBe(1);
    await expectConfigurationMessage(page, 'showroom-checkout', 'success-url');
    const result = page.locator('showroom-order-result');
    await result.getByText('No recent order was found in this browser.').waitFor();
    await expectConfigurationMessage(page, 'showroom-order-result', 'api-base');
    await result.getByText('No recent order was found in this browser.').waitFor();

    // A sample from the playground's <showroom-order-samples> is in the checkout's cart (the same store's).
    const order = page.locator('showroom-order-samples');
    await order.getByRole('checkbox').first().check();
    await order.getByRole('button', { name: 'Order Now' }).click();
    await checkout.getByText('Hartford Shaker', { exact: false }).first().waitFor();
    const billing = checkout.getByRole('group', { name: 'Billing address' });
    const address: [RegExp, string][] = [[/^First name/, 'Ada'], [/^Last name/, 'Lovelace'], [/^Email/, 'ada.playground@example.com'], [/^Phone/, '5125550100'], [/^Address line 1/, '1 Main St'], [/^City/, 'Austin'], [/^ZIP code/, '78701']];
    for (const [label, value] of address) await billing.getByLabel(label).fill(value);
    await billing.getByLabel(/^State/).selectOption('TX');
    await checkout.getByTestId('shipping-method').getByText(/\$\d/).waitFor();
    await checkout.getByLabel('Card number').fill('4242424242424242');
    await checkout.getByLabel('Expiry month').selectOption('12');
    await checkout.getByLabel('Expiry year').selectOption(NEXT_YEAR);
    await checkout.getByLabel('CVV').fill('123');
    await checkout.getByRole('button', { name: 'Place Order' }).click();

    // Without success-url, the number is shown in place; the log has the events with it.
    const paid = checkout.locator('[part="success"]');
    await paid.getByText('Thank you for your order!').waitFor();
    const orderNumber = (await paid.locator('strong').textContent())!;
    expect(orderNumber).toMatch(/^\d+$/);
    const log = page.getByRole('list', { name: 'Events from <showroom-checkout>' });
    await log.getByText(new RegExp(`^showroom:order-placed \\{"orderNumber":"${orderNumber}","total":\\d`)).waitFor();
    await log.getByText(new RegExp(`^showroom:payment-completed \\{"orderNumber":"${orderNumber}",.*"method":"card","remainingBalance":0\\}$`)).waitFor();

    // <showroom-order-result> shows the order this browser just paid; its heading follows its control.
    await page.reload();
    await result.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    expect(await result.locator('strong').textContent()).toBe(orderNumber);
    await setControl(page, 'showroom-order-result', 'heading', 'Your samples are on their way');
    await result.getByRole('heading', { name: 'Your samples are on their way' }).waitFor();
    expect(await result.locator('strong').textContent()).toBe(orderNumber);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('<showroom-quote-payment>: the dead end without a link, a wrong home-url, then the quote put in by its controls', async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/playground/`);
    const quote = page.locator('showroom-quote-payment');
    await quote.getByText('Quote not found. The link may be incorrect.').waitFor();
    expect(await quote.getByRole('link', { name: 'Go to Home Page' }).getAttribute('href')).toBe(`${shop.server.url}/`);
    await expectConfigurationMessage(page, 'showroom-quote-payment', 'home-url');

    const link = createQuote();
    await setControl(page, 'showroom-quote-payment', 'quote-id', link.searchParams.get('quoteId')!);
    await setControl(page, 'showroom-quote-payment', 'token', link.searchParams.get('token')!);
    await quote.getByRole('heading', { name: /^Quote #Q\d+ \(PO PO-2026-0142\)$/ }).waitFor();
    await quote.getByLabel('Amount to pay now').waitFor();
    // Choosing a method is heard by the page.
    const methods = quote.getByRole('group', { name: 'Payment method' });
    await methods.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByRole('list', { name: 'Events from <showroom-quote-payment>' }).getByText('showroom:payment-method-selected {"name":"paypal"}').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("<showroom-split-payment>: the lookup form, a wrong success-url, then 'Order not found.' with Go Back", async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/playground/`);
    const split = page.locator('showroom-split-payment');
    await split.getByRole('button', { name: 'Fetch Order' }).waitFor();
    await expectConfigurationMessage(page, 'showroom-split-payment', 'success-url');

    await split.getByRole('button', { name: 'Fetch Order' }).click();
    await split.getByText('Order ID is required').waitFor();
    await split.getByLabel('Order ID').fill('999999');
    await split.getByLabel('Email').fill('nobody@example.com');
    await split.getByRole('button', { name: 'Fetch Order' }).click();
    await split.getByText('Order not found.').waitFor();
    expect(await split.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/playground/');
    // The store's 404 for the unknown order is the one error the console shows.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });
});
