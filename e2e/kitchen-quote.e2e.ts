/**
 * A kitchen quoted in the studio by a designer and a publisher, and paid in two parts: the designer
 * (an editor) builds the store's example kitchen in the builder (six B24 and eight W3030 in Forest
 * Green, two with glass doors, 42 sq ft of quartz with a sink cut-out, installation) and saves it as
 * a draft; a publisher finds it in the quotes list, opens it in the builder and adds a free line;
 * the designer opens it again, sends it and e-mails the link. The customer, who has an account,
 * pays half on a 390 px phone and the rest from the split-payment page. The back office's order,
 * the customer's account, the quote's PDF and the order's e-mail then show the same lines and the
 * same totals, whose rows add up to the total.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedUp } from '../server/api/my-account-test-kit';
import { downloadPdf } from './estimate-pdf';
import { fillTestCard, GOOD_CARD, mailbox, phonePage, quoteRecord, seriousViolations } from './quote-journey-kit';
import { useShop } from './shop-fixture';
import { docShot, operatorPage } from './studio-kit';
import { waitForOrderSuccess } from './order-success';

const shop = useShop();

const line = (page: Page, n: number) => page.getByRole('listitem', { name: new RegExp(`^Line ${n}:`) });

/** The designer's part: the customer, the cabinets, the countertop and the installation, the address, payment in parts. */
async function buildKitchen(page: Page, email: string): Promise<void> {
  await page.goto(`${shop.server.url}/studio/quotes/new`);
  const customer = page.locator('section[aria-labelledby="quote-customer-title"]');
  await customer.getByLabel('First name').fill('Maria');
  await customer.getByLabel('Last name').fill('Lopez');
  await customer.getByLabel('E-mail').fill(email);
  const search = page.getByRole('combobox', { name: 'Add a catalog line' });
  const add = async (text: string, option: RegExp) => {
    await search.fill(text);
    await page.getByRole('option', { name: option }).first().waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
  };
  const cabinets = async (n: number, code: string, qty: string) => {
    await add(`HS-${code}`, new RegExp(code));
    await line(page, n).getByRole('textbox', { name: /^Quantity/ }).fill(qty);
  };
  await cabinets(1, 'B24', '6');
  await line(page, 1).getByLabel('Room or wall (optional)').fill('Kitchen — sink wall');
  await cabinets(2, 'W3030', '6');
  await cabinets(3, 'W3030', '2');
  // The customer wants the whole kitchen in forest green: one finish for every line at once.
  const every = page.getByRole('group', { name: 'Finish of every line' });
  await every.getByLabel('Finish of every line').selectOption('painted forest-green');
  await every.getByRole('button', { name: 'Apply to all lines' }).click();
  await page.getByText('Forest Green on every line: 3 lines changed.').waitFor();
  for (const n of [1, 2, 3]) expect(await line(page, n).getByLabel('Finish', { exact: true }).inputValue()).toBe('painted forest-green');
  await line(page, 3).getByRole('checkbox', { name: /Glass door/ }).check();
  await line(page, 3).getByLabel('Notes (optional)').fill('Glass doors on two');
  await add('quartz calacatta', /Quartz/);
  await line(page, 4).getByLabel('Square feet').fill('42');
  await line(page, 4).getByLabel('Sink cut-out').fill('1');
  await add('SV-INSTALL', /installation/i);
  await line(page, 5).getByRole('textbox', { name: /^Quantity/ }).fill('14');
  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('Street address').fill('4100 Lake Austin Blvd');
  await billing.getByLabel('City').fill('Austin');
  await billing.getByLabel('State').selectOption('TX');
  await billing.getByLabel('ZIP code').fill('78703');
  await billing.getByLabel(/Phone/).fill('(512) 555-0142');
  await page.getByRole('checkbox', { name: 'The customer may pay in parts' }).check();
  await page.getByRole('textbox', { name: 'Smallest part ($)' }).fill('1000');
}

/** Each line of the kitchen as every page words it (schemas/evaluators/quote-lines.ts). */
const LINE_WORDS = ['Finish: Forest Green', 'Glass door +$104.25 each', 'Sink cut-out +$185.00', '42 sq ft', '14 cabinets', 'Range hood panel', 'Glass doors on two'];
/** The totals' rows: no discount, free freight to Austin, the tax once (shipping's share inside it). */
const TOTALS = [
  ['Subtotal', '$9,730.40'],
  ['Tax (6.25%)', '$608.15'],
  ['Total', '$10,338.55'],
] as const;

