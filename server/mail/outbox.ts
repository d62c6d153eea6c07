/**
 * The mail outbox. Messages are written in the same transaction as the order change (or form
 * submission) that causes them, so an order is never paid without its confirmation queued, and a
 * crash never sends mail for a change that was rolled back. A dedupe key makes queuing the same
 * e-mail twice a no-op, and the per-address cap (./recipient-cap.ts) is applied here, to every mail.
 */
import { isUniqueViolation, type Queries } from '../db/queries';
import { withUnsubscribeLink } from './list-unsubscribe';
import type { MailType, RenderedMail } from './mail-templates';
import { takeRecipientShare } from './recipient-cap';

/**
 * A file sent with a message, read by the worker when it sends: from `path` (absolute; an upload in
 * the folder of a store on SQLite), or `upload`, the stored name of an upload in the database (on
 * PostgreSQL, whichever server sends it: services/upload-store.ts).
 */
export interface MailAttachment {
  filename: string;
  path?: string;
  upload?: string;
  contentType: string;
}

export interface OutgoingMail extends RenderedMail {
  type: MailType;
  orderId: number | null;
  recipient: string;
  cc: string[];
  dedupeKey: string;
  /** Extra headers, e.g. Reply-To. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

export interface EnqueueOptions {
  /** The clock of the per-address cap (./recipient-cap.ts); tests give a fake one. Default: now. */
  now?: () => Date;
  /**
   * The site's public URL. Given, a message to a newsletter subscriber gets the unsubscribe link in
   * its body and the List-Unsubscribe and List-Unsubscribe-Post headers (./list-unsubscribe.ts).
   */
  publicUrl?: string;
}

/**
 * Queues a message; false when one with the same dedupe key is already queued or sent, or when the
 * recipient has had its share of mails this hour and the mail is of a kind the cap drops
 * (./recipient-cap.ts: every caller goes through here, so no kind of mail escapes the cap).
 * Inside a caller's transaction, pass its handle: the message is then stored with its cause or not at all.
 *
 * Two servers may queue the same dedupe key at once (a webhook and a verify call of one payment):
 * the key lock makes the second wait and then find the first's message, and the unique dedupe_key
 * is the backstop (its refusal rolls back this savepoint only, cap record included).
 */
export async function enqueueMail(q: Queries, outgoing: OutgoingMail, options: EnqueueOptions = {}): Promise<boolean> {
  try {
    return await q.transaction(async (tx) => {
      await tx.lockKey(`mail-dedupe:${outgoing.dedupeKey}`);
      const existing = await tx.first(tx.db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', outgoing.dedupeKey));
      if (existing) return false;
      const clock = options.now ? options.now() : new Date();
      if ((await takeRecipientShare(tx, outgoing.type, outgoing.recipient, clock)) === 'dropped') return false;
      await insertMail(tx, outgoing, options, clock.toISOString());
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

async function insertMail(tx: Queries, outgoing: OutgoingMail, options: EnqueueOptions, now: string): Promise<void> {
  const mail = options.publicUrl ? await withUnsubscribeLink(tx, outgoing, options.publicUrl) : outgoing;
  await tx.run(
    tx.db.insertInto('mail_outbox').values({
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
      headers: JSON.stringify(mail.headers ?? {}),
      attachments: JSON.stringify(mail.attachments ?? []),
    }),
  );
}
