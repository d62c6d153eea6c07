/**
 * The widget playground (examples/playground/, served at /playground/): built from the manifest,
 * each element with a control per attribute and a log of its showroom:* events. The developer's
 * journey: every element starts working (the estimator with the store's template), the values the
 * store knows are lists read from it, "Copy HTML" puts the element's snippet on the clipboard (or
 * selects it when the browser refuses), the address keeps the element and its attributes so a
 * reload comes back to them, and a new style-name leaves no message of the last one; screenshots at
 * 390 and 1280 px, and no serious axe violation in the playground's own controls. For each money
 * element: it renders its first state, a wrong value typed into a control shows the element's
 * configuration message (and clearing it brings the element back), and one interaction
 * through the controls or the element: the checkout pays a sample with the test card, the order
 * result then shows that order, the quote payment opens a quote put in by its controls, the split
 * payment's lookup answers 'Order not found.'.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../server/build-output';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';
import { createQuoteLink } from './quote-journey-kit';

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

/** The options of a select: [value, text]. */
function optionsOf(select: Locator): Promise<[string, string][]> {
  return select.locator('option').evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent!] as [string, string]));
}

async function storeJson<T>(path: string): Promise<T> {
  return (await (await fetch(`${shop.server.url}${path}`)).json()) as T;
}

