/**
 * The back office's quotes over HTTP, on the run's engine: an editor searches the catalog, prices
 * and creates a quote, issues and e-mails its link; the customer pays it with the test card; the
 * quote then shows converted and paid, and the order is in the customer's account with the status
 * the seller gives it.
 *
 * @engines sqlite: the quote's prices and links are the server's arithmetic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_DRAFT_STALE, QUOTE_NOT_DRAFT, QUOTE_PAGE_SIZE } from '../../schemas/api/back-office-quotes';
import { demoCatalog } from '../api/commerce-test-kit';
import { signedUp } from '../api/my-account-test-kit';
import { openDatabase, type Database } from '../db/database';
import { RECIPIENT_MAILS_PER_HOUR } from '../mail/recipient-cap';
import { call as send, card } from '../security/attacker-kit';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { QUOTE_MAIL_CAPPED } from './quote-mail';

let server: TestServer;
let database: Database;
let editor: Record<string, string>;
let viewer: Record<string, string>;
let publisher: Record<string, string>;
let run = 0;

beforeAll(async () => {
  server = await startTestServer();
  database = openDatabase(server.databaseUrl);
  editor = (await signInOperator(server, 'editor')).headers;
  viewer = (await signInOperator(server, 'viewer')).headers;
  publisher = (await signInOperator(server, 'publisher')).headers;
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
});

const call = (headers: Record<string, string>, method: string, pathname: string, body?: unknown) => send(server.url, method, pathname, { headers, body });
const [sample] = demoCatalog.all();

const address = { firstName: 'Sam', lastName: 'Carter', street1: '12 Main St', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '(512) 555-0199' };

/** A quote body for a customer of its own (the e-mail says which test made it). */
function quoteBody(overrides: Record<string, unknown> = {}) {
  run += 1;
  return {
    customer: { email: `quote.${run}.${process.pid}@example.com`, firstName: 'Sam', lastName: 'Carter' },
    billingAddress: address,
    lines: [{ sku: sample!.sku, qty: 1 }],
    ...overrides,
  };
}

