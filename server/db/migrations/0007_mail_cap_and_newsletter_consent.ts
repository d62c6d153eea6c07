/**
 * The store must not be a way to mail strangers: a cap on the mails to one address, and newsletter
 * consent that only the address's owner can give.
 *
 * `mail_recipient_log`: one row per mail the outbox was asked to send to an address a visitor typed
 * (or to a customer), queued or dropped, so the cap of mails an hour to one address
 * (mail/recipient-cap.ts) is counted in the database that every server shares, not in one
 * process's memory.
 *
 * `newsletter_consent`: the double opt-in. Every sign-up request is a row: when, from which form
 * and page, from which client address, the sha256 of the confirmation link's secret (never the
 * secret), when the link expires, and when (and from where) the owner clicked it. A subscriber
 * becomes `subscribed` only through a confirmed row (or the unsubscribe page's link, which only
 * the owner's inbox holds); `pending` is the new status of an address nobody has confirmed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_recipient_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('recipient_key', 'text', (c) => c.notNull())
    .addColumn('mail_type', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_recipient_log_recipient').on('mail_recipient_log').columns(['recipient_key', 'created_at']).execute();

  await db.schema
    .createTable('newsletter_consent')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('newsletter_subscriber.id').onDelete('cascade'))
    .addColumn('source_form', 'text', (c) => c.notNull())
    .addColumn('source_page', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('requested_from', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('confirmed_from', 'text')
    .execute();
  await db.schema.createIndex('newsletter_consent_subscriber').on('newsletter_consent').columns(['subscriber_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_consent').execute();
  await db.schema.dropTable('mail_recipient_log').execute();
}
