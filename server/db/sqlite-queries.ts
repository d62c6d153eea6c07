/**
 * The SQLite engine of `Queries`: better-sqlite3 runs each statement synchronously (prepared once,
 * reused); the answers are promises so that services are the same on PostgreSQL.
 *
 * One connection serves the whole process, so a transaction must keep every other request's query
 * out while it awaits: the connection gate queues them until it ends (as Kysely's connection mutex
 * does). A query outside any transaction, with the gate free, runs at once.
 */
import type SQLite from 'better-sqlite3';
import type { Insertable, Kysely, RawBuilder, Selectable } from 'kysely';
import { boundColumns } from './bound-columns';
import { CompiledShapes } from './compiled-shapes';
import type { Compilable, Queries } from './queries';
import { planOf, storedRowsBuilder, type TablePlan } from './sqlite-stored-rows';
import type { DatabaseSchema } from './tables';

/** First come, first served ownership of the one connection while a transaction is open. */
class ConnectionGate {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  get free(): boolean {
    return !this.held;
  }

  async hold(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    // Ownership passes straight to the next waiter on release: nobody can cut in between.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

interface Shared {
  sqlite: SQLite.Database;
  statements: Map<string, SQLite.Statement>;
  shapes: CompiledShapes;
  gate: ConnectionGate;
  /** Per table: how the rows an INSERT stores are built without RETURNING (sqlite-stored-rows.ts). */
  plans: Map<string, TablePlan>;
  batch: { fn: (tx: Queries) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void }[];
}

export class SqliteQueries implements Queries {
  readonly engine = 'sqlite' as const;
  private readonly shared: Shared;

  constructor(
    readonly db: Kysely<DatabaseSchema>,
    sqlite: SQLite.Database,
    shared?: Shared,
    /** True for the handle a transaction passes to its function: it already owns the connection. */
    private readonly owner = false,
  ) {
    this.shared = shared ?? { sqlite, statements: new Map(), shapes: new CompiledShapes(), gate: new ConnectionGate(), plans: new Map(), batch: [] };
  }

  private statement(text: string): SQLite.Statement {
    let stmt = this.shared.statements.get(text);
    if (!stmt) {
      stmt = this.shared.sqlite.prepare(text);
      this.shared.statements.set(text, stmt);
    }
    return stmt;
  }

  /** Runs one statement now if this handle may use the connection, else once the transaction ends. */
  private async exec<T>(work: () => T): Promise<T> {
    if (this.owner || this.shared.gate.free) return work();
    await this.shared.gate.hold();
    try {
      return work();
    } finally {
      this.shared.gate.release();
    }
  }

  private allOf<R>(text: string, parameters: readonly unknown[]): R[] {
    return this.statement(text).all(...(parameters as unknown[])) as R[];
  }

  private firstOf<R>(text: string, parameters: readonly unknown[]): R | undefined {
    const stmt = this.statement(text);
    if (!stmt.reader) {
      stmt.run(...(parameters as unknown[]));
      return undefined;
    }
    return stmt.get(...(parameters as unknown[])) as R | undefined;
  }

  private runOf(text: string, parameters: readonly unknown[]): number {
    const stmt = this.statement(text);
    if (stmt.reader) {
      stmt.all(...(parameters as unknown[]));
      return 0;
    }
    return stmt.run(...(parameters as unknown[])).changes;
  }

  all<R>(query: Compilable<R>): Promise<R[]> {
    return this.exec(() => {
      const { sql: text, parameters } = query.compile();
      return this.allOf<R>(text, parameters);
    });
  }

  first<R>(query: Compilable<R>): Promise<R | undefined> {
    return this.exec(() => {
      const { sql: text, parameters } = query.compile();
      return this.firstOf<R>(text, parameters);
    });
  }

  run(query: Compilable<unknown>): Promise<number> {
    return this.exec(() => {
      const { sql: text, parameters } = query.compile();
      return this.runOf(text, parameters);
    });
  }

  rows<R>(query: RawBuilder<R>): Promise<R[]> {
    return this.all({ compile: () => query.compile(this.db) });
  }

  allBy<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, ...params: P): Promise<R[]> {
    return this.exec(() => {
      const { sql: text, parameters } = this.shared.shapes.compile(key, build, params);
      return this.allOf<R>(text, parameters);
    });
  }

  firstBy<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, ...params: P): Promise<R | undefined> {
    return this.exec(() => {
      const { sql: text, parameters } = this.shared.shapes.compile(key, build, params);
      return this.firstOf<R>(text, parameters);
    });
  }

  runBy<P extends unknown[]>(key: string, build: (...params: P) => Compilable<unknown>, ...params: P): Promise<number> {
    return this.exec(() => {
      const { sql: text, parameters } = this.shared.shapes.compile(key, build, params);
      return this.runOf(text, parameters);
    });
  }

  async insert<T extends keyof DatabaseSchema & string>(table: T, row: Insertable<DatabaseSchema[T]>): Promise<void> {
    await this.insertReturningId(table, row);
  }

