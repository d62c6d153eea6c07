/**
 * The store's discount limit (25 % of the subtotal) against an editor who works around it: keeping
 * the discount's amount on their own draft and removing lines (the share rises past the limit), or
 * keeping the amount a publisher approved on fewer lines; and the audit, which must say who
 * approved which share, never "above the limit" as if approved when nobody did. Then random
 * sequences of discounts, lines and saves by editors and publishers: no quote is ever sent with a
 * share above the limit unless a publisher approved that share, and the audit says exactly what
 * happened at each step.
 *
 * @engines sqlite postgres: the approval is stored with the draft and read under its row's lock.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountNeedsPublisher } from '../../schemas/api/back-office-quotes';
import { openDatabase, type Database } from '../db/database';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { call as send } from './attacker-kit';

type Headers = Record<string, string>;
type Role = 'editor' | 'publisher';

let server: TestServer;
let database: Database;
const as = {} as Record<Role, { headers: Headers; email: string }>;

const address = { firstName: 'Ana', lastName: 'Reyes', street1: '12 Main St', city: 'Austin', state: 'TX', zipCode: '78701', phoneNumber: '5125550199' };
const forestGreen = { type: 'painted', value: 'forest-green' };
/** The quote's lines: `n` base cabinets and a quartz top. */
const linesOf = (n: number) => [
  { sku: 'HS-B24', qty: n, finish: forestGreen },
  { sku: 'CT-QUARTZ-CAL', sqft: 42 },
];
const body = (lines: number, discount: { type: 'amount' | 'percent'; value: number } | null, draft: boolean) => ({
  customer: { email: `ana.${process.pid}@example.com`, firstName: 'Ana', lastName: 'Reyes' },
  billingAddress: address,
  lines: linesOf(lines),
  discount,
  ...(draft ? { draft: true } : {}),
});

beforeAll(async () => {
  server = await startTestServer();
  database = openDatabase(server.databaseUrl);
  for (const role of ['editor', 'publisher'] as const) {
    const signed = await signInOperator(server, role);
    as[role] = { headers: signed.headers, email: signed.email };
  }
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

const call = (role: Role, method: string, pathname: string, payload?: unknown) => send(server.url, method, pathname, { headers: as[role].headers, body: payload });
const stored = (id: number) => database.q.first(database.q.db.selectFrom('quote').select(['status', 'discount_cents', 'subtotal_cents', 'request', 'discount_approval']).where('id', '=', id));
const lastAudit = async () => (await database.q.first(database.q.db.selectFrom('studio_audit').select(['id', 'action', 'detail', 'operator_email']).where('action', 'like', 'quote.%').orderBy('id', 'desc')))!;
/** The share of the subtotal the server prices this discount at (its own arithmetic, to the hundredth). */
const shareOf = async (lines: number, discount: { type: 'amount' | 'percent'; value: number } | null) =>
  (await call('editor', 'POST', '/api/studio/quotes/price', { lines: linesOf(lines), discount })).body.data.approval.discountPercent as number;

async function draftBy(role: Role, lines: number, discount: { type: 'amount'; value: number }) {
  const made = await call(role, 'POST', '/api/studio/quotes', body(lines, discount, true));
  expect(made.status, made.text).toBe(201);
  return made.body.data.quote.id as number;
}

describe('the discount limit at every save and send', () => {
  it("refuses an editor's own draft re-saved with the same discount amount on fewer lines, and changes nothing", async () => {
    // 20 % of the subtotal of 10 cabinets and the top, as an amount.
    const full = await call('editor', 'POST', '/api/studio/quotes/price', { lines: linesOf(10) });
    const amount = { type: 'amount' as const, value: Math.round(full.body.data.subtotal * 0.2) };
    const id = await draftBy('editor', 10, amount);
    expect(await shareOf(1, amount)).toBeGreaterThan(25);
    const before = await stored(id);
    const auditBefore = await lastAudit();
    for (const draft of [true, false]) {
      const res = await call('editor', 'PUT', `/api/studio/quotes/${id}`, body(1, amount, draft));
      expect([res.status, res.body.fields], res.text).toEqual([403, { 'discount.value': discountNeedsPublisher(25) }]);
    }
    expect(await stored(id)).toEqual(before);
    expect((await lastAudit()).id).toBe(auditBefore.id);
  });

  it("lets an editor keep a publisher's approval of a share, never the amount on fewer lines, and the audit says whose approval it was", async () => {
    const full = await call('editor', 'POST', '/api/studio/quotes/price', { lines: linesOf(10) });
    const amount = { type: 'amount' as const, value: Math.round(full.body.data.subtotal * 0.3) };
    const id = await draftBy('publisher', 10, amount);
    const approval = JSON.parse((await stored(id))!.discount_approval!);
    expect(approval).toMatchObject({ percent: await shareOf(10, amount), by: as.publisher.email });
    expect((await lastAudit()).detail).toContain(`above the 25 % limit, approved by ${as.publisher.email}`);

    // The same amount on fewer lines is a larger share: not what was approved.
    const fewer = await call('editor', 'PUT', `/api/studio/quotes/${id}`, body(6, amount, false));
    expect(fewer.status, fewer.text).toBe(403);
    expect((await stored(id))!.status).toBe('draft');

    // Kept as approved, or lowered: the editor may send it, and the audit names the approval it rests on.
    const lower = { type: 'amount' as const, value: amount.value - 100 };
    const sent = await call('editor', 'PUT', `/api/studio/quotes/${id}`, body(10, lower, false));
    expect(sent.status, sent.text).toBe(200);
    const entry = await lastAudit();
    expect([entry.action, entry.operator_email]).toEqual(['quote.send', as.editor.email]);
    expect(entry.detail).toContain(`above the 25 % limit, within the ${approval.percent} % ${as.publisher.email} approved`);
    expect(entry.detail).not.toContain('approved by');
  });
});

/** One step of a random session on one quote. */
interface Step {
  role: Role;
  lines: number;
  discount: { type: 'amount' | 'percent'; value: number } | null;
  draft: boolean;
}

const step: fc.Arbitrary<Step> = fc.record({
  role: fc.constantFrom<Role>('editor', 'editor', 'publisher'),
  lines: fc.integer({ min: 1, max: 12 }),
  discount: fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: 60 }).map((value) => ({ type: 'percent' as const, value })),
    fc.integer({ min: 0, max: 4000 }).map((value) => ({ type: 'amount' as const, value: value * 5 })),
  ),
  draft: fc.boolean(),
});

