/**
 * What the quote and split-payment journeys share: a quote made by the quote command the way an
 * admin makes one, a customer's phone, the test card typed into the card form the way a customer types it (or
 * with the keyboard alone), axe's serious findings, and what the database holds for a quote (its
 * row, its order, the order's payments).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Queries } from '../server/db/queries';
import { runQuoteCli } from '../server/quote-cli';
import type { TestServer } from '../server/testing/test-server';
import { withServerDatabase } from './server-database';
import type { Shop } from './shop-fixture';

export interface TestCard {
  number: string;
  month: string;
  year: string;
  cvv: string;
}

const year = String(new Date().getUTCFullYear() + 2);
export const GOOD_CARD: TestCard = { number: '4242 4242 4242 4242', month: '12', year, cvv: '123' };
export const DECLINED_CARD: TestCard = { ...GOOD_CARD, number: '4000 0000 0000 0002' };
export const AUTHENTICATION_CARD: TestCard = { ...GOOD_CARD, number: '4000 0025 0000 3155' };

/**
 * `npm run quote -- create examples/quotes/kitchen-remodel.json` against the shop's database, run
 * in this process (e2e/commerce-quote-cli.e2e.ts runs the command itself): the printed link. `env`
 * is the rest of the command's settings; by default it is told the shop's PUBLIC_URL.
 */
export async function createQuoteLink(server: TestServer, file = 'examples/quotes/kitchen-remodel.json', env: Record<string, string | undefined> = { PUBLIC_URL: server.url }): Promise<URL> {
  let stdout = '';
  let stderr = '';
  const code = await runQuoteCli(['create', file], { ...process.env, DATABASE_URL: server.databaseUrl, ...env }, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  expect(code, stderr).toBe(0);
  const line = stdout.split('\n').find((l) => l.startsWith('Payment link: '));
  expect(line, stdout).toBeDefined();
  return new URL(line!.slice('Payment link: '.length));
}

export interface SplitOrder {
  id: number;
  orderIncrementId: string;
  email: string;
}

/** A CLI-made quote (split payment, minimum $1,000) whose deposit is paid through the API: an order that owes the rest. */
export async function orderWithDeposit(server: TestServer, deposit: number): Promise<SplitOrder> {
  const link = await createQuoteLink(server);
  const quoteId = Number(link.searchParams.get('quoteId'));
  const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${link.searchParams.get('token')}` };
  const card = { cardNumber: '4242424242424242', expMonth: '12', expYear: String(new Date().getUTCFullYear() + 2), cardCode: '123' };
  const charge = await fetch(`${server.url}/api/payment/test/charge`, { method: 'POST', headers: auth, body: JSON.stringify({ ...card, quoteId, amount: deposit }) });
  const paid = (await charge.json()) as { transactionId: string };
  expect(charge.status, JSON.stringify(paid)).toBe(200);
  const convert = await fetch(`${server.url}/api/quote/convertToOrder`, { method: 'POST', headers: auth, body: JSON.stringify({ quoteId, payment: { transactionId: paid.transactionId, method: 'card' } }) });
  const converted = (await convert.json()) as { order: SplitOrder };
  expect(convert.status, JSON.stringify(converted)).toBe(200);
  return converted.order;
}

/** A new customer's 390 px phone with the cookie notice already answered; headers go with every request. */
export async function phonePage(shop: Shop, extraHTTPHeaders?: Record<string, string>): Promise<Page> {
  const context = await shop.browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders });
  await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url }]);
  return context.newPage();
}

/** axe's serious and critical violations on the page, one line each (an empty list passes). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** What /dev/mail holds: every e-mail the shop has sent. */
export const mailbox = (server: TestServer): Promise<string> => fetch(`${server.url}/dev/mail`).then((r) => r.text());

/**
 * With the focus on 'Card number', types GOOD_CARD's number with the keyboard alone: the arrows
 * choose December and the year after next (the lists start empty, then this year), Tab moves on.
 */
export async function typeGoodCardByKeyboard(page: Page): Promise<void> {
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
}

/** Types a card into the test gateway's form (replacing what was there), as a customer does. */
export async function fillTestCard(page: Page, card: TestCard): Promise<void> {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry month').selectOption(card.month);
  await page.getByLabel('Expiry year').selectOption(card.year);
  await page.getByLabel('CVV').fill(card.cvv);
}

export interface StoredOrder {
  id: number;
  increment_id: string;
  status: string;
  total_cents: number;
  split_payment_enabled: number;
  quote_id: number | null;
}
export interface StoredPayment {
  id: number;
  transaction_id: string;
  status: string;
  amount_cents: number;
  gateway: string;
  method: string;
}

const orderColumns = ['id', 'increment_id', 'status', 'total_cents', 'split_payment_enabled', 'quote_id'] as const;
const paymentColumns = ['id', 'transaction_id', 'status', 'amount_cents', 'gateway', 'method'] as const;

function read<T>(server: TestServer, query: (q: Queries) => Promise<T>): Promise<T> {
  return withServerDatabase(server.databaseUrl, query);
}

/** A quote's row, the orders made from it and their payments, oldest first. */
export function quoteRecord(server: TestServer, quoteId: number) {
  return read(server, async (q) => {
    const quote = (await q.first(q.db.selectFrom('quote').select(['status', 'order_id']).where('id', '=', quoteId)))!;
    const orders = (await q.all(q.db.selectFrom('sales_order').select(orderColumns).where('quote_id', '=', quoteId).orderBy('id'))) as StoredOrder[];
    const payments: StoredPayment[] = orders.length
      ? await q.all(
          q.db
            .selectFrom('payment')
            .select(paymentColumns)
            .where('order_id', 'in', orders.map((o) => o.id))
            .orderBy('id'),
        )
      : [];
    return { quote, orders, payments };
  });
}

/** An order's row and its payments, oldest first. */
export function orderRecord(server: TestServer, orderId: number) {
  return read(server, async (q) => ({
    order: (await q.first(q.db.selectFrom('sales_order').select(orderColumns).where('id', '=', orderId))) as StoredOrder,
    payments: (await q.all(q.db.selectFrom('payment').select(paymentColumns).where('order_id', '=', orderId).orderBy('id'))) as StoredPayment[],
  }));
}

/** Makes an expired link of a quote (an admin's link past its days). */
export async function expireQuoteLink(server: TestServer, quoteId: number): Promise<void> {
  await read(server, (q) => q.run(q.db.updateTable('quote').set({ token_expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', quoteId)));
}

/** Presses Tab until the field or button with this label has the focus (the keyboard-only journeys). */
export async function tabTo(page: Page, label: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el?.labels?.[0]?.textContent?.trim() || el?.getAttribute('aria-label') || el?.textContent?.trim() || '';
    });
    if (focused === label) return;
  }
  throw new Error(`Tab never reached '${label}'`);
}
