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

/**
 * Rows into one table in one INSERT ... RETURNING *, answered as stored. The statement is compiled
 * once per shape (the table, the number of rows, the columns), so a request that writes the same
 * shape each time (an order's lines, addresses and history) binds values to SQL already built.
 */
export async function insertReturning<T extends keyof DatabaseSchema & string>(q: Queries, table: T, rows: readonly Insertable<DatabaseSchema[T]>[]): Promise<unknown[]> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!).filter((c) => (rows[0] as Record<string, unknown>)[c] !== undefined);
  const values = rows.flatMap((row) => columns.map((c) => (row as Record<string, unknown>)[c]));
  const build = (..._values: unknown[]) => q.db.insertInto(table).values(rows as Insertable<DatabaseSchema[T]>[]).returningAll();
  return q.allBy(`insert-returning:${table}:${rows.length}:${columns.join(',')}`, build, ...values);
}
