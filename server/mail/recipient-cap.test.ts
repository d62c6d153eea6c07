import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { SyncQueries } from '../db/sync-query';
import type { MailType } from './mail-templates';
import { enqueueMail } from './outbox';
import { RECIPIENT_MAILS_PER_HOUR, recipientKey } from './recipient-cap';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-cap-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function outbox() {
  const database = openDatabase(path.join(dir, `${Math.random()}.db`));
  await migrateToLatest(database.db);
  return { database, q: new SyncQueries(database.db, database.sqlite) };
}

/** A fake clock: tests move it instead of waiting an hour. */
function fakeClock(start = '2030-01-01T10:00:00.000Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

let serial = 0;
const mail = (type: MailType, recipient: string) => ({ type, orderId: null, recipient, cc: [], dedupeKey: `${type}:${++serial}`, subject: 's', html: '<p>h</p>', text: 'h' });
const queuedTo = (q: SyncQueries, recipient: string) => q.all(q.db.selectFrom('mail_outbox').select('type').where('recipient', '=', recipient)).length;

describe('the cap of mails an hour to one typed-in address', () => {
  it('queues three mails of any typed kind to one address in an hour, drops the rest, and lets the address have mail again an hour later', async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    const kinds: MailType[] = ['form-confirmation', 'newsletter-confirmation', 'password-reset', 'account-welcome', 'form-confirmation', 'newsletter-confirmation'];
    const answers = kinds.map((k) => {
      clock.advance(60_000);
      return enqueueMail(q, mail(k, 'victim@example.com'), { now: clock.now });
    });
    expect(answers).toEqual([true, true, true, false, false, false]);
    expect(queuedTo(q, 'victim@example.com')).toBe(RECIPIENT_MAILS_PER_HOUR);
    // Another address is not affected.
    expect(enqueueMail(q, mail('form-confirmation', 'other@example.com'), { now: clock.now })).toBe(true);
    // An hour after the first mail, one share is free again (a sliding hour, not a fixed clock hour).
    clock.advance(55 * 60_000 + 1);
    expect(enqueueMail(q, mail('form-confirmation', 'victim@example.com'), { now: clock.now })).toBe(true);
    expect(enqueueMail(q, mail('form-confirmation', 'victim@example.com'), { now: clock.now })).toBe(false);
    const log = q.all(q.db.selectFrom('mail_recipient_log').select(['recipient_key', 'outcome']).where('recipient_key', '=', 'victim@example.com'));
    expect(log.filter((r) => r.outcome === 'dropped')).toHaveLength(4);
    await database.close();
  });

  it('counts case and +tags as the same inbox', async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    const sent = ['Jane@Example.com', 'jane+1@example.com', ' JANE+shop@EXAMPLE.COM ', 'jane+2@example.com'].map((r) => enqueueMail(q, mail('form-confirmation', r), { now: clock.now }));
    expect(sent).toEqual([true, true, true, false]);
    expect(recipientKey(' JANE+shop@EXAMPLE.COM ')).toBe('jane@example.com');
    await database.close();
  });

  it("never drops the store's own notifications, nor a paying customer's order mails (which still use up the typed kinds' share)", async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    for (let i = 0; i < 5; i++) expect(enqueueMail(q, mail('form-notification', 'admin@shop.example'), { now: clock.now })).toBe(true);
    for (let i = 0; i < 5; i++) expect(enqueueMail(q, mail('order-confirmation-admin', 'admin@shop.example'), { now: clock.now })).toBe(true);
    expect(q.all(q.db.selectFrom('mail_recipient_log').selectAll().where('recipient_key', '=', 'admin@shop.example'))).toEqual([]);

    expect(enqueueMail(q, mail('order-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(true);
    expect(enqueueMail(q, mail('split-payment-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(true);
    expect(enqueueMail(q, mail('split-payment-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(true);
    // The address's share is used: a stranger's form can no longer mail it this hour...
    expect(enqueueMail(q, mail('form-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(false);
    // ...but the customer's own payment confirmation still goes, and says so in the log.
    expect(enqueueMail(q, mail('split-payment-confirmation', 'buyer@example.com'), { now: clock.now })).toBe(true);
    const outcomes = q.all(q.db.selectFrom('mail_recipient_log').select('outcome').where('recipient_key', '=', 'buyer@example.com').orderBy('id')).map((r) => r.outcome);
    expect(outcomes).toEqual(['queued', 'queued', 'queued', 'dropped', 'queued-over-cap']);
    await database.close();
  });

  it('does not count a mail that was already queued under its dedupe key', async () => {
    const { q, database } = await outbox();
    const clock = fakeClock();
    const once = mail('form-confirmation', 'dup@example.com');
    for (let i = 0; i < 5; i++) enqueueMail(q, once, { now: clock.now });
    expect(q.all(q.db.selectFrom('mail_recipient_log').selectAll())).toHaveLength(1);
    await database.close();
  });
});
