/**
 * Customer accounts in Chromium on a 390 px phone, one customer's journey:
 * register, sign out, sign in, two addresses with the second made the default shipping address, a
 * sample added on /order-samples and checked out signed in (prefilled from the default addresses,
 * the billing e-mail locked, paid with the test card 4242 4242 4242 4242 typed into the card form),
 * the order in the account with its status badge, items and totals (and in the database: the
 * customer's, no guest flag), a guest order placed earlier with the same e-mail kept out of the
 * account, an address deleted, and a password reset by the link in /dev/mail (the old password
 * refused afterwards, the link refused the second time). Axe runs on the pages with the most on them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, orderPayload } from '../server/api/commerce-test-kit';
import type { Compilable, Queries } from '../server/db/queries';
import { watchConsole } from './browser';
import { withServerDatabase } from './server-database';
import { useShop } from './shop-fixture';
import { scaledMs } from '../scripts/test-calibration';

const shop = useShop();
const EMAIL = 'jane.account@example.com';
const FIRST_PASSWORD = 'walnut-cabinets-2026';
const NEW_PASSWORD = 'maple-drawers-for-ever';
const NEXT_YEAR = String(new Date().getFullYear() + 1);

/** The guest order placed with the customer's e-mail before the account existed. */
let guestOrder: { id: number; orderIncrementId: string };
/** The order placed signed in, as the success page named it. */
let accountOrderNumber: string;

let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  context = await shop.browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  problems = watchConsole(page);
  page.setDefaultTimeout(scaledMs(10_000));
});

/** The page's content (the footer has its own e-mail field). */
const main = () => page.locator('main');
afterAll(async () => {
  await context?.close();
});

/** Waits until every island of the page has hydrated. */
async function hydrated(): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('showroom-island[data-hydrate="load"]')].every((el) => el.getAttribute('data-hydrated') === 'true'));
}

async function open(path: string): Promise<void> {
  await page.goto(shop.server.url + path);
  await hydrated();
}

