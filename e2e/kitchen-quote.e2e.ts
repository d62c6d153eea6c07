/**
 * A kitchen quoted in the studio and paid in two parts: a publisher builds the store's example
 * kitchen in the builder (six B24 and eight W3030 in Forest Green, two with glass doors, 42 sq ft of
 * quartz with a sink cut-out, installation, a free line), sends it; the customer pays half on a
 * 390 px phone and the rest from the split-payment page; the back office's order detail then shows
 * the lines in the words of the quote and tax rows that add up to the total.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInOperator } from '../server/studio/studio-test-kit';
import { fillTestCard, GOOD_CARD, phonePage, quoteRecord } from './quote-journey-kit';
import { useShop } from './shop-fixture';

const shop = useShop();

async function buildKitchen(page: Page): Promise<void> {
  await page.goto(`${shop.server.url}/studio/quotes/new`);
  const customer = page.locator('section[aria-labelledby="quote-customer-title"]');
  await customer.getByLabel('First name').fill('Maria');
  await customer.getByLabel('Last name').fill('Lopez');
  await customer.getByLabel('E-mail').fill('maria.kitchen@example.com');
  const search = page.getByRole('combobox', { name: 'Add a catalog line' });
  const add = async (text: string, option: RegExp) => {
    await search.fill(text);
    await page.getByRole('option', { name: option }).first().waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
  };
  const line = (n: number) => page.getByRole('listitem', { name: new RegExp(`^Line ${n}:`) });
  const cabinets = async (n: number, code: string, qty: string) => {
    await add(`HS-${code}`, new RegExp(code));
    await line(n).getByRole('textbox', { name: /^Quantity/ }).fill(qty);
    await line(n).getByLabel('Finish', { exact: true }).selectOption('painted forest-green');
  };
  await cabinets(1, 'B24', '6');
  await line(1).getByLabel('Room or wall (optional)').fill('Kitchen — sink wall');
  await cabinets(2, 'W3030', '6');
  await cabinets(3, 'W3030', '2');
  await line(3).getByRole('checkbox', { name: /Glass door/ }).check();
  await line(3).getByLabel('Notes (optional)').fill('Glass doors on two');
  await add('quartz calacatta', /Quartz/);
  await line(4).getByLabel('Square feet').fill('42');
  await line(4).getByLabel('Sink cut-out').fill('1');
  await add('SV-INSTALL', /installation/i);
  await line(5).getByRole('textbox', { name: /^Quantity/ }).fill('14');
  await page.getByRole('button', { name: 'Add a free line' }).click();
  await line(6).getByLabel('Description').fill('Range hood panel');
  await line(6).getByLabel('Unit price ($)').fill('480');
  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('Street address').fill('4100 Lake Austin Blvd');
  await billing.getByLabel('City').fill('Austin');
  await billing.getByLabel('State').selectOption('TX');
  await billing.getByLabel('ZIP code').fill('78703');
  await billing.getByLabel(/Phone/).fill('(512) 555-0142');
  await page.getByRole('checkbox', { name: 'The customer may pay in parts' }).check();
  await page.getByRole('textbox', { name: 'Smallest part ($)' }).fill('1000');
}

describe('a kitchen quoted in the studio', () => {
  it('is built line by line, sent, paid half on a phone and the rest on the split-payment page; the order shows the same lines', async () => {
    const { cookie } = await signInOperator(shop.server, 'publisher');
    const studio = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await studio.addCookies([{ name: cookie.slice(0, cookie.indexOf('=')), value: cookie.slice(cookie.indexOf('=') + 1), url: shop.server.url }]);
    const page = await studio.newPage();
    page.setDefaultTimeout(15_000);
    await buildKitchen(page);
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect.poll(() => totals.textContent()).toContain('$10,338.55');
    await page.getByRole('button', { name: 'Create quote' }).click();
    const url = await page.locator('.quote-link-box__url').inputValue();
    const quoteId = Number(new URL(url).searchParams.get('quoteId'));

    // The customer pays half on a phone.
    const phone = await phonePage(shop);
    await phone.goto(url);
    await phone.getByText('Finish: Forest Green').first().waitFor();
    await phone.getByLabel('Amount to pay now').fill('5169.28');
    await fillTestCard(phone, GOOD_CARD);
    await phone.getByRole('button', { name: 'Pay Now' }).click();
    await phone.waitForURL(`${shop.server.url}/order/success`);
    const order = (await quoteRecord(shop.server, quoteId)).orders[0]!;

    // The rest, from the split-payment page.
    await phone.goto(`${shop.server.url}/order/split-payment?orderId=${order.increment_id}&email=${encodeURIComponent('maria.kitchen@example.com')}`);
    expect(await phone.locator('.sr-balance__due').textContent()).toBe('Balance due$5,169.27');
    await fillTestCard(phone, GOOD_CARD);
    await phone.getByRole('button', { name: 'Pay Now' }).click();
    await phone.waitForURL(`${shop.server.url}/order/success`);
    const paid = await quoteRecord(shop.server, quoteId);
    expect(paid.orders[0]).toMatchObject({ status: 'ordered', total_cents: 1_033_855 });
    expect(paid.payments.map((p) => p.amount_cents)).toEqual([516_928, 516_927]);

    // The back office's order: the quote's lines in the same words, tax rows that add up.
    await page.goto(`${shop.server.url}/studio/orders/${order.id}`);
    const items = page.getByRole('region', { name: /^Items/ });
    await items.getByText('Finish: Forest Green').first().waitFor();
    for (const words of ['Glass door +$104.25 each', 'Sink cut-out +$185.00', '42 sq ft', '14 cabinets', 'Range hood panel', 'Note: Glass doors on two', 'Kitchen — sink wall']) expect(await items.textContent()).toContain(words);
    const rows = await page.getByRole('region', { name: 'Totals' }).locator('dl > div').allTextContents();
    expect(rows.slice(0, 4)).toEqual(['Subtotal$9,730.40', 'Shipping (Standard freight)$0.00', 'Tax (6.25%)$608.15', 'Total$10,338.55']);
    await studio.close();
    await phone.context().close();
  });
});
