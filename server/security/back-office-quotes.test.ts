/**
 * The back office's quote endpoints against an attacker: no session, a customer's session, a
 * guessed studio session cookie, a viewer creating, changing, opening a draft in the builder,
 * importing, linking or e-mailing, an editor's write from a foreign Origin, a price or total
 * smuggled into the body, an unknown SKU, a discount above the subtotal, an unknown quote, a sent
 * quote opened as a draft. Every refusal is checked to have stored and sent nothing.
 *
 * @engines sqlite: who may call is decided before any query.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_DISCOUNT_TOO_HIGH, QUOTE_NOT_DRAFT, QUOTE_NOT_FOUND } from '../../schemas/api/back-office-quotes';
import { demoCatalog } from '../api/commerce-test-kit';
import { signedUp } from '../api/my-account-test-kit';
import { openDatabase, type Database } from '../db/database';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { call as send } from './attacker-kit';

type Headers = Record<string, string>;

let server: TestServer;
let database: Database;
let origin: string;
const as: Record<'viewer' | 'editor' | 'customer', Headers> = {} as never;
/** A quote the editor made, which the attacks aim at. */
let target: { id: number; tokenHash: string | null };

const [sample] = demoCatalog.all();
const address = { firstName: 'Sam', lastName: 'Carter', street1: '12 Main St', city: 'Austin', state: 'TX', zipCode: '78701', phoneNumber: '5125550199' };
const body = (overrides: Record<string, unknown> = {}) => ({
  customer: { email: `victim.${process.pid}@example.com`, firstName: 'Sam', lastName: 'Carter' },
  billingAddress: address,
  lines: [{ sku: sample!.sku, qty: 2 }],
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer();
  database = openDatabase(server.databaseUrl);
  origin = new URL(server.url).origin;
  as.viewer = (await signInOperator(server, 'viewer')).headers;
  as.editor = (await signInOperator(server, 'editor')).headers;
  const customer = await signedUp(server.url);
  as.customer = { Cookie: customer.browser.cookie!, Origin: origin };
  const made = await call(as.editor, 'POST', '/api/studio/quotes', body());
  expect(made.status, made.text).toBe(201);
  target = { id: made.body.data.quote.id, tokenHash: null };
  target.tokenHash = (await row(target.id))!.token_hash;
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

const call = (headers: Headers, method: string, pathname: string, payload?: unknown) => send(server.url, method, pathname, { headers, body: payload });
const row = (id: number) => database.q.first(database.q.db.selectFrom('quote').selectAll().where('id', '=', id));
const count = async (table: 'quote' | 'mail_outbox') => Number((await database.q.first(database.q.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))))?.n);

/** What nothing refused may change: the quotes, the target's link, the mails. */
async function snapshot() {
  return { quotes: await count('quote'), mails: await count('mail_outbox'), link: (await row(target.id))?.token_hash };
}

/** The reads only an editor may make: a draft is opened in the builder to be changed. */
const editorReads = (pathname: string) => pathname.endsWith('/draft');

/** Every quote endpoint with a plausible request. */
const endpoints = (): [string, string, unknown?][] => [
  ['GET', '/api/studio/catalog?search=shaker'],
  ['GET', '/api/studio/catalog/styles'],
  ['POST', '/api/studio/quotes/price', { lines: [{ sku: sample!.sku, qty: 1 }] }],
  ['POST', '/api/studio/quotes', body()],
  ['GET', '/api/studio/quotes'],
  ['GET', `/api/studio/quotes/${target.id}`],
  ['POST', `/api/studio/quotes/${target.id}/link`, {}],
  ['POST', `/api/studio/quotes/${target.id}/email`, {}],
  ['PUT', `/api/studio/quotes/${target.id}`, body({ draft: true })],
  ['GET', `/api/studio/quotes/${target.id}/draft`],
  ['POST', '/api/studio/quotes/import', { csv: 'B24,2', style: 'hartford-shaker' }],
  ['GET', `/api/studio/quotes/${target.id}/pdf`],
];