async function seriousAxeViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function noSidewaysScroll(): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function signIn(email: string, password: string): Promise<void> {
  const form = main().locator('.sf-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(): Promise<void> {
  await open('/my-account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/my-account/login');
}

async function addAddress(values: { first: string; last: string; street: string; city: string; state: string; zip: string; phone: string }): Promise<void> {
  await open('/my-account/address/new');
  await main().getByLabel('First name').fill(values.first);
  await main().getByLabel('Last name').fill(values.last);
  await main().getByLabel('Address line 1').fill(values.street);
  await main().getByLabel('City').fill(values.city);
  await main().getByLabel('State').selectOption(values.state);
  await main().getByLabel('ZIP code').fill(values.zip);
  await main().getByLabel('Phone').fill(values.phone);
  await page.getByRole('button', { name: 'Add address' }).click();
  await page.waitForURL('**/my-account/addresses');
  await hydrated();
}

const card = (street: string) => page.locator('.account-card', { hasText: street });

/** One row of the database, read while the server runs. */
function dbRow<R>(query: (q: Queries) => Compilable<R>): Promise<R | undefined> {
  return withServerDatabase(shop.server.databaseUrl, (q) => q.first(query(q)));
}

const guestColumns = (orderId: number) => dbRow((q) => q.db.selectFrom('sales_order').select(['customer_id', 'customer_is_guest']).where('id', '=', orderId));

describe('a customer account in the browser', () => {
  it('(before the account exists) a guest orders with the same e-mail', async () => {
    const placed = await api(shop.server.url, 'POST', '/api/order', orderPayload({ email: EMAIL, firstName: 'Jane', lastName: 'Walker' }), { 'Idempotency-Key': 'account-e2e-guest-order' });
    expect(placed.status).toBe(201);
    guestOrder = placed.body as typeof guestOrder;
    expect(await guestColumns(guestOrder.id)).toEqual({ customer_id: null, customer_is_guest: 1 });
  });

  it('sends a signed-out visitor to sign in', async () => {
    // Without a session cookie the server redirects at once; with an ended session the page does.
    const answer = await page.request.get(`${shop.server.url}/my-account/orders/7?x=1`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers()['location']).toBe('/my-account/login?returnTo=%2Fmy-account%2Forders%2F7%3Fx%3D1');
    await context.addCookies([{ name: 'showroom_session', value: 'ended-or-made-up', url: shop.server.url }]);
    await page.goto(`${shop.server.url}/my-account/addresses`);
    await page.waitForURL('**/my-account/login?returnTo=%2Fmy-account%2Faddresses');
    await hydrated();
    // The header's link reads 'Sign in' and leads to the account.
    await expect(page.locator('.header__account').textContent()).resolves.toBe('Sign in');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  });

  it('registers, which signs the new customer in', async () => {
    await open('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This field is required').first().isVisible()).resolves.toBe(true);
    expect(await seriousAxeViolations()).toEqual([]);
    await main().getByLabel('First name').fill('Jane');
    await main().getByLabel('Last name').fill('Walker');
    await main().getByLabel('E-mail').fill(EMAIL);
    await main().getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 10 characters').waitFor();
    await main().getByLabel('Password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/my-account');
    await page.getByText('Hello, Jane Walker').waitFor();
    await expect(page.locator('.header__account').textContent()).resolves.toBe('My account');
    await noSidewaysScroll();
    // No account data in the server's HTML: the page is a frame the island fills.
    const html = await (await page.request.get(`${shop.server.url}/my-account`)).text();
    expect(html).not.toContain('Jane');
    expect(html).toContain('Loading your account…');
  });

  it('signs out on the server, and signs in again (a wrong password gets the one message)', async () => {
    await signOut();
    await expect(page.locator('.header__account').textContent()).resolves.toBe('Sign in');
    // The session is over on the server, not only in this page.
    expect((await page.request.get(`${shop.server.url}/api/my-account/me`)).status()).toBe(401);
    await hydrated();
    await signIn(EMAIL, 'not-the-password-1');
    await page.getByText('Invalid email or password.').waitFor();
    await signIn('nobody.here@example.com', FIRST_PASSWORD);
    await page.getByText('Invalid email or password.').waitFor();
    expect(await seriousAxeViolations()).toEqual([]);
    // Sent to sign in from an account page, the customer comes back to it.
    await page.goto(`${shop.server.url}/my-account/orders`);
    await page.waitForURL('**/my-account/login?returnTo=%2Fmy-account%2Forders');
    await hydrated();
    await signIn(EMAIL, FIRST_PASSWORD);
    await page.waitForURL('**/my-account/orders');
    await open('/my-account');
    await page.getByText('Hello, Jane Walker').waitFor();
  });

  it('shows the empty order and quote lists, and an unknown order (the guest order is not there)', async () => {
    await open('/my-account/orders');
    await page.getByText('You have no orders yet.').waitFor();
    // Same e-mail, but an e-mail proves nothing: the guest order is not silently attached.
    await open(`/my-account/orders/${guestOrder.orderIncrementId}`);
    await page.getByText('Order not found.').waitFor();
    await open('/my-account/quotes');
    await page.getByText('You have no quotes yet.').waitFor();
    await open('/my-account/orders/100999999');
    await page.getByText('Order not found.').waitFor();
  });

  it('adds two addresses and makes the second the default shipping address', async () => {
    await open('/my-account/addresses');
    await page.getByText('No addresses saved yet.').waitFor();
    // The old add link is a real redirect to the new one.
    const old = await page.request.get(`${shop.server.url}/my-account/addresses/add`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()['location']).toBe('/my-account/address/new');

    await open('/my-account/address/new');
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByText('Phone number is required').waitFor();
    await main().getByLabel('First name').fill('J4ne');
    await main().getByLabel('First name').blur();
    await page.getByText('Only alphabets are allowed').waitFor();
    expect(await seriousAxeViolations()).toEqual([]);

    await addAddress({ first: 'Jane', last: 'Walker', street: '12 Oak Street', city: 'Dallas', state: 'TX', zip: '75201', phone: '(214) 555-0100' });
    // The first address becomes the default of both kinds.
    await card('12 Oak Street').getByText('Default Shipping', { exact: true }).waitFor();
    await card('12 Oak Street').getByText('Default Billing', { exact: true }).waitFor();

    await addAddress({ first: 'Jane', last: 'Walker', street: '400 Maple Avenue', city: 'Austin', state: 'TX', zip: '78701', phone: '512-555-0199' });
    await expect(card('400 Maple Avenue').getByText('Default Shipping', { exact: true }).count()).resolves.toBe(0);
    await card('400 Maple Avenue').getByRole('button', { name: 'Make default shipping' }).click();
    await page.getByText('Default shipping address saved.').waitFor();
    await card('400 Maple Avenue').getByText('Default Shipping', { exact: true }).waitFor();
    await expect(card('12 Oak Street').getByText('Default Shipping', { exact: true }).count()).resolves.toBe(0);
    await card('12 Oak Street').getByText('Default Billing', { exact: true }).waitFor();
    await noSidewaysScroll();
    expect(await seriousAxeViolations()).toEqual([]);

    // Edit leads to the address's own form.
    await card('12 Oak Street').getByRole('link', { name: /Edit/ }).click();
    await page.waitForURL('**/my-account/address/edit/*');
    await hydrated();
    await expect(main().getByLabel('Address line 1').inputValue()).resolves.toBe('12 Oak Street');
    await open('/my-account/address/edit/999999');
    await page.getByText('Address not found.').waitFor();

  });

  it('checks out a sample signed in: prefilled from the default addresses, the e-mail locked, paid by the test card', async () => {
    await open('/order-samples');
    const samples = page.locator('.sr-order-samples-block');
    await samples.getByRole('checkbox').first().check();
    await samples.getByRole('button', { name: 'Order Now' }).click();
    await samples.getByText('Sample added to your cart.').waitFor();

    await page.goto(`${shop.server.url}/checkout`);
    const billing = page.getByRole('group', { name: 'Billing address' });
    // The default billing address is the first one, the default shipping address the second.
    await expect.poll(() => billing.getByLabel(/^Address line 1/).inputValue()).toBe('12 Oak Street');
    await expect(billing.getByLabel(/^First name/).inputValue()).resolves.toBe('Jane');
    await expect(billing.getByLabel(/^City/).inputValue()).resolves.toBe('Dallas');
    await expect(billing.getByLabel(/^State/).inputValue()).resolves.toBe('TX');
    await expect(billing.getByLabel(/^ZIP code/).inputValue()).resolves.toBe('75201');
    const email = billing.getByLabel(/^Email/);
    await expect(email.inputValue()).resolves.toBe(EMAIL);
    await expect(email.isDisabled()).resolves.toBe(true);
    expect(await page.getByLabel('Shipping address is the same as billing').isChecked()).toBe(false);
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await expect(shipping.getByLabel(/^Address line 1/).inputValue()).resolves.toBe('400 Maple Avenue');
    await expect(shipping.getByLabel(/^City/).inputValue()).resolves.toBe('Austin');
    await expect(shipping.getByLabel(/^ZIP code/).inputValue()).resolves.toBe('78701');
    await page.getByTestId('shipping-method').getByText(/\$\d/).waitFor();
    await noSidewaysScroll();

    // The test card typed into the card form.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(NEXT_YEAR);
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order/success');
    const success = page.locator('.sr-order-success-block');
    await success.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    accountOrderNumber = (await success.locator('strong').first().textContent())!.trim();
    expect(accountOrderNumber).toMatch(/^\d+$/);
    expect(accountOrderNumber).not.toBe(guestOrder.orderIncrementId);
  });

  it("shows the order in the account with its status badge, items and totals; it is the customer's in the database", async () => {
    await open('/my-account/orders');
    // Only the order placed signed in: the guest order with the same e-mail is not listed.
    const rows = page.locator('.account-row');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(1);
    const row = rows.first();
    await row.getByText('Ordered', { exact: true }).waitFor();
    await row.getByRole('link', { name: `Order #${accountOrderNumber}` }).click();
    await page.waitForURL(`**/my-account/orders/*`);
    await hydrated();
    await page.getByRole('heading', { level: 1, name: `Order #${accountOrderNumber}` }).waitFor();
    await main().locator('.account-badge', { hasText: 'Ordered' }).first().waitFor();

    // What the server stored is what the page shows.
    const stored = (await dbRow((q) =>
      q.db.selectFrom('sales_order').select(['id', 'customer_id', 'customer_is_guest', 'status', 'total_cents', 'subtotal_cents', 'shipping_cents']).where('increment_id', '=', accountOrderNumber),
    ))!;
    const me = (await (await page.request.get(`${shop.server.url}/api/my-account/me`)).json()) as { data: { customer: { id: number } } };
    expect(stored.customer_id).toBe(String(me.data.customer.id));
    expect(stored.customer_is_guest).toBe(0);
    expect(stored.status).toBe('ordered');
    const item = (await dbRow((q) => q.db.selectFrom('sales_order_item').select(['name', 'sku']).where('order_id', '=', stored.id).orderBy('id')))!;
    const items = main().getByRole('table', { name: 'Items' });
    await items.getByText(item.name, { exact: false }).first().waitFor();
    await items.getByText(item.sku, { exact: false }).first().waitFor();
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const total = (label: string) => items.locator('tfoot tr', { has: page.getByRole('rowheader', { name: label, exact: true }) }).locator('td').textContent();
    await expect(total('Subtotal')).resolves.toBe(dollars(stored.subtotal_cents));
    await expect(total('Shipping & Handling')).resolves.toBe(dollars(stored.shipping_cents));
    await expect(total('Grand Total')).resolves.toBe(dollars(stored.total_cents));
    await main().getByRole('region', { name: 'Shipping Address' }).getByText('400 Maple Avenue').waitFor();
    await main().getByRole('region', { name: 'Billing Address' }).getByText('12 Oak Street').waitFor();
    await main().getByRole('region', { name: 'Payment Method' }).getByText('Paid', { exact: true }).waitFor();
    await noSidewaysScroll();
    expect(await seriousAxeViolations()).toEqual([]);
    // The guest order stays a guest's.
    expect(await guestColumns(guestOrder.id)).toEqual({ customer_id: null, customer_is_guest: 1 });
  });

  it('deletes an address', async () => {
    await open('/my-account/addresses');
    await card('12 Oak Street').getByRole('button', { name: /Delete/ }).click();
    await card('12 Oak Street').getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Address deleted.').waitFor();
    await expect(page.locator('.account-card').count()).resolves.toBe(1);
    // The server agrees (a reload reads it again).
    await open('/my-account/addresses');
    await card('400 Maple Avenue').waitFor();
    await expect(page.locator('.account-card').count()).resolves.toBe(1);
  });

  it('resets the password by the e-mailed link, once', async () => {
    await signOut();
    await open('/my-account/forgot-password');
    await main().getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If an account exists for this e-mail, we have sent it a link to reset the password.').waitFor();

    await page.goto(`${shop.server.url}/dev/mail`);
    const mails = await page.locator('iframe').evaluateAll((frames) => frames.map((f) => f.getAttribute('srcdoc') ?? ''));
    const link = mails.map((m) => /href="([^"]*\/my-account\/reset-password\?token=[^"]+)"/.exec(m)?.[1]).find(Boolean);
    expect(link).toBeTruthy();
    const resetUrl = link!.replace(/&amp;/g, '&');

    const referers: string[] = [];
    page.on('request', (r) => {
      const referer = r.headers()['referer'];
      if (referer) referers.push(referer);
    });
    const response = await page.goto(resetUrl);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    await hydrated();
    await page.waitForFunction(() => !window.location.search.includes('token'));
    expect(new URL(page.url()).pathname).toBe('/my-account/reset-password');
    await main().locator('input[type="password"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password has been changed. Please sign in with your new password.').waitFor();
    expect(referers.filter((r) => r.includes('token='))).toEqual([]);

    // The old password no longer works; the new one does.
    await open('/my-account/login');
    await signIn(EMAIL, FIRST_PASSWORD);
    await page.getByText('Invalid email or password.').waitFor();
    await signIn(EMAIL, NEW_PASSWORD);
    await page.waitForURL('**/my-account');
    await page.getByText('Hello, Jane Walker').waitFor();

    // The link does not work twice.
    await page.goto(resetUrl);
    await hydrated();
    await page.waitForFunction(() => !window.location.search.includes('token'));
    await main().locator('input[type="password"]').fill('another-long-password-9');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    // The refused calls above (401, 400, 404) are logged by Chromium as failed loads; nothing else may be.
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });
});
