/**
 * The back office's leads and subscribers: a status per form submission that the operators keep
 * (new, contacted, closed; schemas/api/back-office-leads.ts LEAD_STATUSES), and the indexes of the
 * lists (server/back-office/lead-queries.ts, subscriber-queries.ts), which page newest first by id
 * (keyset: `id < after`). Every existing row, and every row written without the column (the form
 * pipeline, the seed command), is a new lead.
 *
 * 0003 indexes form_submission (form_name, id): the list of one form. The rest is here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('form_submission')
    .addColumn('lead_status', 'text', (c) => c.notNull().defaultTo('new').check(sql`lead_status in ('new', 'contacted', 'closed')`))
    .execute();
  // The list filtered by lead status, of every form or of one; and the counts per form and status.
  await db.schema.createIndex('form_submission_lead_status').on('form_submission').columns(['lead_status', 'id']).execute();
  await db.schema.createIndex('form_submission_form_lead_status').on('form_submission').columns(['form_name', 'lead_status', 'id']).execute();
  // The subscriber list filtered by status (unfiltered, it reads the primary key backwards).
  await db.schema.createIndex('newsletter_subscriber_status').on('newsletter_subscriber').columns(['status', 'id']).execute();
}
