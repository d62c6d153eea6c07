/**
 * Kysely builds the SQL (so it stays portable to PostgreSQL); better-sqlite3 runs it synchronously.
 * A synchronous transaction cannot interleave with another request on the event loop, which is
 * what makes the idempotency claim and "one order per quote" race-free without locks.
 */
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely } from 'kysely';
import type { DatabaseSchema } from './tables';

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

export class SyncQueries {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    readonly db: Kysely<DatabaseSchema>,
    private readonly sqlite: SQLite.Database,
  ) {}

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

  /** Runs fn in one IMMEDIATE transaction: all of it is stored, or none of it. */
  transaction<T>(fn: () => T): T {
    return this.sqlite.transaction(fn).immediate();
  }
}
