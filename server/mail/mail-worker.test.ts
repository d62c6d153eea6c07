/**
 * @engines sqlite postgres: the mail queue is claimed under locks by several workers.
 */
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { createTestDatabaseUrl, openTestDatabase, testEngine } from '../testing/test-database';
import { mailConfigFromEnv } from './mail-config';
import { CLAIM_MS, deliverDueMail, MAX_ATTEMPTS, retryDelayMs, type MailMessage, type MailSender } from './mail-worker';
import { enqueueMail } from './outbox';

async function outbox() {
  const database = await openTestDatabase();
  return { database, q: database.q };
}

const message = (key: string) => ({ type: 'order-confirmation' as const, orderId: null, recipient: 'jane@example.com', cc: ['a@example.com'], dedupeKey: key, subject: 'Order Confirmation #1', html: '<p>hi</p>', text: 'hi' });
const logger = createLogger('silent');

describe('mail outbox and worker', () => {
  it('queues each message once per dedupe key', async () => {
    const { q, database } = await outbox();
    expect(await enqueueMail(q, message('k1'))).toBe(true);
    expect(await enqueueMail(q, message('k1'))).toBe(false);
    expect(await q.all(q.db.selectFrom('mail_outbox').selectAll())).toHaveLength(1);
    await database.close();
  });

  it('delivers through the sender with from, to, cc and marks the message sent', async () => {
    const { q, database } = await outbox();
    await enqueueMail(q, message('k2'));
    const sent: unknown[] = [];
    const sender: MailSender = { send: async (m) => void sent.push(m) };
    const config = mailConfigFromEnv({ MAIL_FROM: 'Shop <shop@example.com>' });
    expect(await deliverDueMail(q, sender, config, logger)).toBe(1);
    expect(sent).toEqual([expect.objectContaining({ from: 'Shop <shop@example.com>', to: 'jane@example.com', cc: ['a@example.com'], subject: 'Order Confirmation #1' })]);
    expect(await q.first(q.db.selectFrom('mail_outbox').select(['status', 'attempts']))).toEqual({ status: 'sent', attempts: 1 });
    expect(await deliverDueMail(q, sender, config, logger)).toBe(0);
    await database.close();
  });

  it('retries a failing delivery later and gives up after the last attempt', async () => {
    const { q, database } = await outbox();
    await enqueueMail(q, message('k3'));
    const sender: MailSender = { send: async () => { throw new Error('connection refused'); } };
    const config = mailConfigFromEnv({});
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueMail(q, sender, config, logger, now);
      const row = (await q.first(q.db.selectFrom('mail_outbox').select(['status', 'attempts', 'last_error', 'next_attempt_at'])))!;
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe('connection refused');
      expect(row.status).toBe(attempt === MAX_ATTEMPTS ? 'failed' : 'pending');
      // Not due again before its back-off.
      expect(await deliverDueMail(q, sender, config, logger, now)).toBe(0);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1);
    }
    await database.close();
  });

  it('two workers over one outbox send each message once', async () => {
    // Two servers on PostgreSQL: two pools on one database. SQLite is one process: two workers share its handle.
    const url = await createTestDatabaseUrl();
    const one = openDatabase(url);
    await migrateToLatest(one.db);
    const two = testEngine() === 'postgres' ? openDatabase(url) : one;
    for (let i = 0; i < 6; i++) await enqueueMail(one.q, message(`w${i}`));
    const sent: string[] = [];
    const slow: MailSender = { send: (m: MailMessage) => new Promise((resolve) => setTimeout(() => resolve(void sent.push(m.subject)), 20)) };
    const config = mailConfigFromEnv({});
    const counts = await Promise.all([deliverDueMail(one.q, slow, config, logger), deliverDueMail(two.q, slow, config, logger)]);
    expect(counts[0]! + counts[1]!).toBe(6);
    expect(sent).toHaveLength(6);
    expect(await one.q.all(one.q.db.selectFrom('mail_outbox').select(['status', 'attempts']).orderBy('id'))).toEqual(Array(6).fill({ status: 'sent', attempts: 1 }));
    if (two !== one) await two.close();
    await one.close();
  });

  it('a message whose sender stopped mid-send is sent by another worker once the claim expires', async () => {
    const { q, database } = await outbox();
    await enqueueMail(q, message('k4'));
    const config = mailConfigFromEnv({});
    const now = new Date();
    // A worker that never comes back from its send (its process died): the message stays claimed.
    const stuck: MailSender = { send: () => new Promise<void>(() => {}) };
    void deliverDueMail(q, stuck, config, logger, now);
    // Its claim is stored (the message's next attempt moved to the claim's end) before the others look.
    await vi.waitFor(async () => {
      const row = await q.first(q.db.selectFrom('mail_outbox').select('next_attempt_at'));
      expect(new Date(String(row?.next_attempt_at)).getTime()).toBe(now.getTime() + CLAIM_MS);
    });
    const sent: unknown[] = [];
    const sender: MailSender = { send: async (m) => void sent.push(m) };
    expect(await deliverDueMail(q, sender, config, logger, now)).toBe(0);
    expect(await deliverDueMail(q, sender, config, logger, new Date(now.getTime() + CLAIM_MS - 1))).toBe(0);
    expect(await deliverDueMail(q, sender, config, logger, new Date(now.getTime() + CLAIM_MS))).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await q.first(q.db.selectFrom('mail_outbox').select(['status', 'attempts']))).toEqual({ status: 'sent', attempts: 1 });
    await database.close();
  });

  it('reads SMTP_URL, MAIL_FROM and ADMIN_EMAILS (first admin, the rest cc)', () => {
    expect(mailConfigFromEnv({ SMTP_URL: 'smtp://mail:25', ADMIN_EMAILS: 'a@x.com, b@x.com,nonsense' })).toEqual({ smtpUrl: 'smtp://mail:25', from: 'Showroom <orders@showroom.localhost>', adminEmails: ['a@x.com', 'b@x.com'] });
    expect(mailConfigFromEnv({}).smtpUrl).toBeNull();
  });
});
