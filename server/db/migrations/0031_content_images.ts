/**
 * Images uploaded in the studio. The database is where they live, as content versions are: every
 * server writes each image's files into its own content folder (images/uploads/…), the first time
 * it starts and at each content poll, so a page published on one server never shows a missing
 * picture on another. `content_image` is the library entry (its alt text, size, who uploaded it);
 * `content_image_file` holds the bytes of each file made on upload: the image as it was sent (or
 * made smaller, when it was larger than the studio keeps), and its smaller WebP copies for
 * responsive pages. Images are never changed in place: a new upload is a new name.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_image')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // As a definition names it: /images/uploads/austin-showroom.jpg
    .addColumn('src', 'text', (c) => c.notNull().unique())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content_image_file')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('image_id', 'integer', (c) => c.notNull().references('content_image.id').onDelete('cascade'))
    // Relative to the content folder: images/uploads/austin-showroom-480w.webp
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'blob', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_image_file_image').on('content_image_file').column('image_id').execute();
}