async function create(body = quoteBody()) {
  const res = await call(editor, 'POST', '/api/studio/quotes', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data as { quote: Record<string, any>; link: { url: string; expiresAt: string } };
}

/** The storefront's quote page asks this with the link's id and token. */
function openLink(url: string) {
  const u = new URL(url);
  return send(server.url, 'GET', `/api/quote?quoteId=${u.searchParams.get('quoteId')}&token=${encodeURIComponent(u.searchParams.get('token')!)}`);
}

const stored = (id: number) => database.q.first(database.q.db.selectFrom('quote').selectAll().where('id', '=', id));

describe('the catalog and the price', () => {
  it('finds catalog lines by SKU or name, with the catalog price', async () => {
    const res = await call(viewer, 'GET', `/api/studio/catalog?search=${encodeURIComponent(sample!.sku.toLowerCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ sku: sample!.sku, name: sample!.name, price: sample!.priceCents / 100, isSample: true });
    // A sample is made in its finish, labelled as its style names it, one of the style's finishes.
    const { finish, finishes } = res.body.data[0];
    expect(finish).toMatchObject({ type: sample!.finish!.type, value: sample!.finish!.value });
    expect(finish.label).not.toBe(finish.value);
    expect(finishes).toContainEqual(finish);
    const byStyle = await call(viewer, 'GET', `/api/studio/catalog?search=${encodeURIComponent(sample!.styleTitle)}`);
    expect(byStyle.body.data.length).toBeGreaterThan(1);
    expect(byStyle.body.data.length).toBeLessThanOrEqual(20);
    expect(byStyle.body.data.every((l: { styleTitle: string }) => l.styleTitle === sample!.styleTitle)).toBe(true);
    expect((await call(viewer, 'GET', '/api/studio/catalog?search=no-such-thing-anywhere')).body.data).toEqual([]);
  });

  it('prices as the operator types, storing nothing: shipping waits for an address', async () => {
    const before = await database.q.first(database.q.db.selectFrom('quote').select((eb) => eb.fn.countAll<number>().as('n')));
    const bare = await call(editor, 'POST', '/api/studio/quotes/price', { lines: [{ sku: sample!.sku, qty: 2 }] });
    expect(bare.status, bare.text).toBe(200);
    expect(bare.body.data).toMatchObject({ subtotal: (2 * sample!.priceCents) / 100, tax: 0, shipping: { method: null, amount: 0, message: 'Shipping will be calculated after entering address.' } });
    const priced = await call(editor, 'POST', '/api/studio/quotes/price', { lines: [{ sku: sample!.sku, qty: 2 }], shippingAddress: { state: 'TX', zipCode: '78701' }, discount: { type: 'percent', value: 50 } });
    const data = priced.body.data;
    // Door samples go by parcel (examples/site/shipping-methods.json), a quote of them too.
    expect(data.shipping).toMatchObject({ method: 'sample-parcel', label: 'Parcel', message: null });
    expect(data.discount).toBe(sample!.priceCents / 100);
    expect(data.total).toBeCloseTo(data.subtotal - data.discount + data.shipping.amount + data.tax, 2);
    const after = await database.q.first(database.q.db.selectFrom('quote').select((eb) => eb.fn.countAll<number>().as('n')));
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

describe('a quote made in the studio', () => {
  it('stores the money the server computed, and answers a link that opens it', async () => {
    const { quote, link } = await create(quoteBody({ lines: [{ sku: sample!.sku, qty: 3, notes: 'Corner run' }], discount: { type: 'amount', value: 5 }, poNumber: 'PO-1', notes: 'Weekday delivery' }));
    const priced = await call(editor, 'POST', '/api/studio/quotes/price', { lines: [{ sku: sample!.sku, qty: 3 }], discount: { type: 'amount', value: 5 }, billingAddress: address });
    expect(quote).toMatchObject({ state: 'open', total: priced.body.data.total, subtotal: priced.body.data.subtotal, discount: 5, tax: priced.body.data.tax, poNumber: 'PO-1', notes: 'Weekday delivery', order: null });
    expect(quote.lines).toEqual([{ sku: sample!.sku, name: sample!.name, qty: 3, price: sample!.priceCents / 100, rowTotal: (3 * sample!.priceCents) / 100, options: [expect.objectContaining({ type: sample!.finish!.type, value: sample!.finish!.value })], notes: 'Corner run' }]);
    expect(quote.shippingAddress).toEqual(quote.billingAddress);
    const row = await stored(quote.id);
    expect(row?.total_cents).toBe(Math.round(quote.total * 100));
    const opened = await openLink(link.url);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data).toMatchObject({ total: quote.total, discountAmount: 5, quoteIncrementId: quote.number });
    // The detail tells the same; the link itself is never stored nor shown again.
    const detail = await call(viewer, 'GET', `/api/studio/quotes/${quote.id}`);
    expect(detail.body.data).toEqual(quote);
    expect(detail.text).not.toContain(new URL(link.url).searchParams.get('token'));
  });

  it('is audited without the link token', async () => {
    const { quote, link } = await create();
    const token = new URL(link.url).searchParams.get('token')!;
    const entries = await database.q.all(database.q.db.selectFrom('studio_audit').selectAll().where('action', 'like', 'quote.%').orderBy('id', 'desc').limit(5));
    expect(entries.find((e) => e.action === 'quote.create' && e.detail.includes(quote.number))).toBeDefined();
    for (const e of entries) expect(e.detail).not.toContain(token);
  });

  it('re-issues the link: the old one stops working, the new one opens it, expiry as asked', async () => {
    const { quote, link: first } = await create();
    const res = await call(editor, 'POST', `/api/studio/quotes/${quote.id}/link`, { days: 30 });
    expect(res.status, res.text).toBe(200);
    const second = res.body.data;
    const days = (Date.parse(second.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await openLink(first.url)).status).toBe(400);
    expect((await openLink(second.url)).status).toBe(200);
    expect((await call(viewer, 'GET', `/api/studio/quotes/${quote.id}`)).body.data.link.expiresAt).toBe(second.expiresAt);
  });

  it('shows open, expired and no-link quotes in the list, filtered by state and found by e-mail', async () => {
    const { quote } = await create();
    const mark = String(quote.customer.email);
    const listed = async (query: string) => (await call(viewer, 'GET', `/api/studio/quotes?${query}`)).body.data.quotes as { id: number; state: string }[];
    expect((await listed(`search=${encodeURIComponent(mark.toUpperCase())}`)).map((q) => [q.id, q.state])).toEqual([[quote.id, 'open']]);
    await database.q.run(database.q.db.updateTable('quote').set({ token_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', quote.id));
    expect((await listed(`search=${encodeURIComponent(mark)}`))[0]).toMatchObject({ id: quote.id, state: 'expired' });
    expect((await listed(`state=expired&search=${encodeURIComponent(mark)}`)).map((q) => q.id)).toEqual([quote.id]);
    expect(await listed(`state=open&search=${encodeURIComponent(mark)}`)).toEqual([]);
    await database.q.run(database.q.db.updateTable('quote').set({ token_hash: null, token_expires_at: null }).where('id', '=', quote.id));
    expect((await listed(`state=no_link&search=${encodeURIComponent(mark)}`)).map((q) => q.id)).toEqual([quote.id]);
    // A LIKE wildcard is a character like any other.
    expect(await listed('search=%25%25%25nobody')).toEqual([]);
  });

  it('pages newest first with a keyset: every quote once, none twice', async () => {
    const tag = `paging${process.pid}x${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < QUOTE_PAGE_SIZE + 3; i += 1) ids.push((await create(quoteBody({ customer: { email: `${tag}.${i}@example.com`, firstName: 'Pat', lastName: 'Lee' } }))).quote.id);
    const first = (await call(viewer, 'GET', `/api/studio/quotes?search=${tag}`)).body.data;
    expect(first.quotes).toHaveLength(QUOTE_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = (await call(viewer, 'GET', `/api/studio/quotes?search=${tag}&after=${first.next}`)).body.data;
    expect(second.next).toBeNull();
    expect([...first.quotes, ...second.quotes].map((q: { id: number }) => q.id)).toEqual([...ids].reverse());
  });

  it('e-mails a fresh link to the customer, and says so when the address has had its share this hour', async () => {
    const { quote } = await create();
    const email = quote.customer.email as string;
    const mails = () => database.q.all(database.q.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).orderBy('id'));
    for (let i = 1; i <= RECIPIENT_MAILS_PER_HOUR; i += 1) {
      const res = await call(editor, 'POST', `/api/studio/quotes/${quote.id}/email`, {});
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({ sentTo: email, expiresAt: expect.any(String) });
    }
    const sent = await mails();
    expect(sent).toHaveLength(RECIPIENT_MAILS_PER_HOUR);
    const last = sent.at(-1)!;
    expect(last).toMatchObject({ type: 'quote-link', subject: `Your quote ${quote.number}` });
    expect(last.text).toContain(`$${quote.total.toFixed(2)}`);
    const url = /(http\S+\/quote\/payment\?\S+)/.exec(last.text)?.[1];
    expect((await openLink(url!)).status).toBe(200);
    // The next one is refused, and the link the customer has keeps working.
    const hashBefore = (await stored(quote.id))?.token_hash;
    const capped = await call(editor, 'POST', `/api/studio/quotes/${quote.id}/email`, {});
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(QUOTE_MAIL_CAPPED);
    expect((await stored(quote.id))?.token_hash).toBe(hashBefore);
    expect(await mails()).toHaveLength(RECIPIENT_MAILS_PER_HOUR);
  });
});

describe("a quote for a customer's account", () => {
  it('is paid with the test card, shows converted and paid, and its order is in the account with the status the seller gives it', async () => {
    const { browser, customerId, customer } = await signedUp(server.url);
    // The operator types the address in another case: the account is found all the same.
    const { quote, link } = await create(quoteBody({ customer: { email: customer.email.toUpperCase(), firstName: 'Casey', lastName: 'Builder' } }));
    expect(quote.customer.accountId).toBe(customerId);
    const token = new URL(link.url).searchParams.get('token')!;
    const auth = { Authorization: `Bearer ${token}`, Origin: new URL(server.url).origin };
    const paid = await send(server.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { quoteId: String(quote.id) } }, headers: { ...auth, 'Idempotency-Key': `studio-quote-${quote.id}` } });
    expect(paid.status, paid.text).toBe(200);
    const converted = await send(server.url, 'POST', '/api/quote/convertToOrder', { body: { quoteId: quote.id, payment: { transactionId: paid.body.transactionId, method: 'card' } }, headers: auth });
    expect(converted.status, converted.text).toBe(200);
    const orderId = converted.body.order.id as number;

    const detail = (await call(viewer, 'GET', `/api/studio/quotes/${quote.id}`)).body.data;
    expect(detail).toMatchObject({ state: 'paid', order: { id: orderId, number: String(converted.body.order.incrementId ?? detail.order.number), status: 'ordered', paid: true } });
    const listed = (await call(viewer, 'GET', `/api/studio/quotes?state=paid&search=${encodeURIComponent(quote.number)}`)).body.data.quotes;
    expect(listed.map((q: { id: number }) => q.id)).toEqual([quote.id]);
    const relink = await call(editor, 'POST', `/api/studio/quotes/${quote.id}/link`, {});
    expect(relink.status).toBe(409);
    expect((await call(editor, 'POST', `/api/studio/quotes/${quote.id}/email`, {})).status).toBe(409);

    const account = await browser.call('GET', '/api/my-account/orders');
    expect(account.body.data.items.map((o: { id: number; status: string }) => [o.id, o.status])).toEqual([[orderId, 'ordered']]);
    // The seller ships it (the orders screen's move; here straight in the database, as it stores it).
    await database.q.run(database.q.db.updateTable('sales_order').set({ status: 'shipped', state: 'complete' }).where('id', '=', orderId));
    const shipped = await browser.call('GET', `/api/my-account/orders/${orderId}`);
    expect(shipped.body.data).toMatchObject({ id: orderId, status: 'shipped', total: quote.total });
    expect(shipped.body.data.items[0]).toMatchObject({ sku: sample!.sku });
  });

  it('shows converted, not paid, while a split payment has paid only a part', async () => {
    const { quote, link } = await create(quoteBody({ lines: [{ sku: sample!.sku, qty: 4 }], splitPaymentEnabled: true, minimumSplit: 5 }));
    const auth = { Authorization: `Bearer ${new URL(link.url).searchParams.get('token')!}`, Origin: new URL(server.url).origin };
    const part = await send(server.url, 'POST', '/api/payment/test/charge', { body: { ...card(), amount: 5, metadata: { quoteId: String(quote.id) } }, headers: { ...auth, 'Idempotency-Key': `studio-part-${quote.id}` } });
    expect(part.status, part.text).toBe(200);
    const converted = await send(server.url, 'POST', '/api/quote/convertToOrder', { body: { quoteId: quote.id, payment: { transactionId: part.body.transactionId, method: 'card' } }, headers: auth });
    expect(converted.status, converted.text).toBe(200);
    const detail = (await call(viewer, 'GET', `/api/studio/quotes/${quote.id}`)).body.data;
    expect(detail).toMatchObject({ state: 'converted', order: { id: converted.body.order.id, status: 'partially_paid', paid: false } });
    const listed = async (state: string) => (await call(viewer, 'GET', `/api/studio/quotes?state=${state}&search=${quote.number}`)).body.data.quotes.map((q: { id: number }) => q.id);
    expect(await listed('converted')).toEqual([quote.id]);
    expect(await listed('paid')).toEqual([]);
    expect(await listed('open')).toEqual([]);
  });

  it('is a guest quote when no account has the e-mail', async () => {
    const { quote } = await create();
    expect(quote.customer.accountId).toBeNull();
    expect((await stored(quote.id))?.customer_id).toBeNull();
  });
});

