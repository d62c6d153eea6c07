/**
 * Review in the studio: an editor submits a change (a set of their drafts, each as it was when
 * submitted, with the published text's hash it began from) with a note; publishers publish it or
 * send it back with a comment; the editor fixes it and submits it again. Each step is an event of
 * the change's thread. `author_seen` is 0 while the author has a decision they have not opened yet
 * (the studio's badge); `notify_email` is the author's choice to be told by e-mail too.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_review')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('submitted', 'sent_back', 'published', 'withdrawn')`))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_seen', 'integer', (c) => c.notNull().defaultTo(1))
    // The publisher who decided last (sent back or published), by e-mail.
    .addColumn('decided_by', 'text')
    .addColumn('version_id', 'integer', (c) => c.references('content_version.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The publishers' list (waiting, newest first) and the author's own changes.
  await db.schema.createIndex('studio_review_status').on('studio_review').columns(['status', 'id']).execute();
  await db.schema.createIndex('studio_review_author').on('studio_review').columns(['author_id', 'id']).execute();

  await db.schema
    .createTable('studio_review_file')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('review_id', 'integer', (c) => c.notNull().references('studio_review.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // sha256 of the published text the draft began from; null for a file that did not exist.
    .addColumn('base_hash', 'text')
    .addUniqueConstraint('studio_review_file_path', ['review_id', 'path'])
    .execute();
  await db.schema.createIndex('studio_review_file_by_path').on('studio_review_file').column('path').execute();

  await db.schema
    .createTable('studio_review_event')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('review_id', 'integer', (c) => c.notNull().references('studio_review.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('operator_email', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('submitted', 'resubmitted', 'sent_back', 'published', 'withdrawn')`))
    .addColumn('comment', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_review_event_review').on('studio_review_event').columns(['review_id', 'id']).execute();
}
