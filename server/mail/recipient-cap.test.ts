/**
 * @engines sqlite postgres: the cap counts mail in the database, shared by every server.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Queries } from '../db/queries';
import { createTestDatabaseUrl, openTestDatabase, testEngine } from '../testing/test-database';
import type { MailType } from './mail-templates';
import { enqueueMail, enqueueMails } from './outbox';
import { pruneRecipientLog, RECIPIENT_MAILS_PER_HOUR, recipientKey } from './recipient-cap';

async function outbox() {
  const database = await openTestDatabase();
  return { database, q: database.q };
}

/** A fake clock: tests move it instead of waiting an hour. */
function fakeClock(start = '2030-01-01T10:00:00.000Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

let serial = 0;
const mail = (type: MailType, recipient: string) => ({ type, orderId: null, recipient, cc: [], dedupeKey: `${type}:${++serial}`, subject: 's', html: '<p>h</p>', text: 'h' });
const queuedTo = async (q: Queries, recipient: string) => (await q.all(q.db.selectFrom('mail_outbox').select('type').where('recipient', '=', recipient))).length;

describe('the cap of mails an hour to one typed-in address', () => {
  it('queues three mails of any typed kind to one address in an hour, drops the rest, and lets the address have mail again an hour later', async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    const kinds: MailType[] = ['form-confirmation', 'newsletter-confirmation', 'password-reset', 'account-welcome', 'form-confirmation', 'newsletter-confirmation'];
    const answers: boolean[] = [];
    for (const k of kinds) {
      clock.advance(60_000);
      answers.push(await enqueueMail(q, mail(k, 'victim@example.com'), { now: clock.now }));
    }
    expect(answers).toEqual([true, true, true, false, false, false]);
    expect(await queuedTo(q, 'victim@example.com')).toBe(RECIPIENT_MAILS_PER_HOUR);
    // Another address is not affected.
    expect(await enqueueMail(q, mail('form-confirmation', 'other@example.com'), { now: clock.now })).toBe(true);
    // An hour after the first mail, one share is free again (a sliding hour, not a fixed clock hour).
    clock.advance(55 * 60_000 + 1);
    expect(await enqueueMail(q, mail('form-confirmation', 'victim@example.com'), { now: clock.now })).toBe(true);
    expect(await enqueueMail(q, mail('form-confirmation', 'victim@example.com'), { now: clock.now })).toBe(false);
    const log = await q.all(q.db.selectFrom('mail_recipient_log').select(['recipient_key', 'outcome']).where('recipient_key', '=', 'victim@example.com'));
    expect(log.filter((r) => r.outcome === 'dropped')).toHaveLength(4);
    await database.close();
  });

  it('holds across servers: mails to one address queued at the same moment on two servers take three shares in all', async () => {
    // Two servers on PostgreSQL: two pools on one database. SQLite is one process: both share its handle.
    const url = await createTestDatabaseUrl();
    const one = openDatabase(url);
    await migrateToLatest(one.db);
    const two = testEngine() === 'postgres' ? openDatabase(url) : one;
    const clock = fakeClock();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => enqueueMail((i % 2 ? two : one).q, mail('form-confirmation', 'rush@example.com'), { now: clock.now })));
    expect(answers.filter(Boolean)).toHaveLength(RECIPIENT_MAILS_PER_HOUR);
    expect(await queuedTo(one.q, 'rush@example.com')).toBe(RECIPIENT_MAILS_PER_HOUR);
    if (two !== one) await two.close();
    await one.close();
  });

  it('counts case and +tags as the same inbox', async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    const sent: boolean[] = [];
    for (const r of ['Jane@Example.com', 'jane+1@example.com', ' JANE+shop@EXAMPLE.COM ', 'jane+2@example.com']) sent.push(await enqueueMail(q, mail('form-confirmation', r), { now: clock.now }));
    expect(sent).toEqual([true, true, true, false]);
    expect(recipientKey(' JANE+shop@EXAMPLE.COM ')).toBe('jane@example.com');
    await database.close();
  });

  it("never drops the store's own notifications, nor a paying customer's order mails (which still use up the typed kinds' share)", async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    for (let i = 0; i < 5; i++) expect(await enqueueMail(q, mail('form-notification', 'admin@shop.example'), { now: clock.now })).toBe(true);
    for (let i = 0; i < 5; i++) expect(await enqueueMail(q, mail('order-confirmation-admin', 'admin@shop.example'), { now: clock.now })).toBe(true);
    expect(await q.all(q.db.selectFrom('mail_recipient_log').selectAll().where('recipient_key', '=', 'admin@shop.example'))).toEqual([]);

    expect(await enqueueMail(q, mail('order-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(true);
    expect(await enqueueMail(q, mail('split-payment-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(true);
    expect(await enqueueMail(q, mail('split-payment-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(true);
    // The address's share is used: a stranger's form can no longer mail it this hour...
    expect(await enqueueMail(q, mail('form-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(false);
    // ...but the customer's own payment confirmation still goes, and says so in the log.
    expect(await enqueueMail(q, mail('split-payment-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(true);
    const outcomes = (await q.all(q.db.selectFrom('mail_recipient_log').select('outcome').where('recipient_key', '=', 'buyer@example.com').orderBy('id'))).map((r) => r.outcome);
    expect(outcomes).toEqual(['queued', 'queued', 'queued', 'dropped', 'queued-over-cap']);
    await database.close();
  });

  it('does not count a mail that was already queued under its dedupe key', async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    const once = mail('form-confirmation', 'dup@example.com');
    for (let i = 0; i < 5; i++) await enqueueMail(q, once, { now: clock.now });
    expect(await q.all(q.db.selectFrom('mail_recipient_log').selectAll())).toHaveLength(1);
    await database.close();
  });

  it("queues an order's mails together: each answered, a repeat of either skipped, the customer's counted once and the store's not at all", async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    const toCustomer = mail('order-confirmation', 'Pat+orders@Example.com');
    const toStore = mail('order-confirmation-admin', 'admin@shop.example');
    expect(await enqueueMails(q, [toCustomer, toStore], { now: clock.now })).toEqual([true, true]);
    expect(await enqueueMails(q, [toCustomer, toStore, mail('split-payment-confirmation', 'pat@example.com')], { now: clock.now })).toEqual([false, false, true]);
    const log = await q.all(q.db.selectFrom('mail_recipient_log').select(['recipient_key', 'mail_type', 'outcome']).orderBy('id'));
    expect(log).toEqual([
      { recipient_key: 'pat@example.com', mail_type: 'order-confirmation', outcome: 'queued' },
      { recipient_key: 'pat@example.com', mail_type: 'split-payment-confirmation', outcome: 'queued' },
    ]);
    expect((await q.all(q.db.selectFrom('mail_outbox').select('dedupe_key').orderBy('id'))).map((r) => r.dedupe_key)).toEqual([toCustomer.dedupeKey, toStore.dedupeKey, expect.stringMatching(/^split-payment-confirmation:/)]);
    await database.close();
  });

  it("forgets decisions older than a day, for every address, and keeps the last day's", async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    await enqueueMail(q, mail('order-confirmation', 'old@example.com'), { now: clock.now });
    await enqueueMail(q, mail('form-confirmation', 'older@example.com'), { now: clock.now });
    clock.advance(23 * 60 * 60_000);
    await enqueueMail(q, mail('order-confirmation', 'recent@example.com'), { now: clock.now });
    clock.advance(60 * 60_000 + 1);
    expect(await pruneRecipientLog(q, clock.now())).toBe(2);
    expect((await q.all(q.db.selectFrom('mail_recipient_log').select('recipient_key'))).map((r) => r.recipient_key)).toEqual(['recent@example.com']);
    await database.close();
  });
});