describe('who may call', () => {
  it('refuses every quote endpoint without a studio session: none, a customer\'s, a guessed one', async () => {
    const before = await snapshot();
    const guessed = { Origin: origin, Cookie: `showroom_studio=${crypto.randomBytes(32).toString('base64url')}` };
    for (const [method, pathname, payload] of endpoints()) {
      for (const [who, headers] of [['no session', { Origin: origin }], ['a customer', as.customer], ['a guessed session', guessed]] as const) {
        const res = await call(headers, method, pathname, payload);
        expect(res.status, `${method} ${pathname} with ${who}`).toBe(401);
        expect(res.text, `${method} ${pathname} with ${who}`).not.toContain('victim.');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets a viewer read, never price, create, change, open a draft in the builder, import, link or e-mail', async () => {
    const before = await snapshot();
    for (const [method, pathname, payload] of endpoints()) {
      const res = await call(as.viewer, method, pathname, payload);
      expect(res.status, `${method} ${pathname}`).toBe(method === 'GET' && !editorReads(pathname) ? 200 : 403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an editor's write from a foreign Origin, or with none", async () => {
    const before = await snapshot();
    const { Origin: _own, ...noOrigin } = as.editor;
    for (const [method, pathname, payload] of endpoints().filter(([m]) => m !== 'GET')) {
      expect((await call({ ...as.editor, Origin: 'https://attacker.example' }, method, pathname, payload)).status, `${pathname} foreign`).toBe(403);
      expect((await call(noOrigin, method, pathname, payload)).status, `${pathname} no Origin`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the money is the server\'s', () => {
  it('refuses a price, a total or a shipping amount in the body, on the line or the quote', async () => {
    const before = await snapshot();
    const smuggled: [Record<string, unknown>, string][] = [
      [body({ lines: [{ sku: sample!.sku, qty: 2, price: 0.01 }] }), 'lines.0.price'],
      [body({ total: 0.01 }), 'total'],
      [body({ subtotal: 0.01 }), 'subtotal'],
      [body({ shippingAmount: 0, taxAmount: 0 }), 'shippingAmount'],
      [body({ discountAmount: 10_000 }), 'discountAmount'],
    ];
    for (const [payload, field] of smuggled) {
      for (const path of ['/api/studio/quotes', '/api/studio/quotes/price']) {
        const res = await call(as.editor, 'POST', path, path.endsWith('price') ? { lines: payload.lines, ...(field === 'lines.0.price' ? {} : { [field]: payload[field] }) } : payload);
        expect(res.status, `${path} ${field}`).toBe(400);
        expect(res.body.fields, `${path} ${field}`).toHaveProperty([field]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('stores the catalog price, whatever the browser believes', async () => {
    const made = await call(as.editor, 'POST', '/api/studio/quotes', body({ lines: [{ sku: sample!.sku, qty: 2 }] }));
    expect(made.status).toBe(201);
    const stored = await row(made.body.data.quote.id);
    expect(stored!.subtotal_cents).toBe(2 * sample!.priceCents);
    expect(stored!.total_cents).toBe(stored!.subtotal_cents + stored!.shipping_cents + stored!.tax_cents);
  });

  it('refuses an unknown SKU naming its line, and a discount above the subtotal', async () => {
    const before = await snapshot();
    for (const path of ['/api/studio/quotes', '/api/studio/quotes/price']) {
      const unknown = await call(as.editor, 'POST', path, body({ lines: [{ sku: sample!.sku, qty: 1 }, { sku: 'ZZ-NOT-SOLD', qty: 1 }] }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual({ 'lines.1.sku': 'Item "ZZ-NOT-SOLD" is not in the catalog.' });
      const discount = await call(as.editor, 'POST', path, body({ discount: { type: 'amount', value: (2 * sample!.priceCents) / 100 + 0.01 } }));
      expect(discount.status).toBe(400);
      expect(discount.body).toMatchObject({ message: QUOTE_DISCOUNT_TOO_HIGH, fields: { 'discount.value': QUOTE_DISCOUNT_TOO_HIGH } });
    }
    // The whole subtotal off is the most: the customer still owes shipping and its tax.
    const whole = await call(as.editor, 'POST', '/api/studio/quotes/price', body({ discount: { type: 'percent', value: 100 } }));
    expect(whole.status).toBe(200);
    expect(whole.body.data).toMatchObject({ discount: whole.body.data.subtotal, total: whole.body.data.shipping.amount + whole.body.data.tax });
    // A line of a negative, fractional or huge quantity never reaches the pricing.
    for (const qty of [0, -1, 1.5, 1000, '2']) {
      const res = await call(as.editor, 'POST', '/api/studio/quotes', body({ lines: [{ sku: sample!.sku, qty }] }));
      expect(res.status, `qty ${qty}`).toBe(400);
      expect(Object.keys(res.body.fields), `qty ${qty}`).toEqual(['lines.0.qty']);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('a sent quote', () => {
  it('does not open in the builder: its lines, prices and link stay as they were sent', async () => {
    const before = await snapshot();
    const res = await call(as.editor, 'GET', `/api/studio/quotes/${target.id}/draft`);
    expect([res.status, res.body.message]).toEqual([409, QUOTE_NOT_DRAFT]);
    expect(res.text).not.toContain('victim.');
    const change = await call(as.editor, 'PUT', `/api/studio/quotes/${target.id}`, body({ draft: true, lines: [{ sku: sample!.sku, qty: 1 }] }));
    expect([change.status, change.body.message]).toEqual([409, QUOTE_NOT_DRAFT]);
    // A revision that is not one is refused before anything is read.
    for (const revision of [42, 'x'.repeat(65), null]) {
      const res = await call(as.editor, 'PUT', `/api/studio/quotes/${target.id}`, body({ draft: true, revision }));
      expect(res.status, JSON.stringify(revision)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(revision)).toEqual(['revision']);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('quotes that do not exist', () => {
  it('are 404 to read, open as a draft, link or e-mail, and an id that is not one is the same message', async () => {
    const before = await snapshot();
    const missing = 9_000_000_000;
    expect((await call(as.editor, 'GET', `/api/studio/quotes/${missing}/draft`)).status).toBe(404);
    for (const bad of ['0', '-1', 'abc']) expect((await call(as.editor, 'GET', `/api/studio/quotes/${bad}/draft`)).status, bad).toBe(400);
    expect((await call(as.viewer, 'GET', `/api/studio/quotes/${missing}`)).body).toMatchObject({ message: QUOTE_NOT_FOUND });
    expect((await call(as.viewer, 'GET', `/api/studio/quotes/${missing}`)).status).toBe(404);
    expect((await call(as.editor, 'POST', `/api/studio/quotes/${missing}/link`, {})).status).toBe(404);
    expect((await call(as.editor, 'POST', `/api/studio/quotes/${missing}/email`, {})).status).toBe(404);
    for (const bad of ['0', '-1', '1e3', '1%20OR%201=1', 'abc']) {
      const res = await call(as.viewer, 'GET', `/api/studio/quotes/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBe(QUOTE_NOT_FOUND);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('never answer the link token in a list, a detail or the audit log', async () => {
    const issued = await call(as.editor, 'POST', `/api/studio/quotes/${target.id}/link`, { days: 2 });
    expect(issued.status).toBe(200);
    const token = new URL(issued.body.data.url).searchParams.get('token')!;
    const hash = (await row(target.id))!.token_hash!;
    for (const pathname of ['/api/studio/quotes', `/api/studio/quotes/${target.id}`]) {
      const res = await call(as.viewer, 'GET', pathname);
      expect(res.text).not.toContain(token);
      expect(res.text).not.toContain(hash);
    }
    const audit = await database.q.all(database.q.db.selectFrom('studio_audit').select('detail').where('action', 'like', 'quote.%'));
    expect(audit.length).toBeGreaterThan(0);
    for (const entry of audit) expect(entry.detail).not.toContain(token);
    // It was a link: refuse a days count out of range, naming it.
    const days = await call(as.editor, 'POST', `/api/studio/quotes/${target.id}/link`, { days: 366 });
    expect(days.status).toBe(400);
    expect(Object.keys(days.body.fields)).toEqual(['days']);
  });
});
