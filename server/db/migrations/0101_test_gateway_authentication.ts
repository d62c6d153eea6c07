import type { Kysely } from 'kysely';

/**
 * The offline test gateway's authentication step (its 3-D Secure): one row per transaction that
 * asked for it, holding a hash of the one-time secret the authentication page carries, the return
 * URL the charge was given, and when (and how) it was used. A used row is never used again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_gateway_authentication')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('outcome', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_gateway_authentication').execute();
}
