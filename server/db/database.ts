/**
 * The one door to the database. Kysely over better-sqlite3 today; the SQL that Kysely writes for us
 * also runs on PostgreSQL, so a store that outgrows one machine changes the dialect here only.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { DatabaseSchema } from './tables';

export interface Database {
  db: Kysely<DatabaseSchema>;
  /** The raw handle, for transactions that must be synchronous (better-sqlite3's strength). */
  sqlite: SQLite.Database;
  check(): Promise<boolean>;
  close(): Promise<void>;
}

export function openDatabase(file: string): Database {
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
    sqlite,
    async check() {
      const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db);
      return rows[0]?.ok === 1;
    },
    async close() {
      await db.destroy();
    },
  };
}
