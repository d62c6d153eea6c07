/**
 * Many rows into one table, as fast as the engine allows: on SQLite a row a statement (`insert`
 * prepares each table's statement once and binds each row, cheaper than compiling a statement of
 * many rows); on PostgreSQL, where each statement is a round trip, many rows a statement (below
 * its 65,535 bound parameters for the widest table).
 */
import type { Insertable } from 'kysely';
import type { Queries } from './queries';
import type { DatabaseSchema } from './tables';

const ROWS_PER_INSERT = 400;

export async function insertMany<T extends keyof DatabaseSchema & string>(q: Queries, table: T, rows: readonly Insertable<DatabaseSchema[T]>[]): Promise<void> {
  if (q.engine === 'sqlite') {
    for (const row of rows) await q.insert(table, row);
    return;
  }
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await q.run(q.db.insertInto(table).values(rows.slice(i, i + ROWS_PER_INSERT) as Insertable<DatabaseSchema[T]>[]));
  }
}
