/**
 * One kitchen quote, made in the studio by a publisher and paid by its customer, read back from every
 * place that shows it: the studio's quote, the payment page's quote, the account's quote and order,
 * the back office's order, the order confirmation e-mail and the quote's PDF. Each shows every line
 * in the same words (the one line formatter over what the server stored), and totals rows that add
 * up to the total to the cent.
 *
 * @engines sqlite postgres: the quote's new columns (its request, its tax on shipping) and the order line's words, stored by each engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineWords, totalsRows, type LineItem } from '../../schemas/evaluators/quote-lines';
import { toCents } from '../../schemas/money';
import { signedUp } from '../api/my-account-test-kit';
import { projectRoot } from '../build-output';
import { openDatabase, type Database } from '../db/database';
import { call as send, card } from '../security/attacker-kit';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let database: Database;
let publisher: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  database = openDatabase(server.databaseUrl);
  publisher = (await signInOperator(server, 'publisher')).headers;
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** The store's example kitchen (the quote command's file): catalog codes, a countertop, a service, a free line. */
const kitchen = JSON.parse(fs.readFileSync(path.join(projectRoot, 'examples', 'quotes', 'kitchen-remodel.json'), 'utf8')) as Record<string, unknown>;

/** The rows above the total add up to it, to the cent. */
function addsUp(rows: { key: string; amount: number }[]) {
  const total = rows.find((r) => r.key === 'total')!.amount;
  expect(rows.filter((r) => r.key !== 'total').reduce((a, r) => a + toCents(r.amount), 0)).toBe(toCents(total));
}

describe('the same lines everywhere', () => {
  it('shows each line of a paid kitchen quote in the same words on every page, the PDF and the e-mail, with totals that add up', async () => {
    const { browser, customer } = await signedUp(server.url);
    const made = await send(server.url, 'POST', '/api/studio/quotes', { headers: publisher, body: { ...kitchen, customer: { ...(kitchen.customer as object), email: customer.email } } });
    expect(made.status, made.text).toBe(201);
    const quote = made.body.data.quote;
    const words = (quote.lines as LineItem[]).map(lineWords);
    expect(words.map((w) => w.code)).toEqual(['HS-B24', 'HS-W3030', 'HS-W3030', 'CT-QUARTZ-CAL', 'SV-INSTALL', 'Custom']);
    expect(words[2]!.details).toEqual(['Finish: Forest Green', 'Glass door +$104.25 each']);
    expect(words[3]).toMatchObject({ quantity: '42 sq ft', unitPrice: '$75.00 per sq ft', details: ['Eased edge', 'Sink cut-out +$185.00'] });
    expect(words[4]).toMatchObject({ quantity: '14 cabinets', unitPrice: '$95.00 per cabinet' });
    const quoteRows = totalsRows({ subtotal: quote.subtotal, discount: quote.discount, shipping: quote.shipping.amount, tax: quote.tax, shippingTax: quote.shippingTax, taxPercent: quote.taxPercent, total: quote.total });
    addsUp(quoteRows);
    expect(quote.lines.reduce((a: number, l: LineItem) => a + toCents(l.rowTotal), 0)).toBe(toCents(quote.subtotal));

    // The payment page's quote, before it is paid.
    const link = new URL(made.body.data.link.url);
    const auth = { Authorization: `Bearer ${link.searchParams.get('token')}`, Origin: new URL(server.url).origin };
    const page = (await send(server.url, 'GET', `/api/quote?quoteId=${quote.id}`, { headers: auth })).body.data;
    expect(page.items.map(lineWords)).toEqual(words);
    expect(page).toMatchObject({ total: quote.total, taxAmount: quote.tax, shippingTaxAmount: quote.shippingTax, taxPercent: quote.taxPercent });
    const accountQuote = (await browser.call('GET', `/api/my-account/quotes/${quote.number}`)).body.data;
    expect(accountQuote.items.map(lineWords)).toEqual(words);

    // Paid in full with the test card; the order keeps the lines.
    const paid = await send(server.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { quoteId: String(quote.id) } }, headers: { ...auth, 'Idempotency-Key': `everywhere-${quote.id}` } });
    expect(paid.status, paid.text).toBe(200);
    const converted = await send(server.url, 'POST', '/api/quote/convertToOrder', { body: { quoteId: quote.id, payment: { transactionId: paid.body.transactionId, method: 'card' } }, headers: auth });
    expect(converted.status, converted.text).toBe(200);
    const orderId = converted.body.order.id as number;

    const accountOrder = (await browser.call('GET', `/api/my-account/orders/${orderId}`)).body.data;
    expect(accountOrder.items.map(lineWords)).toEqual(words);
    const orderRows = totalsRows({ subtotal: accountOrder.subtotal, discount: Math.abs(accountOrder.discountAmount), shipping: accountOrder.shippingAmount, tax: accountOrder.taxAmount, shippingTax: accountOrder.shippingTaxAmount, taxPercent: accountOrder.taxPercent, total: accountOrder.total });
    expect(orderRows).toEqual(quoteRows);

    const backOffice = (await send(server.url, 'GET', `/api/studio/orders/${orderId}`, { headers: publisher })).body.data;
    expect(backOffice.items.map(lineWords)).toEqual(words);
    const t = backOffice.totals;
    expect(totalsRows({ subtotal: t.subtotal, discount: t.discount, shipping: t.shipping, tax: t.tax, shippingTax: t.shippingTax, taxPercent: t.taxPercent, total: t.total })).toEqual(quoteRows);

    const mail = await database.q.first(database.q.db.selectFrom('mail_outbox').select(['text', 'html']).where('order_id', '=', orderId).orderBy('id'));
    // The mail lays a line out as a mail does (the product, then its details), in the same words.
    for (const w of words) for (const piece of [w.description, w.code, ...w.details, `${w.quantity} × ${w.unitPrice}`, w.total, ...(w.notes ? [w.notes] : [])]) expect(mail!.text).toContain(piece);
    for (const row of quoteRows) expect(mail!.text).toContain(`${row.label}: ${row.display}`);
    expect(mail!.html).toContain('Finish: Forest Green');

    const pdf = await fetch(`${server.url}/api/studio/quotes/${quote.id}/pdf`, { headers: publisher });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    for (const w of words) for (const part of [w.total, ...w.details]) expect(text).toContain(part);
    for (const row of quoteRows) expect(text).toContain(row.display);
  });
});
