/**
 * The PostgreSQL engine of `Queries`: Kysely's PostgresDialect over a `pg` pool. Several servers
 * share the database, so a transaction is not a lock: what must not interleave takes a row lock
 * (`lockRow`) or a key lock (`lockKey`), backed by unique constraints. A transaction that loses a
 * serialisation or deadlock race is retried from the start.
 */
import { CompiledQuery, sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { boundColumns } from './bound-columns';
import { CompiledShapes } from './compiled-shapes';
import { STALE_PREPARED_STATEMENT } from './postgres-prepared';
import type { Compilable, Queries } from './queries';
import type { DatabaseSchema } from './tables';

// serialization_failure, deadlock_detected, and a prepared statement whose table a migration changed.
const RETRIED = new Set(['40001', '40P01', STALE_PREPARED_STATEMENT]);
const ATTEMPTS = 5;

export class PostgresQueries implements Queries {
  readonly engine = 'postgres' as const;

  constructor(
    readonly db: Kysely<DatabaseSchema>,
    private readonly runner: Kysely<DatabaseSchema> | Transaction<DatabaseSchema> = db,
    private readonly shapes = new CompiledShapes(),
    private readonly depth = 0,
  ) {}

  private async execute<R>(compiled: { sql: string; parameters: readonly unknown[] }): Promise<{ rows: R[]; changed: number }> {
    const query = CompiledQuery.raw(compiled.sql, [...compiled.parameters]);
    let result;
    try {
      result = await this.runner.executeQuery<R>(query);
    } catch (err) {
      // Outside a transaction a statement stands alone: run it again, prepared afresh. Inside one,
      // the transaction is retried from the start (below).
      if (this.depth > 0 || (err as { code?: string }).code !== STALE_PREPARED_STATEMENT) throw err;
      result = await this.runner.executeQuery<R>(query);
    }
    return { rows: result.rows, changed: Number(result.numAffectedRows ?? 0n) };
  }

  async all<R>(query: Compilable<R>): Promise<R[]> {
    return (await this.execute<R>(query.compile())).rows;
  }

  async first<R>(query: Compilable<R>): Promise<R | undefined> {
    return (await this.execute<R>(query.compile())).rows[0];
  }

  async run(query: Compilable<unknown>): Promise<number> {
    return (await this.execute(query.compile())).changed;
  }

  rows<R>(query: RawBuilder<R>): Promise<R[]> {
    return this.all({ compile: () => query.compile(this.db) });
  }

  async allBy<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, ...params: P): Promise<R[]> {
    return (await this.execute<R>(this.shapes.compile(key, build, params))).rows;
  }

  async firstBy<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, ...params: P): Promise<R | undefined> {
    return (await this.execute<R>(this.shapes.compile(key, build, params))).rows[0];
  }

  async runBy<P extends unknown[]>(key: string, build: (...params: P) => Compilable<unknown>, ...params: P): Promise<number> {
    return (await this.execute(this.shapes.compile(key, build, params))).changed;
  }

  async insert<T extends keyof DatabaseSchema & string>(table: T, row: Insertable<DatabaseSchema[T]>): Promise<void> {
    const build = (..._v: unknown[]) => this.db.insertInto(table).values(row as never);
    await this.execute(this.shapes.compile(`insert:${table}:${Object.keys(row).join(',')}`, build, Object.values(row)));
  }

  insertRows<T extends keyof DatabaseSchema & string>(table: T, rows: readonly Insertable<DatabaseSchema[T]>[]): Promise<Selectable<DatabaseSchema[T]>[]> {
    if (!rows.length) return Promise.resolve([]);
    const { columns, values } = boundColumns(rows);
    const build = (..._values: unknown[]) => this.db.insertInto(table).values(rows as Insertable<DatabaseSchema[T]>[]).returningAll() as unknown as Compilable<Selectable<DatabaseSchema[T]>>;
    return this.allBy(`insert-rows:${table}:${rows.length}:${columns.join(',')}`, build, ...values);
  }

  async insertReturningId<T extends keyof DatabaseSchema & string>(table: T, row: Insertable<DatabaseSchema[T]>): Promise<number> {
    const build = (..._v: unknown[]) => this.db.insertInto(table).values(row as never).returning('id' as never) as unknown as Compilable<{ id: number }>;
    const { rows } = await this.execute<{ id: number }>(this.shapes.compile(`insert-id:${table}:${Object.keys(row).join(',')}`, build, Object.values(row)));
    return Number(rows[0]!.id);
  }

  lockRow<Q extends { forUpdate(): Q }>(query: Q): Q {
    return query.forUpdate();
  }

  async lockKey(name: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(this.runner);
  }

  async transaction<T>(fn: (tx: Queries) => Promise<T>): Promise<T> {
    if (this.depth > 0) {
      const name = sql.raw(`sp${this.depth}`);
      await sql`savepoint ${name}`.execute(this.runner);
      try {
        const result = await fn(new PostgresQueries(this.db, this.runner, this.shapes, this.depth + 1));
        await sql`release savepoint ${name}`.execute(this.runner);
        return result;
      } catch (err) {
        await sql`rollback to savepoint ${name}`.execute(this.runner);
        throw err;
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute((trx) => fn(new PostgresQueries(this.db, trx, this.shapes, 1)));
      } catch (err) {
        if (attempt >= ATTEMPTS || !RETRIED.has((err as { code?: string }).code ?? '')) throw err;
      }
    }
  }

  transactionBatched<T>(fn: (tx: Queries) => Promise<T>): Promise<T> {
    return this.transaction(fn);
  }
}
