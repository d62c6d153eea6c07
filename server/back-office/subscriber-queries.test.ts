/**
 * The newsletter list of the back office (./subscriber-queries.ts) on the run's engine.
 *
 * @engines sqlite postgres: the subscribers' queries are the engine's (the erasure: subscriber-erasure.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { NewsletterConsent } from '../services/newsletter-consent';
import { openTestDatabase } from '../testing/test-database';
import { listSubscribers, subscribersCsv } from './subscriber-queries';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function setup() {
  database = await openTestDatabase();
  const q = database.q;
  let t = Date.parse('2030-03-01T09:00:00.000Z');
  const now = () => new Date(t);
  /** Each sign-up and each confirmation a minute after the one before. */
  const tick = () => void (t += 60_000);
  const consent = new NewsletterConsent({ q, publicUrl: 'https://shop.example', now });
  const ask = (email: string, client = '203.0.113.7') => {
    tick();
    return q.transaction((tx) => consent.request(tx, { email, sourceForm: 'newsletter', sourcePage: '/about-us', client }));
  };
  /** The token of the latest confirmation e-mail to the address, read from its link. */
  const confirm = async (email: string) => {
    const mail = await q.first(q.db.selectFrom('mail_outbox').select('text').where('recipient', '=', email).orderBy('id', 'desc'));
    const token = decodeURIComponent(/\/newsletter\/confirm\/(\S+)/.exec(mail!.text)![1]!);
    tick();
    await consent.confirm(token, '198.51.100.9');
  };
  const idOf = async (email: string) => Number((await q.first(q.db.selectFrom('newsletter_subscriber').select('id').where('email', '=', email)))!.id);
  return { q, ask, confirm, idOf };
}

describe('the subscriber list', () => {
  it('shows each address with its status and consent records: when asked, from which form, page and address, confirmed when', async () => {
    const { q, ask, confirm } = await setup();
    await ask('ann@example.com');
    await confirm('ann@example.com');
    await ask('bo@example.com');
    const { items, next } = await listSubscribers(q, {}, 10);
    expect(next).toBeUndefined();
    expect(items.map((s) => [s.email, s.status])).toEqual([
      ['bo@example.com', 'pending'],
      ['ann@example.com', 'subscribed'],
    ]);
    expect(items[1]!.consents).toEqual([
      { id: expect.any(Number), form: 'newsletter', page: '/about-us', requestedAt: '2030-03-01T09:01:00.000Z', requestedFrom: '203.0.113.7', confirmedAt: '2030-03-01T09:02:00.000Z', confirmedFrom: '198.51.100.9', expiresAt: null },
    ]);
    expect(items[0]!.consents[0]).toMatchObject({ confirmedAt: null, expiresAt: expect.stringMatching(/^2030-03-0/) });
  });

  it('pages newest first, filters by status and searches the address', async () => {
    const { q, ask, confirm } = await setup();
    for (const name of ['a', 'b', 'c', 'd', 'e_x']) await ask(`${name}@example.com`);
    await confirm('c@example.com');
    const first = await listSubscribers(q, {}, 2);
    expect(first.items.map((s) => s.email)).toEqual(['e_x@example.com', 'd@example.com']);
    const second = await listSubscribers(q, { after: first.next }, 2);
    expect(second.items.map((s) => s.email)).toEqual(['c@example.com', 'b@example.com']);
    expect((await listSubscribers(q, { after: second.next }, 2)).items.map((s) => s.email)).toEqual(['a@example.com']);
    expect((await listSubscribers(q, { status: 'subscribed' }, 10)).items.map((s) => s.email)).toEqual(['c@example.com']);
    expect((await listSubscribers(q, { search: 'E_X@' }, 10)).items.map((s) => s.email)).toEqual(['e_x@example.com']);
    expect((await listSubscribers(q, { search: '_' }, 10)).items.map((s) => s.email)).toEqual(['e_x@example.com']);
  });
});

describe('the subscriber export', () => {
  it('has a row per consent record with its columns, and neutralises cells a spreadsheet would run', async () => {
    const { q, ask, confirm } = await setup();
    await ask('ann@example.com');
    await confirm('ann@example.com');
    await ask('ann@example.com');
    await q.insert('newsletter_subscriber', { email: '=hyperlink("x")@evil.example', status: 'subscribed', unsubscribe_token: 'x'.repeat(43), source: '-2+3', created_at: '2030-03-02T00:00:00.000Z', updated_at: '2030-03-02T00:00:00.000Z', unsubscribed_at: null });
    const { csv, rows } = await subscribersCsv(q);
    expect(rows).toBe(3);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,email,status,source,created_at,unsubscribed_at,consent_form,consent_page,requested_at,requested_from,confirmed_at,confirmed_from');
    // Unquoted rows: the cells are plain; the id and created_at (known) are left out of the comparison.
    expect(lines.slice(1, 3).map((l) => l.split(',').filter((_, i) => i !== 0 && i !== 4 && i !== 8))).toEqual([
      ['ann@example.com', 'subscribed', 'newsletter', '', 'newsletter', '/about-us', '203.0.113.7', '2030-03-01T09:02:00.000Z', '198.51.100.9'],
      ['ann@example.com', 'subscribed', 'newsletter', '', 'newsletter', '/about-us', '203.0.113.7', '', ''],
    ]);
    // The apostrophe keeps a spreadsheet from reading a formula; csv-stringify doubles the quotes.
    expect(lines[3]).toMatch(/^\d+,"'=hyperlink\(""x""\)@evil\.example",subscribed,'-2\+3,2030-03-02T00:00:00\.000Z,,,,,,,$/);
    expect((await subscribersCsv(q, 'pending')).rows).toBe(0);
  });
});
