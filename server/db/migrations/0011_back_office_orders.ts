/** The back office (issue 21), orders: the indexes of the order list (search, filters, keyset paging). */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
