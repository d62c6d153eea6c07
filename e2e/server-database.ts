/**
 * What a journey's test server stored, read (or, for a test's setup, changed) through the store's
 * own data interface (server/db/queries.ts), on a connection of its own while the server runs. The
 * e2e suite runs on SQLite (the server's DATABASE_URL, sqlite:FILE); the store opens the file in
 * WAL mode, so a reader here never blocks it.
 */
import { openDatabase } from '../server/db/database';
import type { Queries } from '../server/db/queries';

export async function withServerDatabase<T>(databaseUrl: string, work: (q: Queries) => Promise<T>): Promise<T> {
  const database = openDatabase(databaseUrl);
  try {
    return await work(database.q);
  } finally {
    await database.close();
  }
}