describe('a kitchen in the builder', () => {
  it('finds cabinets, countertops and services by code, kind and style, an exact code first', async () => {
    const search = async (words: string) => (await call(viewer, 'GET', `/api/studio/catalog?search=${encodeURIComponent(words)}`)).body.data as { sku: string; kind: string; code: string }[];
    // Every style's B24 first, then what only contains it (a DB24, a drawer base).
    const b24 = await search('B24');
    expect(b24.slice(0, 3).map((l) => l.sku).sort()).toEqual(['GI-B24', 'HS-B24', 'SS-B24']);
    expect(b24.slice(3).every((l) => l.code !== 'B24')).toBe(true);
    expect((await search('hartford base')).every((l) => l.sku.startsWith('HS-') && l.kind === 'cabinet')).toBe(true);
    expect((await search('countertop')).map((l) => l.kind)).toContain('countertop');
    expect((await search('install')).map((l) => l.sku)).toContain('SV-INSTALL');
    expect((await search('cabinet')).length).toBeGreaterThan(0);
  });

  it('lists the styles a cabinet list may be imported into, and reads a list, each unknown code or finish with a "did you mean"', async () => {
    const styles = (await call(viewer, 'GET', '/api/studio/catalog/styles')).body.data as { name: string; title: string; finishes: { label: string }[] }[];
    expect(styles.map((s) => s.name)).toEqual(expect.arrayContaining(['hartford-shaker', 'soho-slab', 'georgetown-inset']));
    expect(styles.find((s) => s.name === 'hartford-shaker')!.finishes.map((f) => f.label)).toContain('Forest Green');
    const csv = 'Code,Qty,Finish\nB24,6,Forest Green\nW3030,8,forest-green\nB25,1,Forest Green\nSB36,1,Forrest Green\nCT-QUARTZ-CAL,1\n';
    const res = await call(editor, 'POST', '/api/studio/quotes/import', { csv, style: 'hartford-shaker' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.lines.map((l: { row: number; line: unknown }) => [l.row, l.line])).toEqual([
      [2, { sku: 'HS-B24', qty: 6, finish: { type: 'painted', value: 'forest-green' } }],
      [3, { sku: 'HS-W3030', qty: 8, finish: { type: 'painted', value: 'forest-green' } }],
      [6, { sku: 'CT-QUARTZ-CAL', qty: 1 }],
    ]);
    const problems = res.body.data.problems as { row: number; suggestion: string | null }[];
    expect(problems.map((p) => p.row)).toEqual([4, 5]);
    expect(problems[0]!.suggestion).toMatch(/^B\d\d$/);
    expect(problems[1]!.suggestion).toBe('Forest Green');
  });
});

describe('a draft handed from a designer to a publisher', () => {
  const forestGreen = { type: 'painted', value: 'forest-green' };
  const kitchen = [
    { sku: 'HS-B24', qty: 6, finish: forestGreen, group: 'Kitchen — sink wall' },
    { sku: 'HS-W3030', qty: 2, finish: forestGreen, modifications: ['GD'], group: 'Kitchen — sink wall', notes: 'Glass doors on two' },
    { sku: 'CT-QUARTZ-CAL', sqft: 42, edge: 'EASED', cutouts: { SINK: 1 } },
    { sku: 'SV-INSTALL', qty: 8 },
  ];
  const freeLine = { description: 'Range hood panel', price: 480, qty: 1 };
  const audited = async (id: number) =>
    (await database.q.all(database.q.db.selectFrom('studio_audit').select(['action', 'detail']).where('action', 'like', 'quote.%').orderBy('id'))).filter((e) => e.detail.startsWith(`Q${100000 + id}`)).map((e) => [e.action, e.detail]);

  it('opens again with the body it was saved with and its catalog lines; a publisher adds a free line, the designer sends it', async () => {
    const body = { draft: true, customer: { firstName: 'Maria' }, lines: kitchen, notes: 'Weekday mornings' };
    const made = await call(editor, 'POST', '/api/studio/quotes', body);
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.quote.id as number;
    expect(made.body.data).toMatchObject({ quote: { state: 'draft' }, link: null });

    // The publisher finds it among the drafts, and opens it: the body as saved, each SKU's catalog line once.
    expect((await call(publisher, 'GET', '/api/studio/quotes?state=draft')).body.data.quotes.map((q: { id: number }) => q.id)).toContain(id);
    const opened = await call(publisher, 'GET', `/api/studio/quotes/${id}/draft`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data).toEqual({ id, number: `Q${100000 + id}`, revision: expect.stringMatching(/^[0-9a-f]{64}$/), request: body, items: expect.any(Array), missing: [] });
    const items = opened.body.data.items as { sku: string; finishes: { label: string }[]; modifications: { code: string }[]; cutouts: { code: string }[] }[];
    expect(items.map((i) => i.sku)).toEqual(['HS-B24', 'HS-W3030', 'CT-QUARTZ-CAL', 'SV-INSTALL']);
    expect(items[1]!.modifications.map((m) => m.code)).toContain('GD');
    expect(items[1]!.finishes.map((f) => f.label)).toContain('Forest Green');
    expect(items[2]!.cutouts.map((c) => c.code)).toContain('SINK');

    const withFree = { ...opened.body.data.request, lines: [...kitchen, freeLine] };
    const kept = await call(publisher, 'PUT', `/api/studio/quotes/${id}`, withFree);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data.link).toBeNull();

    // The designer opens it again with the free line, and sends it unchanged with the customer's address.
    const again = (await call(editor, 'GET', `/api/studio/quotes/${id}/draft`)).body.data;
    expect(again.request.lines.at(-1)).toEqual(freeLine);
    const { draft: _draft, ...rest } = again.request;
    const sent = await call(editor, 'PUT', `/api/studio/quotes/${id}`, { ...rest, customer: { email: `maria.${process.pid}@example.com`, firstName: 'Maria', lastName: 'Lopez' }, billingAddress: address });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.quote).toMatchObject({ state: 'open', notes: 'Weekday mornings' });
    expect(sent.body.data.quote.lines.map((l: { sku: string }) => l.sku)).toEqual(['HS-B24', 'HS-W3030', 'CT-QUARTZ-CAL', 'SV-INSTALL', 'CUSTOM']);
    expect((await openLink(sent.body.data.link.url)).status).toBe(200);

    // Who did what: the free line is audited once, on the publisher's save.
    const entries = await audited(id);
    expect(entries.map(([action]) => action)).toEqual(['quote.draft', 'quote.draft', 'quote.send']);
    expect(entries[1]![1]).toContain('free line "Range hood panel" 1 × $480.00');
    expect(entries[2]![1]).not.toContain('free line');

    // Sent, it opens no more in the builder.
    const closed = await call(editor, 'GET', `/api/studio/quotes/${id}/draft`);
    expect([closed.status, closed.body.message]).toEqual([409, QUOTE_NOT_DRAFT]);
  });

  it("refuses a save over another operator's, made after the draft was opened, and keeps theirs", async () => {
    const made = await call(editor, 'POST', '/api/studio/quotes', { draft: true, lines: kitchen.slice(0, 1) });
    const id = made.body.data.quote.id as number;
    const { revision } = (await call(editor, 'GET', `/api/studio/quotes/${id}/draft`)).body.data;
    const theirs = await call(publisher, 'PUT', `/api/studio/quotes/${id}`, { draft: true, lines: kitchen.slice(0, 2), revision });
    expect(theirs.status, theirs.text).toBe(200);
    const mine = await call(editor, 'PUT', `/api/studio/quotes/${id}`, { draft: true, lines: kitchen.slice(0, 1), notes: 'Mine', revision });
    expect([mine.status, mine.body.error, mine.body.message]).toEqual([409, 'draft_stale', QUOTE_DRAFT_STALE]);
    const reopened = (await call(editor, 'GET', `/api/studio/quotes/${id}/draft`)).body.data;
    expect(reopened.request).toEqual({ draft: true, lines: kitchen.slice(0, 2) });
    expect(reopened.revision).not.toBe(revision);
    // Made on the save it opened, the change goes through; the revision is not stored with it.
    const again = await call(editor, 'PUT', `/api/studio/quotes/${id}`, { draft: true, lines: kitchen.slice(0, 2), notes: 'Mine', revision: reopened.revision });
    expect(again.status, again.text).toBe(200);
    expect((await call(editor, 'GET', `/api/studio/quotes/${id}/draft`)).body.data.request).toEqual({ draft: true, lines: kitchen.slice(0, 2), notes: 'Mine' });
  });

  it('names the SKUs the catalog no longer has', async () => {
    const made = await call(editor, 'POST', '/api/studio/quotes', { draft: true, lines: kitchen.slice(0, 1) });
    const id = made.body.data.quote.id as number;
    const gone = { draft: true, lines: [...kitchen.slice(0, 1), { sku: 'HS-B99', qty: 1 }, { sku: 'HS-B99', qty: 2 }] };
    await database.q.run(database.q.db.updateTable('quote').set({ request: JSON.stringify(gone) }).where('id', '=', id));
    const opened = (await call(editor, 'GET', `/api/studio/quotes/${id}/draft`)).body.data;
    expect(opened.items.map((i: { sku: string }) => i.sku)).toEqual(['HS-B24']);
    expect(opened.missing).toEqual(['HS-B99']);
  });
});

