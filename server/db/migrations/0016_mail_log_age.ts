import type { Kysely } from 'kysely';

/**
 * The mail worker forgets the cap's decisions older than a day for every address at once
 * (server/mail/recipient-cap.ts pruneRecipientLog): an index on their age keeps that a range scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('mail_recipient_log_created').on('mail_recipient_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_recipient_log_created').execute();
}
