/** The back office (issue 21), leads (a status per submission) and subscribers. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
