/**
 * The back office's journey, in Chromium: an editor makes a quote for a customer who has an
 * account, from catalog lines, and copies its payment link; in another browser context the customer
 * pays it with the test card; the editor sees the quote converted and the order paid, marks it
 * processing and then shipped with a comment e-mailed to the customer, and the customer's account
 * shows "Shipped". Then every back-office screen (orders, quotes, leads, subscribers, and the question
 * before a subscriber's erasure) opens at 1440 and 390 px without sideways scrolling or a serious
 * axe finding. With STUDIO_DOCS_SHOTS set
 * (`npm run screenshots:studio`), the screens at 1440 px for docs/studio.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedUp } from '../server/api/my-account-test-kit';
import { sendClaim, sendContact, markedPng, signUpForNewsletter } from '../server/back-office/lead-test-kit';
import { seedBackOffice } from '../server/back-office/seed-database';
import { openDatabase } from '../server/db/database';
import { signInOperator } from '../server/studio/studio-test-kit';
import { watchConsole } from './browser';
import { fillTestCard, GOOD_CARD, mailbox, quoteRecord, seriousViolations } from './quote-journey-kit';
import { useShop } from './shop-fixture';
import { scaledMs } from '../scripts/test-calibration';
import { waitForOrderSuccess } from './order-success';

const shop = useShop();

const CUSTOMER = { firstName: 'Maria', lastName: 'Alvarez', email: 'maria.alvarez@example.com' };

/** With STUDIO_DOCS_SHOTS set, the page at 1440 px as docs/studio.md shows it: the first screen, or the whole page. */
async function docShot(page: Page, name: string, whole = false): Promise<void> {
  const dir = process.env.STUDIO_DOCS_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // From the top, so the studio's sticky bar is where a reader sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `studio-${name}-1440.png`), fullPage: whole });
}

/** A browser context signed in to the studio with `role`, at this width. */
async function operatorContext(role: 'viewer' | 'editor' | 'admin', width: number): Promise<BrowserContext> {
  const { cookie } = await signInOperator(shop.server, role);
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const context = await shop.browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  await context.addCookies([{ name, value, url: shop.server.url }]);
  return context;
}