/** The text of a PDF of the store: jsPDF writes its text streams uncompressed, as (escaped text) Tj. */
async function pdfText(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer()).toString('latin1');
  return [...bytes.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')).join('\n');
}

describe("the quote's PDF", () => {
  it("carries the store's address, the customer's addresses, until when it is valid and the payment link", async () => {
    const shipTo = { ...address, street1: '40 Lake Rd', city: 'Dallas', zipCode: '75201' };
    const { quote, link } = await create(quoteBody({ shippingAddress: shipTo }));
    const pdf = (query = '') => fetch(`${server.url}/api/studio/quotes/${quote.id}/pdf${query}`, { headers: viewer });
    const token = new URL(link.url).searchParams.get('token')!;
    const text = await pdfText(await pdf(`?token=${encodeURIComponent(token)}`));
    for (const words of ['1480 Harbor Industrial Way, Showroom B', 'Sacramento, CA 95811', '(916) 555-0147 · hello@oakandhearth.example']) expect(text).toContain(words);
    expect(text).toContain('Billing address: Sam Carter, 12 Main St, Austin, TX 78701');
    expect(text).toContain('Ship to: Sam Carter, 40 Lake Rd, Dallas, TX 75201');
    const until = new Date(link.expiresAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(text).toContain(`Valid until ${until}`);
    expect(text).toContain(link.url);

    // Without its token (the store keeps only its hash), or with a wrong one: where the link was sent, never a link.
    for (const query of ['', '?token=not-the-token']) {
      const plain = await pdfText(await pdf(query));
      expect(plain).toContain(`Pay online from the payment link e-mailed to ${quote.customer.email}.`);
      expect(plain).not.toContain('/quote/payment');
    }
  });

  it('prints a draft as an estimate, valid once sent, with no payment link', async () => {
    const { quote } = await create(quoteBody({ draft: true }));
    const text = await pdfText(await fetch(`${server.url}/api/studio/quotes/${quote.id}/pdf`, { headers: viewer }));
    expect(text).toContain(`Estimate ${quote.number}`);
    expect(text).toContain('An estimate: prices are confirmed when the quote is sent.');
    expect(text).not.toContain('Pay online');
  });
});