/** The rows above the total (the last row) add up to it, to the cent: `rows` are [label, amount] as a page shows them. */
function addsUp(rows: string[][]): void {
  const cents = (amount: string) => Math.round(Number(amount.replace(/[$,]/g, '')) * 100);
  expect(rows.slice(0, -1).reduce((sum, [, amount]) => sum + cents(amount!), 0)).toBe(cents(rows.at(-1)![1]!));
}

describe('a kitchen quoted in the studio', () => {
  it('is built by a designer, completed by a publisher from the drafts, sent, paid half on a phone and the rest later; every page shows the same lines', async () => {
    const { customer, browser: account } = await signedUp(shop.server.url, { firstName: 'Maria', lastName: 'Lopez' });
    const designer = await operatorPage(shop, 'editor');
    const publisher = await operatorPage(shop, 'publisher');

    // The designer builds the kitchen and saves it as a draft: an editor adds no free line.
    await buildKitchen(designer, customer.email);
    const totals = designer.getByRole('region', { name: 'Totals' });
    await expect.poll(() => totals.textContent()).toContain('$9,250.40');
    await docShot(designer, 'quote-builder', designer.locator('section[aria-labelledby="quote-lines-title"]'));
    await designer.getByLabel('Notes for the store (optional)').fill('Measured on site on the 12th; check the sink wall before sending.');
    await docShot(designer, 'quote-builder-notes', designer.locator('section[aria-labelledby="quote-store-title"]'));
    await designer.getByRole('button', { name: 'Save draft' }).click();
    await designer.getByRole('region', { name: 'Draft, not sent' }).waitFor();
    const quoteId = Number(/\/studio\/quotes\/(\d+)$/.exec(designer.url())![1]);
    const number = `Q${100000 + quoteId}`;
    await docShot(designer, 'quote-draft');
    expect(await seriousViolations(designer)).toEqual([]);

    // The publisher finds it among the drafts, opens it in the builder with its lines, adds a free line.
    await publisher.goto(`${shop.server.url}/studio/quotes?state=draft`);
    const reopen = publisher.getByRole('link', { name: `Open in the builder (quote ${number})` });
    await reopen.waitFor();
    await docShot(publisher, 'quotes-drafts');
    await reopen.click();
    await publisher.getByRole('heading', { level: 1, name: `Draft ${number}` }).waitFor();
    expect(await line(publisher, 3).getByRole('checkbox', { name: /Glass door/ }).isChecked()).toBe(true);
    expect(await line(publisher, 4).getByLabel('Sink cut-out').inputValue()).toBe('1');
    await expect.poll(() => publisher.getByRole('region', { name: 'Totals' }).textContent()).toContain('$9,250.40');
    await docShot(publisher, 'quote-draft-reopened');
    await docShot(publisher, 'quote-draft-reopened-lines', line(publisher, 3));
    await publisher.getByRole('button', { name: 'Add a free line' }).click();
    await line(publisher, 6).getByLabel('Description').fill('Range hood panel');
    await line(publisher, 6).getByLabel('Unit price ($)').fill('480');
    await expect.poll(() => publisher.getByRole('region', { name: 'Totals' }).textContent()).toContain('$10,338.55');
    await publisher.getByRole('button', { name: 'Save draft' }).click();
    await publisher.getByRole('region', { name: 'Draft, not sent' }).waitFor();

    // The designer opens it again (the publisher's free line kept as it is), sends it, e-mails the link.
    await designer.reload();
    await designer.getByRole('link', { name: 'Open in the builder' }).click();
    expect(await line(designer, 6).getByLabel('Unit price ($)').getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => designer.getByRole('region', { name: 'Totals' }).textContent()).toContain('$10,338.55');
    await docShot(designer, 'quote-draft-free-line', line(designer, 5));
    await designer.getByRole('button', { name: 'Send quote' }).click();
    await designer.getByRole('region', { name: 'New payment link' }).waitFor();
    await designer.getByRole('button', { name: `E-mail the link to ${customer.email}` }).click();
    await designer.getByText(`Sent to ${customer.email}`).waitFor();
    const url = /(http:\/\/\S+\/quote\/payment\?quoteId=\d+&(?:amp;)?token=[\w-]+)/.exec(await mailbox(shop.server))![1]!.replace('&amp;', '&');

    // The customer pays half on a phone, signed in to their account.
    const phone = await phonePage(shop);
    const [sessionName, sessionValue] = account.cookie!.split(/=(.*)/s) as [string, string];
    await phone.context().addCookies([{ name: sessionName, value: sessionValue, url: shop.server.url }]);
    await phone.goto(url);
    await phone.getByText('Finish: Forest Green').first().waitFor();
    await phone.getByLabel('Amount to pay now').fill('5169.28');
    await fillTestCard(phone, GOOD_CARD);
    await phone.getByRole('button', { name: 'Pay Now' }).click();
    await waitForOrderSuccess(phone, shop.server.url);
    const order = (await quoteRecord(shop.server, quoteId)).orders[0]!;

    // The rest, from the split-payment page.
    await phone.goto(`${shop.server.url}/order/split-payment?orderId=${order.increment_id}&email=${encodeURIComponent(customer.email)}`);
    expect(await phone.locator('.sr-balance__due').textContent()).toBe('Balance due$5,169.27');
    await fillTestCard(phone, GOOD_CARD);
    await phone.getByRole('button', { name: 'Pay Now' }).click();
    await waitForOrderSuccess(phone, shop.server.url);
    const paid = await quoteRecord(shop.server, quoteId);
    expect(paid.orders[0]).toMatchObject({ status: 'ordered', total_cents: 1_033_855 });
    expect(paid.payments.map((p) => p.amount_cents)).toEqual([516_928, 516_927]);

    // The back office's order.
    await designer.goto(`${shop.server.url}/studio/orders/${order.id}`);
    const items = designer.getByRole('region', { name: /^Items/ });
    await items.getByText('Finish: Forest Green').first().waitFor();
    for (const words of [...LINE_WORDS, 'Kitchen — sink wall']) expect(await items.textContent()).toContain(words);
    const rows = (await designer.getByRole('region', { name: 'Totals' }).locator('dl > div').evaluateAll((divs) => divs.map((d) => [...d.children].map((c) => c.textContent!.trim())))).filter(([label]) => label !== 'Paid' && !label!.startsWith('Balance'));
    expect(rows).toContainEqual(['Shipping (Standard freight)', '$0.00']);
    for (const row of TOTALS) expect(rows).toContainEqual([...row]);
    addsUp(rows.slice(0, rows.findIndex(([label]) => label === 'Total') + 1));

    // The customer's account.
    await phone.goto(`${shop.server.url}/my-account/orders/${order.increment_id}`);
    const mine = phone.locator('main');
    await mine.getByText('Finish: Forest Green').first().waitFor();
    for (const words of LINE_WORDS) expect(await mine.textContent()).toContain(words);
    const accountRows = await mine.locator('tfoot tr').evaluateAll((trs) => trs.filter((tr) => tr.querySelector('th[scope="row"]')).map((tr) => [...tr.children].map((c) => c.textContent!.trim())));
    expect(accountRows).toEqual([['Subtotal', '$9,730.40'], ['Shipping & Handling', '$0.00'], ['Tax (6.25%)', '$608.15'], ['Grand Total', '$10,338.55']]);
    addsUp(accountRows);

    // The quote's PDF, downloaded from the studio.
    await designer.goto(`${shop.server.url}/studio/quotes/${quoteId}`);
    const pdf = await downloadPdf(designer, designer.getByRole('link', { name: 'Download the quote (PDF)' }));
    expect(pdf.name).toBe(`quote-${number}.pdf`);
    for (const words of [...LINE_WORDS, 'Kitchen - sink wall']) expect(pdf.text).toContain(words);
    for (const [, amount] of TOTALS) expect(pdf.text).toContain(amount);

    // The order's e-mail, as /dev/mail shows it.
    const mail = await mailbox(shop.server);
    for (const words of LINE_WORDS) expect(mail).toContain(words);
    for (const [label, amount] of TOTALS) expect(mail).toContain(`${label}: ${amount}`);
    await Promise.all([designer.context().close(), publisher.context().close(), phone.context().close()]);
  });
});
