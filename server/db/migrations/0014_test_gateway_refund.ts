import type { Kysely } from 'kysely';

/**
 * The offline test gateway's refunds and voids (server/gateways/test-gateway.ts): one row per refund
 * asked for, found again by its idempotency key (unique), so the same key gives the same refund; and
 * the transactions whose refunds the card issuer declines (the test card 4000 0000 0000 5126: the
 * gateway keeps only a card's last four digits, so the charge notes it here).
 * Neither table refers to test_gateway_transaction: on a new database this migration runs before
 * 0100_test_gateway_transaction (migrations run in name order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_gateway_refund')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_gateway_refund_transaction').on('test_gateway_refund').column('transaction_id').execute();
  await db.schema
    .createTable('test_gateway_refund_decline')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_gateway_refund_decline').execute();
  await db.schema.dropTable('test_gateway_refund').execute();
}
