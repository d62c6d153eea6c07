/**
 * At most RECIPIENT_MAILS_PER_HOUR mails an hour to one address that a visitor typed: whatever the
 * kind of mail (a form's confirmation, an estimate, a newsletter confirmation, an account e-mail to
 * a typed address, an order mail to a guest's address), one address does not receive more, so the
 * store cannot be used to flood a stranger's inbox with its own domain's mail. It is enforced in
 * the outbox (./outbox.ts), where every mail is queued, and counted in the database
 * (`mail_recipient_log`), which every server of the store shares.
 *
 * Who the cap applies to is decided by the kind of mail, never by the caller:
 *  - 'store': mails to the store's own admin addresses (order and form notifications). Not counted:
 *    a flood of submissions must never hide a real lead or order from the seller.
 *  - 'typed': mails to an address a visitor typed that nobody has proved to own (form and estimate
 *    confirmations, newsletter confirmations, account mails triggered by typing an address).
 *    Counted, and dropped once the address had its share in the last hour. The visitor's answer
 *    does not change (it never says whether a mail went out), so the cap tells a stranger nothing.
 *  - 'owed': mails a customer is owed because they paid or changed their own account (order and
 *    payment confirmations, password changed). Counted, so they use up the address's share for
 *    the typed kinds, but never dropped: a paying customer always gets the confirmation, and an
 *    attacker cannot make the store send them without paying or holding the account.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Queries } from '../db/queries';
import type { MailType } from './mail-templates';

export const RECIPIENT_MAILS_PER_HOUR = 3;
export const RECIPIENT_WINDOW_MS = 60 * 60 * 1000;

/** How long the decisions of one address are kept (the cap itself reads only the last hour). */
const LOG_KEPT_MS = 24 * 60 * 60 * 1000;

export type RecipientKind = 'store' | 'typed' | 'owed';

/** Every mail type names its kind: a new type that forgets fails to compile. */
export const RECIPIENT_KIND: Record<MailType, RecipientKind> = {
  'order-confirmation': 'owed',
  'split-payment-confirmation': 'owed',
  'order-confirmation-admin': 'store',
  'refund-due-admin': 'store',
  // Money given back on the customer's order: owed to whoever paid.
  refund: 'owed',
  'form-notification': 'store',
  'form-confirmation': 'typed',
  'newsletter-confirmation': 'typed',
  'account-welcome': 'typed',
  'account-exists': 'typed',
  'password-reset': 'typed',
  'password-changed': 'owed',
  // A quote's payment link, sent by an editor to the address typed into the quote: nobody proved owning it.
  'quote-link': 'typed',
  // An order's new status, sent when an operator ticks "E-mail the customer": owed to whoever paid for it.
  'order-status': 'owed',
  // A change of the studio published or sent back, to its author (an operator who asked for it): the store's own people.
  'studio-review': 'store',
  // The payment pages' watch, to the store's own admins (server/payment-pages/ caps them itself).
  'payment-page-violation': 'store',
  'payment-page-change': 'store',
};

/**
 * The address as the cap counts it: trimmed and lower-cased, and without a "+tag" in the local
 * part, because most providers deliver jane+1@ and jane+2@ to jane@'s inbox: a fresh tag per post
 * must not buy a fresh share. (How an address is validated is the shared validator's business;
 * this only groups addresses for counting.)
 */
export function recipientKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${lower.slice(at)}`;
}

export type CapDecision = 'not-counted' | 'queued' | 'dropped' | 'queued-over-cap';

/**
 * Decides whether a mail of this type to this address may be queued now, and records the decision
 * (call inside the transaction that queues the mail, with its handle). The count and the insert
 * must not interleave with another server's for the same address, or two servers could both take
 * the last share: the key lock on the address (pg_advisory_xact_lock on PostgreSQL; SQLite's
 * IMMEDIATE transaction serialises every writer) holds them together until the transaction ends.
 */
export async function takeRecipientShare(tx: Queries, type: MailType, recipient: string, now: Date): Promise<CapDecision> {
  const kind = RECIPIENT_KIND[type];
  if (kind === 'store') return 'not-counted';
  const key = recipientKey(recipient);
  await tx.lockKey(`mail-recipient:${key}`);
  const since = new Date(now.getTime() - RECIPIENT_WINDOW_MS).toISOString();
  const used = await tx.first(
    tx.db
      .selectFrom('mail_recipient_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recipient_key', '=', key)
      .where('created_at', '>', since)
      .where('outcome', '!=', 'dropped'),
  );
  const full = Number(used?.n ?? 0) >= RECIPIENT_MAILS_PER_HOUR;
  const outcome = !full ? 'queued' : kind === 'owed' ? 'queued-over-cap' : 'dropped';
  await tx.run(tx.db.insertInto('mail_recipient_log').values({ recipient_key: key, mail_type: type, outcome, created_at: now.toISOString() }));
  // A day of decisions stays for an operator who asks why a mail never came; older ones go.
  await tx.run(tx.db.deleteFrom('mail_recipient_log').where('recipient_key', '=', key).where('created_at', '<', new Date(now.getTime() - LOG_KEPT_MS).toISOString()));
  return outcome;
}

/**
 * The outcome an owed mail to `recipientKey` records, as SQL for the statement that queues it:
 * 'queued-over-cap' once the address had its share this hour, else 'queued'. Owed mails are never
 * dropped, so they take no lock: two at once may both read 'queued', a label and nothing more,
 * since both are counted against the address's typed mails either way.
 */
export function owedOutcomeSql(recipientKey: RawBuilder<string> | string, now: Date): RawBuilder<CapDecision> {
  const since = new Date(now.getTime() - RECIPIENT_WINDOW_MS).toISOString();
  const key = typeof recipientKey === 'string' ? sql`${recipientKey}` : recipientKey;
  return sql<CapDecision>`case when (select count(*) from mail_recipient_log l where l.recipient_key = ${key} and l.created_at > ${since} and l.outcome <> 'dropped') >= ${RECIPIENT_MAILS_PER_HOUR} then 'queued-over-cap' else 'queued' end`;
}

/** Forgets the decisions older than a day, for every address (the mail worker runs it now and then). */
export async function pruneRecipientLog(q: Queries, now: Date): Promise<number> {
  return q.run(q.db.deleteFrom('mail_recipient_log').where('created_at', '<', new Date(now.getTime() - LOG_KEPT_MS).toISOString()));
}