  insertRows<T extends keyof DatabaseSchema & string>(table: T, rows: readonly Insertable<DatabaseSchema[T]>[]): Promise<Selectable<DatabaseSchema[T]>[]> {
    if (!rows.length) return Promise.resolve([]);
    const { columns, values } = boundColumns(rows);
    const shape = `${table}:${rows.length}:${columns.join(',')}`;
    const insert = () => this.db.insertInto(table).values(rows as Insertable<DatabaseSchema[T]>[]);
    return this.exec(() => {
      let plan = this.shared.plans.get(table);
      if (plan === undefined) this.shared.plans.set(table, (plan = planOf(this.shared.sqlite, table)));
      const stored = storedRowsBuilder(plan, columns, rows as readonly Record<string, unknown>[]);
      if (!stored) {
        const { sql: text, parameters } = this.shared.shapes.compile(`insert-rows-returning:${shape}`, (..._v: unknown[]) => insert().returningAll(), values);
        return this.allOf<Selectable<DatabaseSchema[T]>>(text, parameters);
      }
      const { sql: text, parameters } = this.shared.shapes.compile(`insert-rows:${shape}`, (..._v: unknown[]) => insert(), values);
      return stored(Number(this.statement(text).run(...(parameters as unknown[])).lastInsertRowid)) as Selectable<DatabaseSchema[T]>[];
    });
  }

  insertReturningId<T extends keyof DatabaseSchema & string>(table: T, row: Insertable<DatabaseSchema[T]>): Promise<number> {
    const values = Object.values(row);
    const build = (..._v: unknown[]) => this.db.insertInto(table).values(row as never);
    return this.exec(() => {
      const { sql: text, parameters } = this.shared.shapes.compile(`insert:${table}:${Object.keys(row).join(',')}`, build, values);
      // The new row's id without RETURNING: what the statement just inserted, in this process.
      return Number(this.statement(text).run(...(parameters as unknown[])).lastInsertRowid);
    });
  }

  lockRow<Q extends { forUpdate(): Q }>(query: Q): Q {
    return query; // SQLite has no row locks; the IMMEDIATE transaction holds the database's write lock.
  }

  async lockKey(): Promise<void> {
    // The IMMEDIATE transaction already serialises every writer of this process's database.
  }

  private txHandle(): SqliteQueries {
    return new SqliteQueries(this.db, this.shared.sqlite, this.shared, true);
  }

  /**
   * BEGIN, COMMIT, SAVEPOINT and their kin, prepared once like any statement (a group commit runs
   * a savepoint for every transaction in it). Savepoints nest strictly, so one name serves them
   * all: RELEASE and ROLLBACK TO act on the most recent savepoint of that name.
   */
  private control(text: 'BEGIN IMMEDIATE' | 'COMMIT' | 'ROLLBACK' | 'SAVEPOINT sp' | 'RELEASE sp' | 'ROLLBACK TO sp'): void {
    this.statement(text).run();
  }

  private async savepoint<T>(fn: (tx: Queries) => Promise<T>, tx: SqliteQueries): Promise<T> {
    this.control('SAVEPOINT sp');
    try {
      const result = await fn(tx);
      this.control('RELEASE sp');
      return result;
    } catch (err) {
      this.control('ROLLBACK TO sp');
      this.control('RELEASE sp');
      throw err;
    }
  }

  async transaction<T>(fn: (tx: Queries) => Promise<T>): Promise<T> {
    if (this.owner) return this.savepoint(fn, this);
    const { gate, sqlite } = this.shared;
    await gate.hold();
    try {
      this.control('BEGIN IMMEDIATE');
      try {
        const result = await fn(this.txHandle());
        this.control('COMMIT');
        return result;
      } catch (err) {
        if (sqlite.inTransaction) this.control('ROLLBACK');
        throw err;
      }
    } finally {
      gate.release();
    }
  }

  transactionBatched<T>(fn: (tx: Queries) => Promise<T>): Promise<T> {
    if (this.owner) return this.savepoint(fn, this);
    return new Promise<T>((resolve, reject) => {
      const { batch } = this.shared;
      batch.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (batch.length === 1) setImmediate(() => void this.flushBatch());
    });
  }

  /** Group commit: the batch's transactions run one after another, each in its own savepoint, under one COMMIT. */
  private async flushBatch(): Promise<void> {
    const batch = this.shared.batch.splice(0);
    const { gate, sqlite } = this.shared;
    await gate.hold();
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      try {
        this.control('BEGIN IMMEDIATE');
      } catch (err) {
        for (const b of batch) b.reject(err);
        return;
      }
      const tx = this.txHandle();
      for (const b of batch) {
        try {
          outcomes.push({ ok: true, value: await this.savepoint(b.fn, tx) });
        } catch (err) {
          outcomes.push({ ok: false, value: err });
        }
      }
      try {
        this.control('COMMIT');
      } catch (err) {
        if (sqlite.inTransaction) this.control('ROLLBACK');
        for (const b of batch) b.reject(err);
        return;
      }
    } finally {
      gate.release();
    }
    batch.forEach((b, i) => (outcomes[i]!.ok ? b.resolve(outcomes[i]!.value) : b.reject(outcomes[i]!.value)));
  }
}
