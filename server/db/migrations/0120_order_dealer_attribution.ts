/**
 * What an order's dealer attribution rests on (http/dealer-origin.ts): `origin`, the Origin of a
 * dealer's page as the visitor's browser sent it (a browser cannot forge it, but a script outside a
 * browser can send any Origin, so it is the browser's word), or `key`, the dealer's own key sent by
 * the dealer's server (proof). Null for an order no dealer is credited with. A commission rests on it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sales_order').addColumn('dealer_attribution', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sales_order').dropColumn('dealer_attribution').execute();
}
