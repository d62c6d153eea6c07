/**
 * The dealer's checkout: the dealer example on its own origin under its strict
 * Content-Security-Policy, every CSP violation collected on every page from before the first script.
 * A sample is ordered on the samples page, the cart's Checkout link leads to the dealer's
 * checkout.html, where <showroom-checkout dealer="demo-dealer"> takes the address and the test
 * gateway's card form takes the card. A declined card shows the error inside the element and fires
 * showroom:payment-failed; a good card pays the same order, which the store keeps with the dealer;
 * the thank-you page (the checkout's success-url) shows the number. The card that needs
 * authentication goes to the store's authentication page and comes back to the dealer's thank-you
 * page, whose <showroom-order-result> confirms the payment with this tab's proof (or, when the
 * authentication fails, shows the failure with 'Try again' to the dealer's checkout).
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cartStorageKey } from '../widgets/cart-store/sample-cart';
import { watchConsole } from './browser';
import { withSamplesInCart } from './checkout-journey-kit';
import { withServerDatabase } from './server-database';
import { useShop } from './shop-fixture';

const shop = useShop();
const NEXT_YEAR = String(new Date().getFullYear() + 1);

interface Heard {
  events: { type: string; detail: Record<string, unknown>; page: string }[];
  violations: string[];
}

/**
 * A browser context that reports, from every page it opens (they survive the navigations of the
 * journey), the showroom:* checkout events heard on document and every CSP violation.
 */
async function dealerContext(): Promise<{ context: BrowserContext; page: Page; heard: Heard }> {
  const context = await shop.browser.newContext();
  const heard: Heard = { events: [], violations: [] };
  await context.exposeBinding('reportToTest', ({ frame }, kind: string, type: string, detail: Record<string, unknown>) => {
    if (kind === 'violation') heard.violations.push(`${new URL(frame.url()).pathname}: ${type}`);
    else heard.events.push({ type, detail, page: new URL(frame.url()).pathname });
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { reportToTest: (kind: string, type: string, detail?: unknown) => void }).reportToTest;
    document.addEventListener('securitypolicyviolation', (e) => void report('violation', `${e.violatedDirective} ${e.blockedURI}`));
    for (const type of ['showroom:order-placed', 'showroom:payment-completed', 'showroom:payment-failed']) {
      document.addEventListener(type, (e) => void report('event', type, (e as CustomEvent).detail));
    }
  });
  return { context, page: await context.newPage(), heard };
}

/** On the dealer's samples page: one Hartford Shaker sample in the cart, then the cart's Checkout link. */
async function orderSampleAndGoToCheckout(page: Page): Promise<void> {
  await page.goto(shop.server.dealerUrl);
  const order = page.locator('showroom-order-samples[style-name="hartford-shaker"]');
  await order.getByRole('checkbox').first().check();
  await order.getByRole('button', { name: 'Order Now' }).click();
  await order.getByText('Sample added to your cart.').waitFor();
  const checkoutLink = page.locator('showroom-sample-cart').getByRole('link', { name: 'Checkout' });
  expect(await checkoutLink.getAttribute('href')).toBe(`${shop.server.dealerUrl}/checkout.html`);
  await checkoutLink.click();
  await page.waitForURL(`${shop.server.dealerUrl}/checkout.html`);
}

/**
 * On the dealer's checkout with a sample already in the dealer's cart, as the samples page leaves
 * it (the first journey orders it there; the others start here).
 */
async function atCheckoutWithSample(context: BrowserContext, page: Page): Promise<void> {
  await withSamplesInCart(context, 1, cartStorageKey(shop.server.url, 'demo-dealer', shop.server.dealerUrl));
  await page.goto(`${shop.server.dealerUrl}/checkout.html`);
}

async function fillAddress(page: Page, email: string): Promise<void> {
  const billing = page.locator('showroom-checkout').getByRole('group', { name: 'Billing address' });
  await billing.getByLabel(/^First name/).fill('Ada');
  await billing.getByLabel(/^Last name/).fill('Lovelace');
  await billing.getByLabel(/^Email/).fill(email);
  await billing.getByLabel(/^Phone/).fill('5125550100');
  await billing.getByLabel(/^Address line 1/).fill('1 Main St');
  await billing.getByLabel(/^City/).fill('Austin');
  await billing.getByLabel(/^State/).selectOption('TX');
  await billing.getByLabel(/^ZIP code/).fill('78701');
  await page.locator('showroom-checkout').getByTestId('shipping-method').getByText(/\$\d/).waitFor();
}

