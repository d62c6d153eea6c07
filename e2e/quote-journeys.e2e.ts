/**
 * The quote payment page's journeys in Chromium through the real test-card form: a quote made with
 * `npm run quote -- create` is opened by its link and paid; a declined card shows the gateway's
 * message and leaves the quote open, then a good card converts it into exactly one order; a split
 * amount is taken and the order owes the rest; a card that needs authentication goes through the
 * test authentication page and /payment/verify/test; the expired and not-found dead ends. axe on
 * the page with its errors shown, and the keyboard alone on a 390 px phone. Each journey checks
 * what the customer sees and what the database and /dev/mail hold.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import {
  AUTHENTICATION_CARD,
  createQuoteLink,
  DECLINED_CARD,
  expireQuoteLink,
  fillTestCard,
  GOOD_CARD,
  mailbox,
  phonePage,
  quoteRecord,
  seriousViolations,
  tabTo,
  typeGoodCardByKeyboard,
} from './quote-journey-kit';
import { useShop } from './shop-fixture';
import { waitForOrderSuccess } from './order-success';

const shop = useShop();

/** A new quote from the CLI, opened by its link on a new phone (its console watched) down to the test card's fields. */
async function openNewQuote(): Promise<{ quoteId: number; page: Page; problems: string[] }> {
  const link = await createQuoteLink(shop.server);
  const page = await phonePage(shop);
  const problems = watchConsole(page);
  await page.goto(link.href);
  await page.getByRole('heading', { name: /^Quote #Q\d+ \(PO PO-2026-0142\)$/ }).waitFor();
  await page.getByLabel('Card number').waitFor();
  return { quoteId: Number(link.searchParams.get('quoteId')), page, problems };
}

/** Waits for /order/success, then the quote's rows: exactly one order made from it. */
async function oneOrderOnSuccessPage(page: Page, quoteId: number) {
  await waitForOrderSuccess(page, shop.server.url);
  const stored = await quoteRecord(shop.server, quoteId);
  expect(stored.orders).toHaveLength(1);
  return { stored, order: stored.orders[0]! };
}

describe('paying a quote by its link with the test card', () => {
  it('a declined card shows its message and keeps the quote open; a good card then converts it into one order', async () => {
    const { quoteId, page, problems } = await openNewQuote();

    await fillTestCard(page, DECLINED_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await quoteRecord(shop.server, quoteId)).toMatchObject({ quote: { status: 'ready_to_order', order_id: null }, orders: [] });

    await fillTestCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const { stored, order } = await oneOrderOnSuccessPage(page, quoteId);
    expect(order).toMatchObject({ status: 'ordered', total_cents: 980730 });
    expect(stored.payments.map((p) => [p.status, p.amount_cents])).toEqual([['completed', 980730]]);
    expect(stored.quote).toMatchObject({ status: 'ordered', order_id: order.id });

    const number = page.locator('.sr-order-success-block strong', { hasText: order.increment_id });
    await number.waitFor();
    const mail = await mailbox(shop.server);
    expect(mail).toContain(`Order Confirmation #${order.increment_id}`);
    expect(mail).toContain(`New Order #${order.increment_id}`);
    // The decline's 402 is the one console line Chromium logs.
    expect(problems.filter((p) => !p.includes('402'))).toEqual([]);
    await page.context().close();
  });

  it('takes the split amount the customer chose; the order owes the rest and the success page says so', async () => {
    const { quoteId, page } = await openNewQuote();
    await page.getByLabel('Amount to pay now').fill('2500');
    await fillTestCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const { stored, order } = await oneOrderOnSuccessPage(page, quoteId);
    expect(order).toMatchObject({ total_cents: 980730, split_payment_enabled: 1 });
    expect(stored.payments.map((p) => [p.status, p.amount_cents])).toEqual([['completed', 250000]]);
    expect(order.status).not.toBe('ordered');
    const block = page.locator('.sr-order-success-block');
    await block.locator('strong', { hasText: order.increment_id }).waitFor();
    expect(await block.textContent()).toContain('Remaining balance: $7,307.30.');
    await page.context().close();
  });

  it('goes through the test authentication page and /payment/verify/test for a card that needs it, into one order', async () => {
    const { quoteId, page, problems } = await openNewQuote();
    await fillTestCard(page, AUTHENTICATION_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('heading', { name: 'Test authentication' }).waitFor();
    // Nothing is paid while the bank's page waits (the server holds the quote's order pending).
    expect((await quoteRecord(shop.server, quoteId)).payments.filter((p) => p.status === 'completed')).toEqual([]);

    const verified = page.waitForURL((url) => url.pathname === '/payment/verify/test');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await verified;
    const { stored, order } = await oneOrderOnSuccessPage(page, quoteId);
    expect(order).toMatchObject({ status: 'ordered', total_cents: 980730 });
    expect(stored.payments.map((p) => [p.status, p.amount_cents])).toEqual([['completed', 980730]]);
    await page.locator('.sr-order-success-block strong', { hasText: order.increment_id }).waitFor();
    // Chromium logs the card's 402 (authentication required); nothing else (the authentication
    // page names the site's icon, so no /favicon.ico 404 either).
    expect(problems.filter((p) => !/ 402 /.test(p))).toEqual([]);
    await page.context().close();
  });

  it('shows its messages with no serious axe violation, and pays with the keyboard alone on a 390 px phone', async () => {
    const { quoteId, page } = await openNewQuote();

    // The errors shown at once: an amount below the quote's minimum and an empty card.
    await page.getByLabel('Amount to pay now').fill('5');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Card number is required').waitFor();
    await page.getByText('Minimum amount is $1000.00').waitFor();
    await fillTestCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Minimum amount is $1000.00').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await page.getByLabel('Card number').waitFor();

    // Keyboard alone: Tab to each field, type, choose the expiry with the arrows, Enter to pay.
    await tabTo(page, 'Amount to pay now');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1500');
    await tabTo(page, 'Card number');
    await typeGoodCardByKeyboard(page);
    expect(await page.getByLabel('Expiry month').inputValue()).toBe('12');
    await page.keyboard.press('Enter');
    await waitForOrderSuccess(page, shop.server.url);
    expect((await quoteRecord(shop.server, quoteId)).payments.map((p) => [p.status, p.amount_cents])).toEqual([['completed', 150000]]);
    await page.context().close();
  });
});

describe('the dead ends', () => {
  it('an expired link shows its message with Go to Home Page and Contact Us, and nothing to pay', async () => {
    const link = await createQuoteLink(shop.server);
    await expireQuoteLink(shop.server, Number(link.searchParams.get('quoteId')));
    const page = await phonePage(shop);
    await page.goto(link.href);
    await page.getByText('The quote link has expired. Please contact admin to receive a new payment link.').waitFor();
    expect(await page.getByRole('link', { name: 'Go to Home Page' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await page.getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL(`${shop.server.url}/contact`);
    await page.context().close();
  });

  it('a made-up quote shows the not-found dead end', async () => {
    const page = await phonePage(shop);
    await page.goto(`${shop.server.url}/quote/payment?quoteId=987654&token=${'a'.repeat(43)}`);
    await page.getByText('Quote not found. The link may be incorrect.').waitFor();
    expect(await page.getByRole('link', { name: 'Go to Home Page' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Contact Us' }).count()).toBe(0);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await page.context().close();
  });
});
