/**
 * The checkout's journeys on the main site with the offline test gateway, in Chromium against the
 * whole store at http://localhost:PORT, asserting on what the visitor sees and what is stored:
 * - samples chosen on /order-samples (the one journey that drives the block; the others start from
 *   the same cart in storage), /checkout filled, a declined card ('Your card was declined.',
 *   the order kept), then a good card paying the same order: one order, a failed and a completed
 *   payment, status `ordered`; the success page with the order number in bold, the cart empty, the
 *   customer's and the store's e-mails in /dev/mail;
 * - the card that needs authentication through the test authentication page and
 *   /payment/verify/test to /order/success; 'Fail authentication' to /payment/fail, the order kept;
 * - a customer signed in through the account pages gets the prefill; signed out, nothing is asked;
 * - the whole checkout with the keyboard alone on a 390 px phone, and axe with the errors shown and
 *   with the slide-in cart open.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CART_KEY } from '../widgets/cart-store/sample-cart';
import { watchConsole } from './browser';
import { addSamplesThroughTheBlock, buyer, expectOrderMails, expectSuccessPage, fillBilling, NEXT_YEAR, storedOrders, typeTestCard, withSamplesInCart } from './checkout-journey-kit';
import { useShop } from './shop-fixture';
import { waitForOrderSuccess } from './order-success';

const shop = useShop();

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/**
 * A fresh visitor (own storage) with samples in the cart, on /checkout: chosen on the order-samples
 * block `throughTheBlock`, otherwise already in storage as the block leaves them.
 */
async function visitorAtCheckout(samples: number, options: Parameters<typeof shop.browser.newContext>[0] = {}, throughTheBlock = false): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await shop.browser.newContext(options);
  if (!throughTheBlock) await withSamplesInCart(context, samples);
  const page = await context.newPage();
  const problems = watchConsole(page);
  if (throughTheBlock) await addSamplesThroughTheBlock(page, shop.server.url, samples);
  await page.goto(`${shop.server.url}/checkout`);
  await page.locator('.sr-checkout-block').getByRole('complementary', { name: /Order summary/ }).or(page.getByRole('button', { name: /Cart \(/ })).first().waitFor();
  return { context, page, problems };
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' }).click();

describe('samples to a paid order with the test card', () => {
  it('a declined card keeps the order; a good card pays the same one; success page, empty cart, both e-mails', async () => {
    const email = 'ada.journey@example.com';
    const { context, page, problems } = await visitorAtCheckout(2, { viewport: { width: 1280, height: 900 } }, true);
    const summary = page.getByRole('complementary', { name: /Order summary/ });
    await summary.getByText('(2 items)').waitFor();
    await fillBilling(page, buyer(email));
    await page.getByRole('radio', { name: /Credit or debit card/ }).check();

    await typeTestCard(page, '4000 0000 0000 0002');
    await placeOrder(page);
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    // The order exists and waits for its payment; the visitor is still on the checkout with the cart.
    const [declined] = await storedOrders(shop.server.databaseUrl, email);
    expect(declined).toMatchObject({ status: 'pending', payments: [{ status: 'failed', gateway: 'test' }] });
    expect(page.url()).toBe(`${shop.server.url}/checkout`);
    await summary.getByText('(2 items)').waitFor();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await placeOrder(page);
    await expectSuccessPage(page, shop.server.url, declined!.incrementId);

    const orders = await storedOrders(shop.server.databaseUrl, email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: declined!.id, status: 'ordered' });
    expect(orders[0]!.payments.map((p) => p.status)).toEqual(['failed', 'completed']);
    await expectOrderMails(shop.server.url, declined!.incrementId, email);

    // The cart stays empty on the next visit: the checkout shows its empty-cart view.
    await page.goto(`${shop.server.url}/checkout`);
    await page.getByText('Looks like you have not added anything to your cart. Go ahead & add items to your cart.').waitFor();
    // The decline is a 402 from the store's charge, logged by Chromium as a failed load; nothing else.
    expect(problems.filter((p) => !/status of 402/.test(p))).toEqual([]);
    await context.close();
  });
});

