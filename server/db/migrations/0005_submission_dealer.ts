/**
 * Estimates (and any form) sent from a dealer's page: `dealer="..."` on an element attributes what
 * it sends to that dealer. The id is the one the server checked against the dealer's origins
 * (http/dealer-origin.ts), never the browser's word; null for the store's own pages.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_submission').addColumn('dealer_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_submission').dropColumn('dealer_id').execute();
}
