import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { SyncQueries } from '../db/sync-query';
import { createLogger } from '../logger';
import { mailConfigFromEnv } from './mail-config';
import { deliverDueMail, MAX_ATTEMPTS, retryDelayMs, type MailSender } from './mail-worker';
import { enqueueMail } from './outbox';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-mail-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function outbox() {
  const database = openDatabase(path.join(dir, `${Math.random()}.db`));
  await migrateToLatest(database.db);
  return { database, q: new SyncQueries(database.db, database.sqlite) };
}

const message = (key: string) => ({ type: 'order-confirmation' as const, orderId: null, recipient: 'jane@example.com', cc: ['a@example.com'], dedupeKey: key, subject: 'Order Confirmation #1', html: '<p>hi</p>', text: 'hi' });
const logger = createLogger('silent');

describe('mail outbox and worker', () => {
  it('queues each message once per dedupe key', async () => {
    const { q, database } = await outbox();
    expect(enqueueMail(q, message('k1'))).toBe(true);
    expect(enqueueMail(q, message('k1'))).toBe(false);
    expect(q.all(q.db.selectFrom('mail_outbox').selectAll())).toHaveLength(1);
    await database.close();
  });

  it('delivers through the sender with from, to, cc and marks the message sent', async () => {
    const { q, database } = await outbox();
    enqueueMail(q, message('k2'));
    const sent: unknown[] = [];
    const sender: MailSender = { send: async (m) => void sent.push(m) };
    const config = mailConfigFromEnv({ MAIL_FROM: 'Shop <shop@example.com>' });
    expect(await deliverDueMail(q, sender, config, logger)).toBe(1);
    expect(sent).toEqual([expect.objectContaining({ from: 'Shop <shop@example.com>', to: 'jane@example.com', cc: ['a@example.com'], subject: 'Order Confirmation #1' })]);
    expect(q.first(q.db.selectFrom('mail_outbox').select(['status', 'attempts']))).toEqual({ status: 'sent', attempts: 1 });
    expect(await deliverDueMail(q, sender, config, logger)).toBe(0);
    await database.close();
  });

  it('retries a failing delivery later and gives up after the last attempt', async () => {
    const { q, database } = await outbox();
    enqueueMail(q, message('k3'));
    const sender: MailSender = { send: async () => { throw new Error('connection refused'); } };
    const config = mailConfigFromEnv({});
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueMail(q, sender, config, logger, now);
      const row = q.first(q.db.selectFrom('mail_outbox').select(['status', 'attempts', 'last_error', 'next_attempt_at']))!;
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe('connection refused');
      expect(row.status).toBe(attempt === MAX_ATTEMPTS ? 'failed' : 'pending');
      // Not due again before its back-off.
      expect(await deliverDueMail(q, sender, config, logger, now)).toBe(0);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1);
    }
    await database.close();
  });

  it('reads SMTP_URL, MAIL_FROM and ADMIN_EMAILS (first admin, the rest cc)', () => {
    expect(mailConfigFromEnv({ SMTP_URL: 'smtp://mail:25', ADMIN_EMAILS: 'a@x.com, b@x.com,nonsense' })).toEqual({ smtpUrl: 'smtp://mail:25', from: 'Showroom <orders@showroom.localhost>', adminEmails: ['a@x.com', 'b@x.com'] });
    expect(mailConfigFromEnv({}).smtpUrl).toBeNull();
  });
});
