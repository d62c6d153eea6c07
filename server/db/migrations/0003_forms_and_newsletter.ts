/**
 * Forms: submissions gain a status, an update time, the number of steps done and the hash of their
 * continuation token (multi-step forms are one row updated step by step); uploads get a table of
 * their own; the newsletter's subscribers, one row per lower-cased address; and the mail outbox
 * carries extra headers (List-Unsubscribe) and attachments (paths of stored uploads).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_submission').addColumn('status', 'text', (c) => c.notNull().defaultTo('submitted')).execute();
  await db.schema.alterTable('form_submission').addColumn('steps_done', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('form_submission').addColumn('token_hash', 'text').execute();
  await db.schema.alterTable('form_submission').addColumn('updated_at', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update form_submission set updated_at = created_at where updated_at = ''`.execute(db);
  await db.schema.createIndex('form_submission_form').on('form_submission').columns(['form_name', 'id']).execute();

  await db.schema
    .createTable('form_upload')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('form_submission.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_upload_submission').on('form_upload').column('submission_id').execute();

  await db.schema
    .createTable('newsletter_subscriber')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('unsubscribed_at', 'text')
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.dropTable('newsletter_subscriber').execute();
  await db.schema.dropTable('form_upload').execute();
  await db.schema.dropIndex('form_submission_form').execute();
  for (const column of ['updated_at', 'token_hash', 'steps_done', 'status']) await db.schema.alterTable('form_submission').dropColumn(column).execute();
}