describe('the card that needs authentication', () => {
  it('goes through the test authentication page and /payment/verify/test to /order/success', async () => {
    const email = 'grace.authenticates@example.com';
    const { context, page, problems } = await visitorAtCheckout(1);
    await fillBilling(page, buyer(email));
    await typeTestCard(page, '4000 0025 0000 3155');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    const refused: string[] = [];
    page.on('response', (r) => r.status() >= 400 && refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
    await placeOrder(page);

    await page.waitForURL(/\/api\/payment\/test\/authenticate\?/);
    // The bank's page is the store's own, at the address the visitor uses (http://localhost:PORT).
    expect(new URL(page.url()).origin).toBe(shop.server.url);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Test authentication');
    const [pending] = await storedOrders(shop.server.databaseUrl, email);
    expect(pending!.status).toBe('pending_payment');
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expectSuccessPage(page, shop.server.url, pending!.incrementId);
    expect(visited).toContain('/payment/verify/test');
    const [paid] = await storedOrders(shop.server.databaseUrl, email);
    expect(paid).toMatchObject({ id: pending!.id, status: 'ordered', payments: [{ status: 'completed', gateway: 'test' }] });
    await expectOrderMails(shop.server.url, paid!.incrementId, email);
    // The charge answers the card that needs authentication with a 402 and its next action (a 402
    // so that no client takes it for paid; server/api/payments/test-payment-routes.ts); Chromium logs it.
    expect(refused).toEqual(['402 POST /api/payment/test/charge']);
    expect(problems).toEqual(['error: Failed to load resource: the server responded with a status of 402 (Payment Required)']);
    await context.close();
  });

  it("'Fail authentication' lands on /payment/fail; the order and the cart are kept for another try", async () => {
    const email = 'alan.fails@example.com';
    const { context, page } = await visitorAtCheckout(1);
    await fillBilling(page, buyer(email));
    await typeTestCard(page, '4000 0025 0000 3155');
    await placeOrder(page);
    await page.waitForURL(/\/api\/payment\/test\/authenticate\?/);
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    await page.waitForURL(`${shop.server.url}/payment/fail`);
    const block = page.locator('.sr-payment-failure-block');
    await block.getByRole('heading', { level: 1, name: 'Payment failed' }).waitFor();
    const [kept] = await storedOrders(shop.server.databaseUrl, email);
    expect(kept!.payments.map((p) => p.status)).toEqual(['failed']);
    expect(kept!.status).not.toBe('ordered');
    await block.locator('strong', { hasText: kept!.incrementId }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), SAMPLE_CART_KEY)).not.toBeNull();

    // Back to checkout: the same order is paid with a good card.
    await block.getByRole('link', { name: 'Back to checkout' }).click();
    await page.waitForURL(`${shop.server.url}/checkout`);
    await fillBilling(page, buyer(email));
    await typeTestCard(page, '4242 4242 4242 4242');
    await placeOrder(page);
    await expectSuccessPage(page, shop.server.url, kept!.incrementId);
    const orders = await storedOrders(shop.server.databaseUrl, email);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.payments.map((p) => p.status)).toEqual(['failed', 'completed']);
    await page.waitForLoadState('networkidle');
    await context.close();
  });
});