/** The test gateway's card form inside the element, typed as a customer would. */
async function typeCard(page: Page, cardNumber: string): Promise<void> {
  const checkout = page.locator('showroom-checkout');
  await checkout.getByLabel('Card number').fill('');
  await checkout.getByLabel('Card number').pressSequentially(cardNumber);
  await checkout.getByLabel('Expiry month').selectOption('12');
  await checkout.getByLabel('Expiry year').selectOption(NEXT_YEAR);
  await checkout.getByLabel('CVV').fill('123');
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

function storedOrders(email: string) {
  return withServerDatabase(shop.server.databaseUrl, async (q) => {
    const orders = await q.all(q.db.selectFrom('sales_order').select(['id', 'increment_id', 'status', 'dealer_origin']).where('email', '=', email).orderBy('id'));
    const payments: string[] = [];
    for (const o of orders) {
      for (const p of await q.all(q.db.selectFrom('payment').select('status').where('order_id', '=', o.id).orderBy('id'))) payments.push(p.status);
    }
    return { orders, payments };
  });
}

describe("the dealer's checkout", () => {
  it('a declined card shows the error in the element and fires payment-failed; a good card pays the same order, stored with the dealer; the thank-you page shows its number', async () => {
    const email = 'ada.dealer@example.com';
    const { context, page, heard } = await dealerContext();
    const problems = watchConsole(page);
    await orderSampleAndGoToCheckout(page);
    expect(new URL(page.url()).origin).not.toBe(new URL(shop.server.url).origin);
    expect((await page.request.get(`${shop.server.dealerUrl}/checkout.html`)).headers()['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);

    const checkout = page.locator('showroom-checkout');
    await checkout.getByText('Hartford Shaker', { exact: false }).first().waitFor();
    await fillAddress(page, email);
    // The store's default method is the offline test gateway's card; its form is in the element.
    await typeCard(page, '4000000000000002');
    await checkout.getByRole('button', { name: 'Place Order' }).click();

    // The decline: inside the element, and on the host page through showroom:payment-failed.
    await checkout.locator('[part="payment-error"]').getByText('Your card was declined.').waitFor();
    const placed = heard.events.filter((e) => e.type === 'showroom:order-placed');
    expect(placed).toHaveLength(1);
    const orderNumber = placed[0]!.detail.orderNumber as string;
    expect(orderNumber).toMatch(/^\d+$/);
    await page.getByText(`Payment failed for order ${orderNumber}: Your card was declined.`).waitFor();
    expect(heard.events.filter((e) => e.type === 'showroom:payment-failed').map((e) => e.detail)).toEqual([{ orderNumber, method: 'card', message: 'Your card was declined.' }]);
    expect(await storedOrders(email)).toMatchObject({ orders: [{ increment_id: orderNumber, status: 'pending', dealer_origin: 'demo-dealer' }], payments: ['failed'] });
    // The dealer's page with the element and its error shown: no serious accessibility problem.
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A good card pays the same order, then the checkout's success-url: the dealer's thank-you page.
    await typeCard(page, '4242424242424242');
    await checkout.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(`${shop.server.dealerUrl}/thank-you.html`);
    const result = page.locator('showroom-order-result');
    await result.getByText('Thank you for your order').waitFor();
    expect(await result.locator('strong', { hasText: orderNumber }).count()).toBe(1);
    await result.getByText(`Your order ${orderNumber} has been placed.`, { exact: false }).waitFor();
    expect(await result.getByRole('link', { name: 'Back to Riverside Home Center' }).getAttribute('href')).toBe(`${shop.server.dealerUrl}/`);

    // One order, the dealer's, paid: a failed and a completed payment. The host page heard each step once.
    const stored = await storedOrders(email);
    expect(stored.orders).toEqual([{ id: expect.any(Number), increment_id: orderNumber, status: 'ordered', dealer_origin: 'demo-dealer' }]);
    expect(stored.payments).toEqual(['failed', 'completed']);
    expect(heard.events.map((e) => `${e.page} ${e.type}`)).toEqual(['/checkout.html showroom:order-placed', '/checkout.html showroom:payment-failed', '/checkout.html showroom:payment-completed']);
    const completed = heard.events.find((e) => e.type === 'showroom:payment-completed')!.detail;
    expect(completed).toEqual({ orderNumber, amount: expect.any(Number), method: 'card', remainingBalance: 0 });
    // Never card data in what the host page hears.
    expect(JSON.stringify(heard.events)).not.toMatch(/4242|4000000000000002|cvv|cardNumber/i);

    // The cart is empty now, everywhere on the dealer's site.
    await page.locator('showroom-cart-count').locator('.sr-count').getByText('0').waitFor();
    expect(heard.violations).toEqual([]);
    // The decline's 402 is the one error the console shows.
    expect(problems.filter((p) => !/status of 402/.test(p))).toEqual([]);
    await context.close();
  });

  it('the card that needs authentication goes through the store\'s authentication page back to the dealer\'s thank-you page', async () => {
    const email = 'grace.dealer@example.com';
    const { context, page, heard } = await dealerContext();
    const problems: { text: string; url: string }[] = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push({ text: msg.text(), url: msg.location().url }));
    page.on('pageerror', (err) => problems.push({ text: err.message, url: '' }));
    await atCheckoutWithSample(context, page);
    await fillAddress(page, email);
    await typeCard(page, '4000002500003155');
    await page.locator('showroom-checkout').getByRole('button', { name: 'Place Order' }).click();

    // The store's page (its origin, its policy) stands in for the bank.
    await page.waitForURL(/\/api\/payment\/test\/authenticate\?/);
    expect(new URL(page.url()).origin).toBe(new URL(shop.server.url).origin);
    expect((await storedOrders(email)).orders).toMatchObject([{ status: 'pending_payment', dealer_origin: 'demo-dealer' }]);
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    // Back on the dealer's origin: the element verifies with this tab's proof, then shows the order.
    const result = page.locator('showroom-order-result');
    await result.getByText('Thank you for your order').waitFor();
    expect(new URL(page.url()).origin).toBe(shop.server.dealerUrl);
    const { orders, payments } = await storedOrders(email);
    expect(orders).toMatchObject([{ status: 'ordered', dealer_origin: 'demo-dealer' }]);
    expect(payments).toEqual(['completed']);
    const orderNumber = orders[0]!.increment_id!;
    expect(await result.locator('strong', { hasText: orderNumber }).count()).toBe(1);
    // The transaction left the address bar, and the host page heard the payment.
    expect(new URL(page.url()).search).toBe('');
    await page.getByText(new RegExp(`^Payment of \\$\\d+\\.\\d{2} received for order ${orderNumber}\\.$`)).waitFor();
    expect(heard.events.map((e) => `${e.page} ${e.type}`)).toEqual(['/checkout.html showroom:order-placed', '/thank-you.html showroom:payment-completed']);
    await page.locator('showroom-cart-count').locator('.sr-count').getByText('0').waitFor();
    expect(heard.violations).toEqual([]);
    // Expected: the charge's 402 (authentication required).
    const expected = [`${shop.server.url}/api/payment/test/charge`];
    expect(problems.filter((p) => !expected.includes(p.url))).toEqual([]);
    await context.close();
  });

  it("a failed authentication comes back to the thank-you page as a failure, with 'Try again' to the dealer's checkout and the order kept", async () => {
    const email = 'hedy.dealer@example.com';
    const { context, page, heard } = await dealerContext();
    await atCheckoutWithSample(context, page);
    await fillAddress(page, email);
    await typeCard(page, '4000002500003155');
    await page.locator('showroom-checkout').getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/api\/payment\/test\/authenticate\?/);
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    const result = page.locator('showroom-order-result');
    await result.getByRole('heading', { name: 'Payment failed' }).waitFor();
    expect(new URL(page.url()).origin).toBe(shop.server.dealerUrl);
    expect(await result.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`${shop.server.dealerUrl}/checkout.html`);
    const { orders, payments } = await storedOrders(email);
    // Unpaid, kept for another card: the authentication step left it waiting for payment.
    expect(orders).toMatchObject([{ status: 'pending_payment', dealer_origin: 'demo-dealer' }]);
    expect(payments).toEqual(['failed']);
    const failed = heard.events.filter((e) => e.type === 'showroom:payment-failed');
    expect(failed).toEqual([{ type: 'showroom:payment-failed', page: '/thank-you.html', detail: expect.objectContaining({ orderNumber: orders[0]!.increment_id }) }]);
    await page.getByText(new RegExp(`^Payment failed for order ${orders[0]!.increment_id}: `)).waitFor();
    // The cart is kept for the retry.
    await page.locator('showroom-cart-count').locator('.sr-count').getByText('1').waitFor();
    expect(heard.violations).toEqual([]);
    await context.close();
  });

  it('on a 390 px phone, shows the order total right above Place Order, the same as the cart summary, in view with the button', async () => {
    const context = await shop.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await atCheckoutWithSample(context, page);
    await fillAddress(page, 'phone.total@example.com');
    const checkout = page.locator('showroom-checkout');
    const placeOrder = checkout.getByRole('button', { name: 'Place Order' });
    await placeOrder.scrollIntoViewIfNeeded();
    const total = checkout.getByRole('region', { name: 'Order total' }).locator('dd.sr-checkout__grand');
    await total.waitFor();
    const [button, figure] = [(await placeOrder.boundingBox())!, (await total.boundingBox())!];
    // Both on the screen at once, the total above the button.
    for (const box of [button, figure]) expect(box.y >= 0 && box.y + box.height <= 844, JSON.stringify(box)).toBe(true);
    expect(figure.y).toBeLessThan(button.y);
    // The cart summary (a panel opened from the top on a phone) says the same total.
    await checkout.getByRole('button', { name: /^Cart \(/ }).click();
    const summaryTotal = checkout.getByRole('dialog').locator('dd.sr-checkout__grand');
    expect(await summaryTotal.textContent()).toBe(await total.textContent());
    expect(await total.textContent()).toMatch(/^\$\d+\.\d\d$/);
    await context.close();
  });

  it('the thank-you page without a paid order sends the visitor back to the checkout, whose empty cart leads to the samples', async () => {
    const { context, page, heard } = await dealerContext();
    await page.goto(`${shop.server.dealerUrl}/thank-you.html`);
    await page.waitForURL(`${shop.server.dealerUrl}/checkout.html`);
    const empty = page.locator('showroom-checkout').getByRole('link', { name: 'Continue Shopping' });
    expect(await empty.getAttribute('href')).toBe(`${shop.server.dealerUrl}/#samples`);
    expect(heard.violations).toEqual([]);
    await context.close();
  });
});
