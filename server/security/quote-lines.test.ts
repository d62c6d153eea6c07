/**
 * The kitchen lines of a quote against an attacker inside the studio: an editor who adds a free
 * line (a price of their own) or changes one a publisher put on a draft, an editor who gives a
 * discount above the store's limit, an editor who changes a quote already sent, and malformed
 * lines and cabinet lists. Every refusal is a 4xx {error, message, fields} that stored nothing;
 * what a publisher may do is audited, naming the free line and the discount.
 *
 * @engines sqlite: the rights are decided before anything is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountNeedsPublisher, FREE_LINE_PUBLISHER, QUOTE_NOT_DRAFT } from '../../schemas/api/back-office-quotes';
import { openDatabase, type Database } from '../db/database';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { call as send } from './attacker-kit';

type Headers = Record<string, string>;

let server: TestServer;
let database: Database;
const as: Record<'editor' | 'publisher', Headers> = {} as never;

const address = { firstName: 'Ana', lastName: 'Reyes', street1: '12 Main St', city: 'Austin', state: 'TX', zipCode: '78701', phoneNumber: '5125550199' };
const forestGreen = { type: 'painted', value: 'forest-green' };
const cabinets = [
  { sku: 'HS-B24', qty: 6, finish: forestGreen, group: 'Kitchen — sink wall' },
  { sku: 'CT-QUARTZ-CAL', sqft: 42, cutouts: { SINK: 1 } },
];
const freeLine = { description: 'Range hood panel', price: 480 };
const body = (overrides: Record<string, unknown> = {}) => ({ customer: { email: `ana.${process.pid}@example.com`, firstName: 'Ana', lastName: 'Reyes' }, billingAddress: address, lines: cabinets, ...overrides });

beforeAll(async () => {
  server = await startTestServer();
  database = openDatabase(server.databaseUrl);
  as.editor = (await signInOperator(server, 'editor')).headers;
  as.publisher = (await signInOperator(server, 'publisher')).headers;
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

const call = (headers: Headers, method: string, pathname: string, payload?: unknown) => send(server.url, method, pathname, { headers, body: payload });
const quotes = async () => Number((await database.q.first(database.q.db.selectFrom('quote').select((eb) => eb.fn.countAll<number>().as('n'))))?.n);
const audit = (action: string) => database.q.all(database.q.db.selectFrom('studio_audit').select('detail').where('action', '=', action).orderBy('id', 'desc'));

/** The refusal's shape: a 4xx with an error code, a message and the field it names. */
function expectRefusal(res: { status: number; body: Record<string, any> }, status: number, field: string, label = '') {
  expect(res.status, label).toBe(status);
  expect(typeof res.body.error, label).toBe('string');
  expect(typeof res.body.message, label).toBe('string');
  expect(res.body.fields, label).toHaveProperty([field]);
}

describe('a free line', () => {
  it("is refused from an editor, sent or as a draft, and stores nothing", async () => {
    const before = await quotes();
    for (const extra of [{}, { draft: true }]) {
      const res = await call(as.editor, 'POST', '/api/studio/quotes', body({ lines: [...cabinets, freeLine], ...extra }));
      expectRefusal(res, 403, 'lines.2.price', JSON.stringify(extra));
      expect(res.body.message).toBe(FREE_LINE_PUBLISHER);
    }
    expect(await quotes()).toBe(before);
  });

  it('is taken from a publisher and audited by its words; an editor may keep it on the draft, not change it', async () => {
    const made = await call(as.publisher, 'POST', '/api/studio/quotes', body({ lines: [...cabinets, freeLine], draft: true }));
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.quote.id as number;
    expect((await audit('quote.draft'))[0]!.detail).toContain('free line "Range hood panel" 1 × $480.00');

    const changed = await call(as.editor, 'PUT', `/api/studio/quotes/${id}`, body({ lines: [...cabinets, { ...freeLine, price: 48 }], draft: true }));
    expectRefusal(changed, 403, 'lines.2.price');
    const stored = await database.q.first(database.q.db.selectFrom('quote').select(['items', 'total_cents']).where('id', '=', id));
    expect(JSON.parse(stored!.items).find((i: { sku: string }) => i.sku === 'CUSTOM')).toMatchObject({ priceCents: 48_000 });

    const sent = await call(as.editor, 'PUT', `/api/studio/quotes/${id}`, body({ lines: [...cabinets, freeLine] }));
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.link.url).toContain('/quote/payment?');
    // Once sent, it is no draft: nobody changes it.
    const again = await call(as.publisher, 'PUT', `/api/studio/quotes/${id}`, body({ draft: true }));
    expect([again.status, again.body.message]).toEqual([409, QUOTE_NOT_DRAFT]);
  });
});

