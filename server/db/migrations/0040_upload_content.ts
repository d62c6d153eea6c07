/**
 * The content of form uploads, in the database, for a store on PostgreSQL (services/upload-store.ts):
 * each file in parts of at most 256 kB under its generated name, written in the submission's
 * transaction and read back one part at a time. Several servers then share the files, the backups
 * and the transactions of the database, with no shared folder. A store on SQLite keeps its files in
 * the uploads folder, and this table stays empty there.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_upload_content')
    .addColumn('stored_name', 'text', (c) => c.notNull())
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('data', 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_upload_content_pk', ['stored_name', 'part'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_upload_content').execute();
}
