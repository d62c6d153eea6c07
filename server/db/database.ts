/**
 * The one door to the database. `DATABASE_URL` chooses the engine: `sqlite:FILE` (the default, one
 * process) or `postgres://…` (several servers). Both run the same migrations and the same services
 * through `Queries`.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from './database-url';
import { CompiledShapes } from './compiled-shapes';
import { PreparedStatements } from './postgres-prepared';
import { PostgresQueries } from './postgres-queries';
import type { Engine, Queries } from './queries';
import { SqliteQueries } from './sqlite-queries';
import type { DatabaseSchema } from './tables';

export interface Database {
  /** Builds queries (and runs migrations); services run queries through `q`. */
  db: Kysely<DatabaseSchema>;
  q: Queries;
  engine: Engine;
  /** Where it is, without any password: a file, or postgres://host:port/name. */
  location: string;
  /** PostgreSQL only: the pool, for a library that speaks pg itself (the shared rate limits). */
  pool?: pg.Pool;
  check(): Promise<boolean>;
  close(): Promise<void>;
}

/** A close that may be called again (a stop after a test closed the database itself): the first one is the one. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

// bigint (ids, counts, millisecond timestamps) as a number: every value the store keeps is below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Opens `postgres://…`, `sqlite:FILE`, a plain file path, or `:memory:`. */
export function openDatabase(target: string, options: { poolSize?: number } = {}): Database {
  return isPostgresUrl(target) ? openPostgres(target, options.poolSize ?? 10) : openSqlite(target.replace(/^sqlite:/, ''));
}

function openSqlite(file: string): Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL: readers never wait for the writer; synchronous=NORMAL is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // A checkpoint (copying the WAL into the database file) is where NORMAL syncs to disk; doing it
  // every 10000 pages (about 40 MB) instead of 1000 halves the cost of an order on a slow disk.
  // journal_size_limit truncates the WAL file back after a checkpoint.
  sqlite.pragma('wal_autocheckpoint = 10000');
  sqlite.pragma('journal_size_limit = 67108864');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    q: new SqliteQueries(db, sqlite),
    engine: 'sqlite',
    location: file,
    async check() {
      return sqlite.prepare('select 1 as ok').get() !== undefined;
    },
    close: once(() => db.destroy()),
  };
}

function openPostgres(url: string, poolSize: number): Database {
  // allowExitOnIdle: idle connections never keep a finished command or test process alive.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, allowExitOnIdle: true });
  // An idle client that loses its server (a restart, a failover) must not crash the process.
  pool.on('error', () => {});
  const prepared = new PreparedStatements();
  prepared.useOn(pool);
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  const where = new URL(url);
  return {
    db,
    q: new PostgresQueries(db, db, new CompiledShapes((text) => prepared.add(text))),
    engine: 'postgres',
    pool,
    location: `postgres://${where.host}${where.pathname}`,
    async check() {
      const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db);
      return rows[0]?.ok === 1;
    },
    close: once(() => db.destroy()),
  };
}
