/**
 * The files of uploaded images an admin deleted, one row a file, so every server sharing the
 * database takes them out of its own content folder at its next poll (../../content/content-images.ts),
 * as it wrote them there. Only the path is kept: the bytes went with the image's rows.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_image_removed')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // Relative to the content folder: images/uploads/austin-showroom-480w.webp
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_image_removed').execute();
}
