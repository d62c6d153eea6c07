/**
 * Quotes of the kitchen catalog (server/back-office/quote-builder.ts):
 * - `quote.request`: the builder's request as last saved (JSON), so a quote saved as a draft, or
 *   made from a visitor's estimate, opens in the builder again; a draft is `status = 'draft'` and
 *   has no link until it is sent;
 * - `quote.tax_percent` and `quote.shipping_tax_cents`: the rate and the part of the tax on
 *   shipping, so every page shows tax rows that add up to the total, and the order made from the
 *   quote carries them;
 * - `quote.lead_id`: the estimate a starting quote was made from (one quote per estimate);
 * - `sales_order_item.detail`: a kitchen line's words (schemas/evaluators/quote-lines.ts LineDetail,
 *   JSON), copied from the quote, so the order shows the line as the quote did.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote').addColumn('request', 'text').execute();
  await db.schema.alterTable('quote').addColumn('tax_percent', 'real', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('quote').addColumn('shipping_tax_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('quote').addColumn('lead_id', 'integer').execute();
  await db.schema.createIndex('quote_lead').on('quote').column('lead_id').unique().execute();
  await db.schema.alterTable('sales_order_item').addColumn('detail', 'text').execute();
}
