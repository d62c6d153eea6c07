/**
 * The mail outbox. Messages are written in the same transaction as the order change (or form
 * submission) that causes them, so an order is never paid without its confirmation queued, and a
 * crash never sends mail for a change that was rolled back. A dedupe key makes queuing the same
 * e-mail twice a no-op, and the per-address cap (./recipient-cap.ts) is applied here, to every mail.
 */
import { isUniqueViolation, type Queries } from '../db/queries';
import { sql } from 'kysely';
import { withUnsubscribeLinks } from './list-unsubscribe';
import type { MailType, RenderedMail } from './mail-templates';
import { owedOutcomeSql, RECIPIENT_KIND, recipientKey, takeRecipientShare } from './recipient-cap';

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
 */
export async function enqueueMail(q: Queries, outgoing: OutgoingMail, options: EnqueueOptions = {}): Promise<boolean> {
  return (await enqueueMails(q, [outgoing], options))[0]!;
}

/**
 * Queues several messages at once (an order's confirmation to the customer and to the admins):
 * answers, for each, whether it was queued. Mails the cap never drops (to the store's own
 * addresses, and those a customer is owed) go in together: one lookup of the newsletter's
 * subscribers, then one INSERT whose duplicates by dedupe key are skipped, and which on PostgreSQL
 * records the cap's count in the same statement. A mail the cap may drop takes the address's lock
 * first (`queueDroppable`).
 */
export async function enqueueMails(q: Queries, outgoing: readonly OutgoingMail[], options: EnqueueOptions = {}): Promise<boolean[]> {
  const clock = options.now ? options.now() : new Date();
  const kept = outgoing.filter((m) => RECIPIENT_KIND[m.type] !== 'typed');
  const queuedKeys = kept.length ? await queueNeverDropped(q, options.publicUrl ? await withUnsubscribeLinks(q, kept, options.publicUrl) : kept, clock) : new Set<string>();
  const answers: boolean[] = [];
  for (const mail of outgoing) answers.push(RECIPIENT_KIND[mail.type] === 'typed' ? await queueDroppable(q, mail, options, clock) : queuedKeys.has(mail.dedupeKey));
  return answers;
}

/**
 * A mail the cap may drop. Two servers may queue the same dedupe key at once: the key lock makes the
 * second wait and then find the first's message, and the unique dedupe_key is the backstop (its
 * refusal rolls back this savepoint only, cap record included).
 */
async function queueDroppable(q: Queries, outgoing: OutgoingMail, options: EnqueueOptions, clock: Date): Promise<boolean> {
  try {
    return await q.transaction(async (tx) => {
      await tx.lockKey(`mail-dedupe:${outgoing.dedupeKey}`);
      const existing = await tx.first(tx.db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', outgoing.dedupeKey));
      if (existing) return false;
      if ((await takeRecipientShare(tx, outgoing.type, outgoing.recipient, clock)) === 'dropped') return false;
      const [mail] = options.publicUrl ? await withUnsubscribeLinks(tx, [outgoing], options.publicUrl) : [outgoing];
      await tx.run(tx.db.insertInto('mail_outbox').values(outboxRow(mail!, clock.toISOString())));
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Mails the cap never drops: inserted unless their dedupe key is there; owed ones counted. Answers the keys queued. */
async function queueNeverDropped(q: Queries, mails: readonly OutgoingMail[], clock: Date): Promise<Set<string>> {
  const now = clock.toISOString();
  const rows = mails.map((m) => outboxRow(m, now));
  const owed = mails.filter((m) => RECIPIENT_KIND[m.type] === 'owed');
  if (q.engine === 'postgres') {
    // One round trip: the messages, and the cap's record of each owed one that went in.
    const columns = Object.keys(rows[0]!) as (keyof OutboxRow)[];
    const values = sql.join(rows.map((r) => sql`(${sql.join(columns.map((c) => sql`${r[c]}`))})`));
    const owedValues = owed.length ? sql.join(owed.map((m) => sql`(${m.dedupeKey}, ${recipientKey(m.recipient)}, ${m.type})`)) : null;
    const counted = owedValues
      ? sql`, counted as (insert into mail_recipient_log (recipient_key, mail_type, outcome, created_at)
          select v.recipient_key, v.mail_type, ${owedOutcomeSql(sql<string>`v.recipient_key`, clock)}, ${now}
          from (values ${owedValues}) as v(dedupe_key, recipient_key, mail_type) join queued on queued.dedupe_key = v.dedupe_key)`
      : sql``;
    const queued = await q.rows<{ dedupe_key: string }>(
      sql`with queued as (insert into mail_outbox (${sql.join(columns.map((c) => sql.ref(c)))}) values ${values} on conflict (dedupe_key) do nothing returning dedupe_key)${counted} select dedupe_key from queued`,
    );
    return new Set(queued.map((r) => r.dedupe_key));
  }
  // SQLite runs in this process: a statement each costs no round trip.
  const queued = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const inserted = await q.first(q.db.insertInto('mail_outbox').values(row).onConflict((oc) => oc.column('dedupe_key').doNothing()).returning('dedupe_key'));
    if (!inserted) continue;
    queued.add(row.dedupe_key);
    const mail = mails[i]!;
    if (RECIPIENT_KIND[mail.type] === 'owed') {
      await q.run(
        q.db
          .insertInto('mail_recipient_log')
          .columns(['recipient_key', 'mail_type', 'outcome', 'created_at'])
          .expression(q.db.selectNoFrom((eb) => [eb.val(recipientKey(mail.recipient)).as('recipient_key'), eb.val(mail.type).as('mail_type'), owedOutcomeSql(recipientKey(mail.recipient), clock).as('outcome'), eb.val(now).as('created_at')])),
      );
    }
  }
  return queued;
}

type OutboxRow = ReturnType<typeof outboxRow>;

function outboxRow(mail: OutgoingMail, now: string) {
  return {
    dedupe_key: mail.dedupeKey,
    type: mail.type,
    order_id: mail.orderId,
    recipient: mail.recipient,
    cc: JSON.stringify(mail.cc),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    status: 'pending' as const,
    attempts: 0,
    last_error: null,
    next_attempt_at: now,
    sent_at: null,
    created_at: now,
    headers: JSON.stringify(mail.headers ?? {}),
    attachments: JSON.stringify(mail.attachments ?? []),
  };
}
