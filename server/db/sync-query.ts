/**
 * Kysely builds the SQL (so it stays portable to PostgreSQL); better-sqlite3 runs it synchronously.
 * A synchronous transaction cannot interleave with another request on the event loop, which is
 * what makes the idempotency claim and "one order per quote" race-free without locks.
 */
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Insertable, Kysely } from 'kysely';
import type { DatabaseSchema } from './tables';

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

export class SyncQueries {
  private readonly statements = new Map<string, SQLite.Statement>();

  /** One wrapper for every transaction (better-sqlite3 builds a wrapper per call of .transaction). */
  private readonly runInTransaction: SQLite.Transaction<(fn: () => unknown) => unknown>;

  constructor(
    readonly db: Kysely<DatabaseSchema>,
    private readonly sqlite: SQLite.Database,
  ) {
    this.runInTransaction = sqlite.transaction((fn: () => unknown) => fn());
  }

  private statement(sql: string): SQLite.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.sqlite.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  all<R>(query: Compilable<R>): R[] {
    const { sql, parameters } = query.compile();
    return this.statement(sql).all(...(parameters as unknown[])) as R[];
  }

  first<R>(query: Compilable<R>): R | undefined {
    const { sql, parameters } = query.compile();
    const stmt = this.statement(sql);
    if (!stmt.reader) {
      stmt.run(...(parameters as unknown[]));
      return undefined;
    }
    return stmt.get(...(parameters as unknown[])) as R | undefined;
  }

  run(query: Compilable<unknown>): number {
    const { sql, parameters } = query.compile();
    const stmt = this.statement(sql);
    if (stmt.reader) {
      stmt.all(...(parameters as unknown[]));
      return 0;
    }
    return stmt.run(...(parameters as unknown[])).changes;
  }

  private readonly shapes = new Map<string, string | null>();

  /**
   * A query whose SQL depends only on its shape, not on its values: Kysely compiles it once per key;
   * later calls reuse the SQL with new parameters. `build(...params)` must put exactly `params` into
   * the query, in order (checked on the first compile; if not, the query is compiled every time).
   */
  private shaped<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, params: P): { sql: string; parameters: readonly unknown[] } {
    const known = this.shapes.get(key);
    if (known) return { sql: known, parameters: params };
    const compiled = build(...params).compile();
    if (known === undefined) {
      const same = compiled.parameters.length === params.length && compiled.parameters.every((v, i) => v === params[i]);
      this.shapes.set(key, same ? compiled.sql : null);
    }
    return compiled;
  }

  allBy<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, ...params: P): R[] {
    const { sql, parameters } = this.shaped(key, build, params);
    return this.statement(sql).all(...(parameters as unknown[])) as R[];
  }

  firstBy<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, ...params: P): R | undefined {
    const { sql, parameters } = this.shaped(key, build, params);
    return this.statement(sql).get(...(parameters as unknown[])) as R | undefined;
  }

  runBy<P extends unknown[]>(key: string, build: (...params: P) => Compilable<unknown>, ...params: P): number {
    const { sql, parameters } = this.shaped(key, build, params);
    return this.statement(sql).run(...(parameters as unknown[])).changes;
  }

  /** Inserts one row (compiled once per table and column set). */
  insert<T extends keyof DatabaseSchema & string>(table: T, row: Insertable<DatabaseSchema[T]>): void {
    const keys = Object.keys(row);
    const values = keys.map((k) => (row as Record<string, unknown>)[k]);
    const build = (..._v: unknown[]) => this.db.insertInto(table).values(row as never);
    const { sql, parameters } = this.shaped(`insert:${table}:${keys.join(',')}`, build, values);
    this.statement(sql).run(...(parameters as unknown[]));
  }

  /** Inserts one row and returns its new id (INSERT ... RETURNING, which PostgreSQL also runs). */
  insertReturningId<T extends keyof DatabaseSchema & string>(table: T, row: Insertable<DatabaseSchema[T]>): number {
    const keys = Object.keys(row);
    const values = keys.map((k) => (row as Record<string, unknown>)[k]);
    const build = (..._v: unknown[]) => this.db.insertInto(table).values(row as never).returning('id' as never) as unknown as Compilable<{ id: number }>;
    const { sql, parameters } = this.shaped(`insert-id:${table}:${keys.join(',')}`, build, values);
    return (this.statement(sql).get(...(parameters as unknown[])) as { id: number }).id;
  }

  private batch: { fn: () => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];

  /**
   * Group commit: transactions requested in the same turn of the event loop run together in one
   * IMMEDIATE transaction, each in its own savepoint (one failing does not undo the others), and
   * all are answered only after the COMMIT, so nothing is acknowledged before it is stored. One
   * commit (the costly part of a small write on SQLite) then serves many requests.
   */
  transactionBatched<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.batch.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (this.batch.length === 1) setImmediate(() => this.flushBatch());
    });
  }

  private flushBatch(): void {
    const batch = this.batch;
    this.batch = [];
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      this.sqlite.exec('BEGIN IMMEDIATE');
    } catch (err) {
      for (const b of batch) b.reject(err);
      return;
    }
    for (const b of batch) {
      try {
        // Inside the open transaction this runs as a savepoint, rolled back alone on an error.
        outcomes.push({ ok: true, value: this.runInTransaction(b.fn) });
      } catch (err) {
        outcomes.push({ ok: false, value: err });
      }
    }
    try {
      this.sqlite.exec('COMMIT');
    } catch (err) {
      if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
      for (const b of batch) b.reject(err);
      return;
    }
    batch.forEach((b, i) => (outcomes[i]!.ok ? b.resolve(outcomes[i]!.value) : b.reject(outcomes[i]!.value)));
  }

  /** Runs fn in one IMMEDIATE transaction: all of it is stored, or none of it. Nested calls use savepoints. */
  transaction<T>(fn: () => T): T {
    return this.runInTransaction.immediate(fn) as T;
  }
}