describe('random sequences of discounts, lines and saves by editors and publishers', () => {
  it('never send a share above the limit that no publisher approved, and the audit says what happened', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        // The model: the share a publisher approved last, by whom.
        let approved: { percent: number; by: string } | null = null;
        let id: number | null = null;
        for (const s of steps) {
          const priced = await call('editor', 'POST', '/api/studio/quotes/price', { lines: linesOf(s.lines), discount: s.discount });
          // A discount above the subtotal is refused whoever asks (400), before any limit.
          const tooMuch = priced.status === 400;
          const share = tooMuch ? Infinity : (priced.body.data.approval.discountPercent as number);
          const above = share > 25;
          const passes = !tooMuch && (!above || s.role === 'publisher' || (approved !== null && share <= approved.percent));
          const auditBefore = await lastAudit();
          const res = id === null ? await call(s.role, 'POST', '/api/studio/quotes', body(s.lines, s.discount, s.draft)) : await call(s.role, 'PUT', `/api/studio/quotes/${id}`, body(s.lines, s.discount, s.draft));
          if (!passes) {
            expect(res.status, `${JSON.stringify(s)} ${res.text}`).toBe(tooMuch ? 400 : 403);
            expect((await lastAudit()).id).toBe(auditBefore.id);
            continue;
          }
          const creating = id === null;
          expect(res.status, `${JSON.stringify(s)} ${res.text}`).toBe(creating ? 201 : 200);
          id = res.body.data.quote.id as number;
          if (above && s.role === 'publisher') approved = { percent: share, by: as.publisher.email };
          const row = (await stored(id))!;
          const entry = await lastAudit();
          expect(entry.operator_email).toBe(as[s.role].email);
          expect(entry.action).toBe(s.draft ? 'quote.draft' : creating ? 'quote.create' : 'quote.send');
          if (!above) expect(entry.detail).not.toContain('above the 25 % limit');
          else if (s.role === 'publisher') expect(entry.detail).toContain(`discount ${share} % (`);
          if (above) expect(entry.detail).toContain(s.role === 'publisher' ? `limit, approved by ${as.publisher.email}` : `limit, within the ${approved!.percent} % ${approved!.by} approved`);
          // What is stored: the share the server priced, and the approval the model holds.
          expect(Math.round((row.discount_cents * 10000) / row.subtotal_cents) / 100).toBe(share);
          expect(row.discount_approval === null ? null : JSON.parse(row.discount_approval)).toEqual(approved === null ? null : expect.objectContaining(approved));
          if (row.status !== 'draft') {
            // Sent: within the limit, or within what a publisher approved.
            expect(share <= 25 || (approved !== null && share <= approved.percent)).toBe(true);
            break;
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
