/**
 * Customer accounts in Chromium on a 390 px phone (issue 13 "Done when"): register, sign out, sign in,
 * two addresses with the second made the default shipping address, delete one, the old add link's
 * redirect, and a password reset by the link in /dev/mail (the old password refused afterwards, the
 * link refused the second time). Axe runs on the pages with the most on them. Checking out with the
 * prefilled data joins this file once the checkout has landed.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();
const EMAIL = 'jane.account@example.com';
const FIRST_PASSWORD = 'walnut-cabinets-2026';
const NEW_PASSWORD = 'maple-drawers-for-ever';

let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  context = await shop.browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  problems = watchConsole(page);
  page.setDefaultTimeout(10_000);
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

describe('a customer account in the browser', () => {
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

  it('adds two addresses, makes the second the default shipping address, and deletes one', async () => {
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

  it('shows the empty order and quote lists, and an unknown order', async () => {
    await open('/my-account/orders');
    await page.getByText('You have no orders yet.').waitFor();
    await open('/my-account/quotes');
    await page.getByText('You have no quotes yet.').waitFor();
    await open('/my-account/orders/100999999');
    await page.getByText('Order not found.').waitFor();
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