describe("a discount above the store's limit (25 %)", () => {
  it('is refused from an editor, naming the discount, and stores nothing', async () => {
    const before = await quotes();
    const res = await call(as.editor, 'POST', '/api/studio/quotes', body({ discount: { type: 'percent', value: 26 } }));
    expectRefusal(res, 403, 'discount.value');
    expect(res.body.message).toBe(discountNeedsPublisher(25));
    // The whole subtotal off, as an editor could before the limit: refused too.
    expect((await call(as.editor, 'POST', '/api/studio/quotes', body({ discount: { type: 'percent', value: 100 } }))).status).toBe(403);
    expect(await quotes()).toBe(before);
    // The builder is told before sending that a publisher must send it.
    const priced = await call(as.editor, 'POST', '/api/studio/quotes/price', { lines: cabinets, discount: { type: 'percent', value: 26 } });
    expect(priced.body.data.approval).toEqual({ discountPercent: 26, limitPercent: 25, needsPublisher: true });
  });

  it('is given by a publisher, and the audit names it, not only the total', async () => {
    const res = await call(as.publisher, 'POST', '/api/studio/quotes', body({ discount: { type: 'percent', value: 30 } }));
    expect(res.status, res.text).toBe(201);
    const detail = (await audit('quote.create'))[0]!.detail;
    expect(detail).toMatch(/discount 30 % \(\$[\d,]+\.\d\d\) above the 25 % limit, approved by [^;]+@[^;]+/);
  });
});

describe('malformed lines and lists', () => {
  it('answer 400 {error, message, fields} naming the field, and store nothing', async () => {
    const before = await quotes();
    const bad: [unknown, string][] = [
      [{ sku: 'CT-QUARTZ-CAL', sqft: 'forty' }, 'lines.0.sqft'],
      [{ sku: 'CT-QUARTZ-CAL', sqft: 42, cutouts: ['SINK'] }, 'lines.0.cutouts'],
      [{ sku: 'HS-B24', finish: forestGreen, modifications: 'GD' }, 'lines.0.modifications'],
      [{ sku: 'HS-B24', finish: { type: 'painted' } }, 'lines.0.finish.value'],
      [{ sku: 'HS-B24', finish: forestGreen, modifications: ['ZZ'] }, 'lines.0.modifications'],
      [{ sku: 'CT-QUARTZ-CAL', sqft: 42, edge: 'WAVY' }, 'lines.0.edge'],
      [{ sku: 'HS-B24', finish: forestGreen, group: 'x'.repeat(81) }, 'lines.0.group'],
      [{ description: 'Panel' }, 'lines.0.price'],
      ['HS-B24', 'lines.0'],
    ];
    for (const [line, field] of bad) {
      for (const path of ['/api/studio/quotes', '/api/studio/quotes/price']) {
        const res = await call(as.publisher, 'POST', path, body({ lines: [line] }));
        expectRefusal(res, 400, field, `${path} ${JSON.stringify(line)}`);
      }
    }
    for (const [payload, field] of [
      [{ csv: 42, style: 'hartford-shaker' }, 'csv'],
      [{ csv: 'B24,1', style: 'no-such-style' }, 'style'],
      [{ csv: '', style: 'hartford-shaker' }, 'csv'],
      [{ csv: 'B24,1', style: 'hartford-shaker', finish: { type: 'painted', value: 'hot-pink' } }, 'finish'],
    ] as const) {
      expectRefusal(await call(as.editor, 'POST', '/api/studio/quotes/import', payload), 400, field, JSON.stringify(payload));
    }
    expect(await quotes()).toBe(before);
  });
});
