/** The back office (issue 21), quotes made in the studio. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