/** What every screen must be at any width: no sideways scrolling, no serious or critical axe finding. */
async function usable(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(client);
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

describe('the back office', () => {
  it('an editor quotes a customer, the customer pays by the link, the editor ships the order and the account shows it', async () => {
    const customer = await signedUp(shop.server.url, CUSTOMER);

    // ---- The editor makes the quote -----------------------------------------------------------
    const studio = await operatorContext('editor', 1440);
    await studio.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.server.url });
    const page = await studio.newPage();
    page.setDefaultTimeout(scaledMs(15_000));
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/studio/quotes`);
    await page.getByRole('link', { name: 'New quote' }).click();
    await page.getByRole('heading', { level: 1, name: 'New quote' }).waitFor();

    const customerPart = page.getByRole('region', { name: 'Customer' });
    await customerPart.getByLabel('First name').fill(CUSTOMER.firstName);
    await customerPart.getByLabel('Last name').fill(CUSTOMER.lastName);
    await customerPart.getByLabel('E-mail').fill(CUSTOMER.email);

    // Two catalog lines, found by SKU and by name; the second taken with the keyboard.
    const search = page.getByRole('combobox', { name: 'Add a catalog line' });
    await search.fill('HS-SG');
    await page.getByRole('option', { name: /Hartford Shaker Door Sample - Sage Green/ }).click();
    await search.fill('Georgetown Inset Door Sample - Navy');
    await page.getByRole('option', { name: /Georgetown Inset Door Sample - Navy Blue/ }).waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    const lines = page.locator('.quote-line');
    await expect.poll(() => lines.count()).toBe(2);
    await page.getByLabel('Quantity of Hartford Shaker Door Sample - Sage Green').fill('3');

    const billing = page.getByRole('group', { name: 'Billing address' });
    await billing.getByLabel('First name').fill(CUSTOMER.firstName);
    await billing.getByLabel('Last name').fill(CUSTOMER.lastName);
    await billing.getByLabel('Street address', { exact: true }).fill('1200 Lamar Blvd');
    await billing.getByLabel('City').fill('Austin');
    await billing.getByLabel('State').selectOption('TX');
    await billing.getByLabel('ZIP code').fill('78703');
    await billing.getByLabel('Phone').fill('5125550147');

    // The totals are the server's: 3 × $9.99 + $19.99 = $49.96 before shipping and Texas tax.
    const totals = page.locator('.quote-builder__side');
    await expect.poll(() => totals.textContent()).toContain('$49.96');
    await expect.poll(() => totals.textContent()).toMatch(/Tax[^$]*\$\d+\.\d\d/);
    await docShot(page, 'quote-builder', true);
    await page.getByRole('button', { name: 'Create quote' }).click();

    // The detail shows the link once; Copy link puts it on the clipboard.
    await page.waitForURL(/\/studio\/quotes\/\d+$/);
    const quoteId = Number(/\/studio\/quotes\/(\d+)$/.exec(page.url())![1]);
    const linkField = page.getByRole('textbox', { name: 'Payment link' });
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${shop.server.url}/quote/payment\\?quoteId=${quoteId}&token=`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await docShot(page, 'quote-detail');
    const stored = await quoteRecord(shop.server, quoteId);
    expect(stored.quote).toMatchObject({ order_id: null });

    // ---- The customer pays it on their phone, signed in to their account -----------------------
    const phone = await shop.browser.newContext({ viewport: { width: 390, height: 844 } });
    const [sessionName, sessionValue] = customer.browser.cookie!.split(/=(.*)/s) as [string, string];
    await phone.addCookies([
      { name: sessionName, value: sessionValue, url: shop.server.url },
      { name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url },
    ]);
    const customerPage = await phone.newPage();
    customerPage.setDefaultTimeout(scaledMs(15_000));
    await customerPage.goto(await page.evaluate(() => navigator.clipboard.readText()));
    await customerPage.getByLabel('Card number').waitFor();
    await fillTestCard(customerPage, GOOD_CARD);
    await customerPage.getByRole('button', { name: 'Pay Now' }).click();
    await waitForOrderSuccess(customerPage, shop.server.url);
    const paid = await quoteRecord(shop.server, quoteId);
    expect(paid.orders).toHaveLength(1);
    const order = paid.orders[0]!;
    expect(order.status).toBe('ordered');
    expect(paid.payments.map((p) => p.status)).toEqual(['completed']);

    // ---- The editor sees it converted and paid, and ships it -----------------------------------
    await page.reload();
    const converted = page.getByRole('heading', { name: `Converted to order #${order.increment_id}` });
    await converted.waitFor();
    await page.getByText('paid in full.', { exact: false }).waitFor();
    await converted.getByRole('link').click();
    await page.waitForURL(`**/studio/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(order.increment_id) }).waitFor();
    const detail = page.locator('main');
    await expect.poll(() => detail.textContent()).toContain(`$${(order.total_cents / 100).toFixed(2)}`);

    const changeStatus = async (label: string, comment: string, tell = false) => {
      const form = page.getByRole('form', { name: 'Change the status' });
      await form.getByLabel('New status').selectOption({ label });
      await form.getByLabel('Comment').fill(comment);
      if (tell) await form.getByLabel('E-mail the customer').check();
      await form.getByRole('button', { name: 'Change the status' }).click();
      // In the history, not anywhere: the comment box holds the same words until the change is saved.
      await page.locator('.order-history__comment', { hasText: comment }).waitFor();
    };
    // `ordered` moves to processing, then to shipped: no illegal move is offered.
    const offered = await page.getByLabel('New status').locator('option').allTextContents();
    expect(offered).not.toContain('Shipped');
    await changeStatus('Processing', 'Cabinet doors in the finishing shop.');
    await changeStatus('Shipped', 'Left Austin by freight, tracking 1Z999AA10123456784.', true);
    await docShot(page, 'order-detail', true);
    expect((await quoteRecord(shop.server, quoteId)).orders[0]!.status).toBe('shipped');

    // ---- The customer is told, and their account shows the new status ----------------------------
    await expect.poll(() => mailbox(shop.server)).toContain(`Order #${order.increment_id}: Shipped`);
    await customerPage.goto(`${shop.server.url}/my-account/orders`);
    const row = customerPage.locator('.account-row', { hasText: order.increment_id });
    await row.getByText('Shipped', { exact: true }).waitFor();

    await page.goto(`${shop.server.url}/studio/quotes`);
    await page.locator('.quote-state--paid', { hasText: 'Paid' }).first().waitFor();
    expect(problems).toEqual([]);
    await studio.close();
    await phone.close();
  });

  it('opens every screen with real data, on a 1440 px desktop and on a 390 px phone, with no serious axe finding', async () => {
    // A store with history: orders, leads (a contact, a claim with a photo), a subscriber.
    const database = openDatabase(shop.server.databaseUrl);
    try {
      await seedBackOffice(database, { orders: 120, submissions: 60 });
    } finally {
      await database.close();
    }
    const leadId = await sendClaim(shop.server, markedPng('journey')).then((c) => c.id);
    await sendContact(shop.server);
    for (const address of ['jo.newsletter@example.com', 'sam.ideas@example.com', 'lee.kitchen@example.com']) await signUpForNewsletter(shop.server, address);
    // Jo also asked for a call: the erasure offers that lead too.
    await sendContact(shop.server, { firstName: 'Jo', email: 'jo.newsletter@example.com' });

    for (const width of [1440, 390]) {
      const context = await operatorContext('admin', width);
      const page = await context.newPage();
      page.setDefaultTimeout(scaledMs(15_000));
      const problems = watchConsole(page);
      const shot = (name: string) => (width === 1440 ? docShot(page, name) : Promise.resolve());

      await page.goto(`${shop.server.url}/studio/orders`);
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await page.locator('main a[href^="/studio/orders/"]').first().waitFor();
      await usable(page);
      await shot('orders');

      await page.goto(`${shop.server.url}/studio/quotes`);
      await page.locator('.quote-state--paid').first().waitFor();
      await usable(page);
      await shot('quotes');

      await page.goto(`${shop.server.url}/studio/leads`);
      await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      await page.locator(`main a[href="/studio/leads/${leadId}"]`).first().waitFor();
      await usable(page);
      await shot('leads');

      await page.goto(`${shop.server.url}/studio/leads/${leadId}`);
      await page.getByRole('link', { name: /kitchen photo\.png/ }).waitFor();
      await usable(page);
      await shot('lead-detail');

      await page.goto(`${shop.server.url}/studio/subscribers`);
      await page.getByText('jo.newsletter@example.com', { exact: true }).first().waitFor();
      await usable(page);
      await shot('subscribers');

      // Before an erasure, the admin reads what it takes, may add the address's other lead, and
      // what stays; then changes their mind.
      await page.getByRole('button', { name: 'Remove jo.newsletter@example.com' }).click();
      const question = page.getByRole('group', { name: 'Remove jo.newsletter@example.com?' });
      await question.getByRole('button', { name: 'Erase' }).waitFor();
      await question.getByRole('checkbox', { name: /^Also erase its other lead, with its files and the mails about it: Get in touch/ }).waitFor();
      expect(await question.textContent()).toContain("the newsletter's mail to it and its sign-up through");
      await usable(page);
      await shot('subscriber-erasure');
      await question.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`${shop.server.url}/studio/quotes/new`);
      await page.getByRole('combobox', { name: 'Add a catalog line' }).waitFor();
      await usable(page);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
