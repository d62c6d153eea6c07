/**
 * Rate limits and sign-in throttles shared by every server on PostgreSQL: the table
 * rate-limiter-flexible's RateLimiterPostgres keeps its counters in (key, points, expire in ms).
 * Created here rather than by the library at run time, so servers starting together do not race to
 * create it. One SQLite process keeps its counters in memory; the table is there but unused.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'integer')
    .execute();
}
