/**
 * `quote.discount_approval`: the share of the subtotal a publisher approved for the quote's discount
 * (JSON {percent, by, at}; null while none was needed). An editor's save or send of a discount above
 * the store's limit passes only within it (server/back-office/quote-discount.ts): the share is what
 * is approved, not the discount's amount, which fewer lines would make a larger share.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote').addColumn('discount_approval', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote').dropColumn('discount_approval').execute();
}
