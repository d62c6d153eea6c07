/**
 * The mail outbox. Messages are written in the same transaction as the order change that causes
 * them, so an order is never paid without its confirmation queued, and a crash never sends mail
 * for a change that was rolled back. A dedupe key makes queuing the same e-mail twice a no-op.
 */
import type { SyncQueries } from '../db/sync-query';
import { nowIso } from '../services/request-input';
import type { MailType, RenderedMail } from './mail-templates';

export interface OutgoingMail extends RenderedMail {
  type: MailType;
  orderId: number | null;
  recipient: string;
  cc: string[];
  dedupeKey: string;
}

/** Queues a message; false when one with the same dedupe key is already queued or sent. */
export function enqueueMail(q: SyncQueries, mail: OutgoingMail): boolean {
  const now = nowIso();
  const existing = q.first(q.db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', mail.dedupeKey));
  if (existing) return false;
  q.run(
    q.db.insertInto('mail_outbox').values({
      dedupe_key: mail.dedupeKey,
      type: mail.type,
      order_id: mail.orderId,
      recipient: mail.recipient,
      cc: JSON.stringify(mail.cc),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      status: 'pending',
      attempts: 0,
      last_error: null,
      next_attempt_at: now,
      sent_at: null,
      created_at: now,
    }),
  );
  return true;
}
