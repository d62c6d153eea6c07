/**
 * The steps the checkout journeys share: samples put in the cart through the order-samples block,
 * the checkout form filled as a visitor fills it, and what the database holds for an e-mail
 * afterwards.
 *
 * The whole path, from the samples block to the success page, is driven once for each gateway
 * (e2e/checkout-journey.e2e.ts for the test gateway, e2e/checkout-journey-providers.e2e.ts for the
 * others). A journey about something else (a payment left waiting, the other loopback name, a
 * dealer's page) starts from a cart already in the browser's storage (`withSamplesInCart`) and
 * asserts what differs on top of the same steps.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoCatalog } from '../server/api/commerce-test-kit';
import { SAMPLE_CART_KEY, type StoredSample } from '../widgets/cart-store/sample-cart';
import { ORDER_SUCCESS_KEY } from '../widgets/payment/order-success-store';
import { withServerDatabase } from './server-database';
import { waitForOrderSuccess } from './order-success';

export const NEXT_YEAR = String(new Date().getFullYear() + 1);

/** A visitor on /order-samples ticks the first `count` samples and presses Order Now. */
export async function addSamplesThroughTheBlock(page: Page, baseUrl: string, count: number): Promise<void> {
  await page.goto(`${baseUrl}/order-samples`);
  const block = page.locator('.sr-order-samples-block');
  const boxes = block.getByRole('checkbox');
  await boxes.first().waitFor();
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await block.getByRole('button', { name: 'Order Now' }).click();
  await block.getByText(/added to your cart/).waitFor();
  await page.locator('.header__samples-count').getByText(String(count)).waitFor();
}

/** The first `count` samples of the demo catalog, as the order-samples block stores them. */
export function demoSamples(count: number): StoredSample[] {
  return demoCatalog.all().filter((s) => s.isSample !== false).slice(0, count).map((s) => ({ name: s.name, sku: s.sku, qty: 1, ...(s.finish ? { finish: { type: s.finish.type, value: s.finish.value } } : {}) }));
}

/**
 * Puts `count` samples in the sample cart of every page of this context opens, once per tab: what
 * the order-samples block leaves in storage, without driving it again. `key` is the cart's storage
 * key (a dealer's page keeps its own, widgets/cart-store/sample-cart.ts cartStorageKey).
 */
export async function withSamplesInCart(context: BrowserContext, count: number, key = SAMPLE_CART_KEY): Promise<void> {
  const cart = JSON.stringify({ expiresAt: Date.now() + 3_600_000, items: demoSamples(count) });
  // Once per tab (sessionStorage lives as long as the tab): a cart emptied by an order stays empty.
  await context.addInitScript(
    ([storageKey, stored]) => {
      if (sessionStorage.getItem('test:cart-seeded')) return;
      sessionStorage.setItem('test:cart-seeded', '1');
      localStorage.setItem(storageKey!, stored!);
    },
    [key, cart],
  );
}

export interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

export const buyer = (email: string): Buyer => ({ firstName: 'Ada', lastName: 'Lovelace', email, phone: '5125550100', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' });

/** The billing group filled (shipping is the same), then the server's shipping method waited for. */
export async function fillBilling(page: Page, who: Buyer): Promise<void> {
  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel(/^First name/).fill(who.firstName);
  await billing.getByLabel(/^Last name/).fill(who.lastName);
  await billing.getByLabel(/^Email/).fill(who.email);
  await billing.getByLabel(/^Phone/).fill(who.phone);
  await billing.getByLabel(/^Address line 1/).fill(who.street);
  await billing.getByLabel(/^City/).fill(who.city);
  await billing.getByLabel(/^State/).selectOption(who.state);
  await billing.getByLabel(/^ZIP code/).fill(who.zip);
  await page.getByTestId('shipping-method').getByText(/\$\d/).waitFor();
}

/** The offline test gateway's card form under the checkout. */
export async function typeTestCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(NEXT_YEAR);
  await page.getByLabel('CVV').fill('123');
}

export interface StoredOrder {
  id: number;
  incrementId: string;
  status: string;
  payments: Array<{ status: string; gateway: string; method: string }>;
}

/** Every order stored for an e-mail, with its payments in the order they were made. */
export function storedOrders(databaseUrl: string, email: string): Promise<StoredOrder[]> {
  return withServerDatabase(databaseUrl, async (q) => {
    const orders = await q.all(q.db.selectFrom('sales_order').select(['id', 'increment_id as incrementId', 'status']).where('email', '=', email).orderBy('id'));
    const stored: StoredOrder[] = [];
    for (const o of orders) {
      const payments = await q.all(q.db.selectFrom('payment').select(['status', 'gateway', 'method']).where('order_id', '=', o.id).orderBy('id'));
      stored.push({ ...o, incrementId: o.incrementId!, payments });
    }
    return stored;
  });
}

/**
 * The success page: the order number in bold; the stored number read once and gone; the cart empty,
 * so the header shows no sample count.
 */
export async function expectSuccessPage(page: Page, baseUrl: string, incrementId: string): Promise<void> {
  await waitForOrderSuccess(page, baseUrl);
  const block = page.locator('.sr-order-success-block');
  await block.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
  await block.locator('strong', { hasText: incrementId }).waitFor();
  const storage = await page.evaluate((keys) => ({ success: localStorage.getItem(keys[0]!), cart: localStorage.getItem(keys[1]!) }), [ORDER_SUCCESS_KEY, SAMPLE_CART_KEY]);
  expect(storage).toEqual({ success: null, cart: null });
  expect(await page.locator('.header__samples').count()).toBe(0);
}

/** The customer's confirmation and the store's notice for an order, as /dev/mail lists them. */
export async function expectOrderMails(baseUrl: string, incrementId: string, email: string): Promise<void> {
  const mail = await fetch(`${baseUrl}/dev/mail`).then((r) => r.text());
  expect(mail).toContain(`Order Confirmation #${incrementId}`);
  expect(mail).toContain(`New Order #${incrementId}`);
  expect(mail).toContain(email);
}