describe("the developer's playground (issue 18)", () => {
  it("the estimator starts with the store's template and no error; templates, styles and payment methods are lists of the store's", async () => {
    const page = await shop.browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/playground/`);
    const estimator = page.locator('showroom-estimator');
    await estimator.getByRole('heading', { name: 'Kitchen price estimator' }).waitFor();
    expect(await estimator.locator('[part="message"]').count()).toBe(0);
    expect(await estimator.getAttribute('template')).toBe('kitchen-estimator');

    // The template is chosen from the store's templates, never typed; a required one has no (none).
    const { templates } = await storeJson<{ templates: { name: string; title: string }[] }>('/api/estimator');
    const template = page.getByLabel('template', { exact: true });
    expect(await template.evaluate((c) => c.tagName)).toBe('SELECT');
    expect(await optionsOf(template)).toEqual(templates.map((t) => [t.name, `${t.title} (${t.name})`]));
    expect(await template.inputValue()).toBe('kitchen-estimator');

    // The style of the samples: each style of the store's catalog, once.
    const { samples } = await storeJson<{ samples: { style: string }[] }>('/api/catalog/samples');
    const styleName = page.getByLabel('style-name', { exact: true });
    const styles = (await optionsOf(styleName)).map(([value]) => value);
    expect([...styles].sort()).toEqual([...new Set(samples.map((s) => s.style))].sort());
    expect(await styleName.inputValue()).toBe('hartford-shaker');
    // The order result's method: the store's payment methods, or none (the method saved by the checkout).
    const { paymentMethods } = await storeJson<{ paymentMethods: { name: string }[] }>('/api/payment-methods');
    expect((await optionsOf(page.getByLabel('method', { exact: true }))).map(([value]) => value)).toEqual(['', ...paymentMethods.map((m) => m.name)]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Copy HTML puts the exact snippet on the clipboard, and selects it when the browser refuses', async () => {
    const context = await shop.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/playground/`);
    await page.getByLabel('style-name', { exact: true }).selectOption('soho-slab');
    await setControl(page, 'showroom-order-samples', 'heading', 'Slab doors "in stock"');
    const section = sectionOf(page, 'showroom-order-samples');
    const copy = section.getByRole('button', { name: 'Copy HTML' });
    await copy.click();
    await section.getByRole('button', { name: 'Copied' }).waitFor();
    const snippet = `<script src="${shop.server.url}/widgets/v1/showroom.js" defer></script>\n<showroom-order-samples style-name="soho-slab" heading="Slab doors &quot;in stock&quot;"></showroom-order-samples>`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    expect(await section.locator('pre').textContent()).toBe(snippet);
    await context.close();
    expect(problems).toEqual([]);

    // A browser that refuses the clipboard: the snippet is selected, and the page says how to copy it.
    const refusing = await shop.browser.newContext();
    await refusing.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', { value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) });
    });
    const other = await refusing.newPage();
    await other.goto(`${shop.server.url}/playground/`);
    const estimator = sectionOf(other, 'showroom-estimator');
    await estimator.getByRole('button', { name: 'Copy HTML' }).click();
    await estimator.getByRole('status').getByText('The browser did not allow copying: the snippet is selected, press Ctrl+C (⌘C on a Mac).').waitFor();
    expect(await other.evaluate(() => getSelection()!.toString())).toBe(
      `<script src="${shop.server.url}/widgets/v1/showroom.js" defer></script>\n<showroom-estimator template="kitchen-estimator"></showroom-estimator>`,
    );
    await refusing.close();
  });

  it('the address keeps the element and its attributes: a reload comes back to them; a proof of access stays out of it', async () => {
    const page = await shop.browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/playground/`);
    await page.getByLabel('style-name', { exact: true }).selectOption('soho-slab');
    await setControl(page, 'showroom-order-samples', 'heading', 'Slab doors');
    expect(new URL(page.url()).hash).toBe('#showroom-order-samples?style-name=soho-slab&heading=Slab+doors');
    const link = sectionOf(page, 'showroom-order-samples').getByRole('link', { name: 'Link to this element with these attributes' });
    expect(await link.getAttribute('href')).toBe('#showroom-order-samples?style-name=soho-slab&heading=Slab+doors');

    await page.reload();
    const samples = page.locator('showroom-order-samples');
    await samples.getByRole('heading', { name: 'Slab doors' }).waitFor();
    expect(await samples.getAttribute('style-name')).toBe('soho-slab');
    expect(await page.getByLabel('style-name', { exact: true }).inputValue()).toBe('soho-slab');
    expect(await page.locator('[id="showroom-order-samples-heading"]').count()).toBe(1);
    expect(await page.locator('[id="showroom-order-samples-heading"]').inputValue()).toBe('Slab doors');
    // The linked element is the one on screen.
    await expect.poll(() => page.locator('#showroom-order-samples').evaluate((s) => Math.round(s.getBoundingClientRect().top))).toBeLessThan(20);
    // The other elements start as usual.
    await page.locator('showroom-estimator').getByRole('heading', { name: 'Kitchen price estimator' }).waitFor();

    // A quote link's token works in the element but is not written into the address.
    await setControl(page, 'showroom-quote-payment', 'quote-id', '42');
    await setControl(page, 'showroom-quote-payment', 'token', 'secret-token');
    expect(await page.locator('showroom-quote-payment').getAttribute('token')).toBe('secret-token');
    expect(new URL(page.url()).hash).toBe('#showroom-quote-payment?quote-id=42');
    // The store refuses the made-up quote (a 4xx): the one error the console shows.
    expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    await page.close();
  });

  it("a new style-name starts the element afresh: the last style's message does not stay", async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.server.url}/playground/`);
    const samples = page.locator('showroom-order-samples');
    await samples.getByRole('button', { name: 'Order Now' }).click();
    await samples.getByText('Please select at least one sample.').waitFor();
    await page.getByLabel('style-name', { exact: true }).selectOption('soho-slab');
    await samples.getByRole('heading', { name: 'Order SoHo Slab door samples' }).waitFor();
    // Well inside the message's 5 seconds.
    expect(await samples.getByText('Please select at least one sample.').count()).toBe(0);
    expect(await samples.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await page.close();
  });

  it('usable at 390 and 1280 px: labelled 16 px controls, 44 px targets, no sideways scrolling; screenshots', async () => {
    const shots = path.resolve(projectRoot, process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots');
    fs.mkdirSync(shots, { recursive: true });
    for (const width of [390, 1280]) {
      const context = await shop.browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/playground/#showroom-order-samples?style-name=hartford-shaker&heading=Door+samples`);
      await page.locator('showroom-order-samples').getByRole('heading', { name: 'Door samples' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      const sizes = await page.locator('main .controls input:not([type="checkbox"]), main .controls select, main .snippet button, main nav a').evaluateAll((nodes) =>
        nodes.map((n) => ({ id: n.id || n.textContent, height: n.getBoundingClientRect().height, font: getComputedStyle(n).fontSize })),
      );
      expect(sizes.length).toBeGreaterThan(30);
      expect(sizes.filter((s) => s.height < 44 || s.font !== '16px')).toEqual([]);
      const results = await new AxeBuilder({ page }).include('main > h1').include('main > p').include('nav').include('section > .controls').include('section > .snippet').analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
      // The reader's view, for the docs (looked at, not compared).
      await page.screenshot({ path: path.join(shots, `playground-${width}.png`) });
      await context.close();
    }
  });
});

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
    // PayPal is offered for sample orders, not for completing an order's payment. The element shows
    // no method while it redraws for the new scope: wait for the card to be offered again.
    await expect.poll(() => element.getByRole('radio', { name: /Credit or debit card/ }).count()).toBe(1);
    expect(await element.getByRole('radio', { name: /PayPal/ }).count()).toBe(0);

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

    const link = await createQuoteLink(shop.server);
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
