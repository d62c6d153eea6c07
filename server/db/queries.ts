/**
 * The one interface every service uses to reach the database, on either engine. Kysely builds the
 * SQL; an engine (sqlite-queries.ts, postgres-queries.ts) runs it. Everything is asynchronous, so
 * the same service code runs on one SQLite process and on several servers sharing one PostgreSQL.
 *
 * What one process gave for free is stated here and held by the database instead:
 * - `transaction(fn)`: all of fn's writes are stored, or none. Inside, use only the `tx` handle it
 *   passes (a query on the outer handle waits for the transaction to end, on SQLite forever).
 * - `lockRow(query)`: the rows read stay locked until the transaction ends (FOR UPDATE on
 *   PostgreSQL; SQLite's IMMEDIATE transaction already holds the one write lock).
 * - `lockKey(name)`: a lock on a name, for rows that do not exist yet (an Idempotency-Key).
 */
import type { CompiledQuery, Insertable, Kysely, RawBuilder, Selectable } from 'kysely';
import type { DatabaseSchema } from './tables';

export interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

export type Engine = 'sqlite' | 'postgres';

export interface Queries {
  /** Builds queries; never runs them (run them with the methods below, which know the transaction). */
  readonly db: Kysely<DatabaseSchema>;
  readonly engine: Engine;
  all<R>(query: Compilable<R>): Promise<R[]>;
  first<R>(query: Compilable<R>): Promise<R | undefined>;
  /** Runs a write; answers the number of rows it changed. */
  run(query: Compilable<unknown>): Promise<number>;
  /** Raw SQL (`sql\`...\``) for what the builder cannot say. */
  rows<R>(query: RawBuilder<R>): Promise<R[]>;
  /**
   * A query whose SQL depends only on its shape: compiled once per key, later calls bind new values.
   * `build(...params)` must put exactly `params` into the query, in order (checked on the first call).
   */
  allBy<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, ...params: P): Promise<R[]>;
  firstBy<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, ...params: P): Promise<R | undefined>;
  runBy<P extends unknown[]>(key: string, build: (...params: P) => Compilable<unknown>, ...params: P): Promise<number>;
  insert<T extends keyof DatabaseSchema & string>(table: T, row: Insertable<DatabaseSchema[T]>): Promise<void>;
  /**
   * Rows into one table in one INSERT, answered as stored (every column, ids and defaults too). The
   * rows bind the same columns. The statement is compiled once per shape (the table, the number of
   * rows, the columns): an order's lines, addresses and history bind values to SQL already built.
   * PostgreSQL says what it stored with RETURNING *; SQLite's rows are built in this process where
   * that is exact (sqlite-stored-rows.ts), RETURNING * where not.
   */
  insertRows<T extends keyof DatabaseSchema & string>(table: T, rows: readonly Insertable<DatabaseSchema[T]>[]): Promise<Selectable<DatabaseSchema[T]>[]>;
  /** Inserts one row and answers its new id. */
  insertReturningId<T extends keyof DatabaseSchema & string>(table: T, row: Insertable<DatabaseSchema[T]>): Promise<number>;
  /** Runs fn in one transaction; nested calls are savepoints. fn must only touch the database. */
  transaction<T>(fn: (tx: Queries) => Promise<T>): Promise<T>;
  /**
   * A transaction that may share its COMMIT with others started in the same turn of the event loop
   * (SQLite's group commit: one fsync serves many orders); each is still its own savepoint and is
   * answered only once committed. On PostgreSQL, a plain transaction.
   */
  transactionBatched<T>(fn: (tx: Queries) => Promise<T>): Promise<T>;
  /** Row lock for a select inside a transaction: FOR UPDATE on PostgreSQL. */
  lockRow<Q extends { forUpdate(): Q }>(query: Q): Q;
  /** Holds a lock on `name` until the transaction ends (pg_advisory_xact_lock on PostgreSQL). */
  lockKey(name: string): Promise<void>;
}

/** A unique or primary-key constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