/** Waits until every island hydrated at load has (a click before that reaches no handler). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('showroom-island[data-hydrate="load"]')].every((el) => el.getAttribute('data-hydrated') === 'true'));
}

describe('the signed-in prefill', () => {
  it('a customer signed in through the account pages gets the checkout prefilled; after signing out nothing is asked', async () => {
    const email = 'grace.signed.in@example.com';
    const password = 'a long enough passphrase';
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(shop.server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post('/api/my-account/register', { email, password, firstName: 'Grace', lastName: 'Hopper' })).status).toBe(202);
    const { accessToken } = (await (await post('/api/my-account/login', { email, password })).json()) as { accessToken: string };
    const address = { firstName: 'Grace', lastName: 'Hopper', street1: '9 Navy Way', city: 'Arlington', state: 'VA', zipCode: '22201', countryId: 'US', phoneNumber: '7035550100' };
    expect((await post('/api/my-account/address', { ...address, type: 'billing', isDefault: true, defaultShipping: true }, { Authorization: `Bearer ${accessToken}` })).status).toBe(201);

    const context = await shop.browser.newContext();
    await withSamplesInCart(context, 1);
    const page = await context.newPage();
    const problems = watchConsole(page);
    const prefills: number[] = [];
    page.on('response', (r) => r.url().endsWith('/api/my-account/checkout-prefill') && prefills.push(r.status()));
    await page.goto(`${shop.server.url}/my-account/login`);
    await hydrated(page);
    const form = page.locator('main .sf-form');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/my-account/login'));

    await page.goto(`${shop.server.url}/checkout`);
    const billing = page.getByRole('group', { name: 'Billing address' });
    await expect.poll(() => billing.getByLabel(/^Address line 1/).inputValue()).toBe('9 Navy Way');
    expect(await billing.getByLabel(/^Email/).inputValue()).toBe(email);
    expect(await billing.getByLabel(/^Email/).isDisabled()).toBe(true);
    expect(prefills).toEqual([200]);

    // Signed out: the hint is gone, so the checkout asks nothing and the form is a guest's.
    await page.goto(`${shop.server.url}/my-account`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/my-account/login');
    await page.goto(`${shop.server.url}/checkout`);
    await page.getByTestId('shipping-method').waitFor();
    expect(await billing.getByLabel(/^Email/).inputValue()).toBe('');
    expect(prefills).toEqual([200]);
    expect(problems).toEqual([]);
    // Let the page's last requests end before the context closes (the server logs a cut stream).
    await page.waitForLoadState('networkidle');
    await context.close();
  });
});

describe('the keyboard alone on a 390 px phone', () => {
  /** What Tab should reach: a field by the start of its label, or a button by its text. */
  type Stop = { label: string } | { button: RegExp };
  /** Presses Tab (or Shift+Tab) until the focused element is `stop`, at most `limit` times. */
  async function tabTo(page: Page, stop: Stop, options: { back?: boolean; limit?: number } = {}): Promise<void> {
    for (let i = 0; i < (options.limit ?? 60); i++) {
      await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
      const reached = await page.evaluate(
        ({ label, button }) => {
          const el = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
          if (!el) return false;
          if (label !== undefined) return el.labels?.[0]?.textContent?.trim().startsWith(label) ?? false;
          return el.tagName === 'BUTTON' && new RegExp(button!).test(el.getAttribute('aria-label') ?? el.textContent ?? '');
        },
        'label' in stop ? { label: stop.label, button: undefined } : { label: undefined, button: stop.button.source },
      );
      if (reached) return;
    }
    throw new Error(`Tab never reached ${JSON.stringify('label' in stop ? stop.label : stop.button.source)}`);
  }
  const labelled = (label: string): Stop => ({ label });
  const PLACE_ORDER: Stop = { button: /^Place Order$/ };

  it('from the empty form to the success page with Tab, Shift+Tab, Enter and Space; axe with the errors shown and with the cart open', async () => {
    const email = 'keys.only@example.com';
    const { context, page, problems } = await visitorAtCheckout(2, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const toggle = page.getByRole('button', { name: /Cart \(2 items\)/ });
    await toggle.waitFor();

    // Submitting the empty form: the address and the card are checked together, every field marked,
    // the alert shown, and the focus on the first wrong field of the page (the billing first name).
    await tabTo(page, PLACE_ORDER);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Please complete all required fields before proceeding with payment.' }).waitFor();
    const billing = page.getByRole('group', { name: 'Billing address' });
    await expect.poll(() => billing.getByLabel(/^First name/).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await billing.getByLabel(/^First name/).getAttribute('aria-invalid')).toBe('true');
    expect(await billing.getByText('ZIP/Postal code is required').count()).toBe(1);
    const cardNumber = page.getByLabel('Card number');
    expect(await cardNumber.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Card number is required').waitFor();

    // The card, typed; the test gateway's method is the default.
    expect(await page.getByRole('radio', { name: /Credit or debit card/ }).isChecked()).toBe(true);
    await tabTo(page, labelled('Card number'));
    await page.keyboard.type('4242424242424242');
    await tabTo(page, labelled('Expiry month'));
    await page.keyboard.type('12');
    await tabTo(page, labelled('Expiry year'));
    await page.keyboard.type(NEXT_YEAR);
    await tabTo(page, labelled('CVV'));
    await page.keyboard.type('123');
    // Enter in the card form submits: the card is fine now, the address still is not; focus goes back to it.
    await page.keyboard.press('Enter');
    await expect.poll(() => billing.getByLabel(/^First name/).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await cardNumber.getAttribute('aria-invalid')).not.toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The slide-in cart: Shift+Tab back up to its button, Space opens it, axe, Escape closes it.
    await tabTo(page, { button: /^Cart \(/ }, { back: true });
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: /Order summary/ });
    await dialog.getByText('Total', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus goes back to the button in the effect after the dialog closes: wait for it, do not expect it the same instant.
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // The form, typed field by field.
    const who = buyer(email);
    for (const [label, text] of [
      ['First name', who.firstName],
      ['Last name', who.lastName],
      ['Email', who.email],
      ['Phone', who.phone],
      ['Address line 1', who.street],
      ['City', who.city],
    ] as const) {
      await tabTo(page, labelled(label));
      await page.keyboard.type(text);
    }
    // The state select: typing its name picks it, as a keyboard user does on a closed select.
    await tabTo(page, labelled('State'));
    await page.keyboard.type('Texas');
    expect(await billing.getByLabel(/^State/).inputValue()).toBe('TX');
    await tabTo(page, labelled('ZIP code'));
    await page.keyboard.type(who.zip);
    await page.getByTestId('shipping-method').getByText(/\$\d/).waitFor();

    // On past the method and the card (kept from before) to the button.
    await tabTo(page, PLACE_ORDER);
    await page.keyboard.press('Enter');

    await waitForOrderSuccess(page, shop.server.url);
    const [order] = await storedOrders(shop.server.databaseUrl, email);
    await expectSuccessPage(page, shop.server.url, order!.incrementId);
    expect((await storedOrders(shop.server.databaseUrl, email))[0]).toMatchObject({ status: 'ordered', payments: [{ status: 'completed' }] });
    expect(problems).toEqual([]);
    await context.close();
  });
});
