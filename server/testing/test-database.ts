/**
 * A fresh, migrated database for one test, on the engine of the test run: SQLite (a file in a
 * temporary folder) by default; PostgreSQL when the `server-postgres` project runs the suite
 * (SHOWROOM_TEST_ENGINE=postgres). There each test database is a schema of its own in the cluster
 * that postgres-global-setup.ts started, so nothing one test stores is seen by another.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export const testEngine = (): 'sqlite' | 'postgres' => (process.env.SHOWROOM_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite');

/** A database URL for a test: `sqlite:FILE` in `dir` (a new temporary folder by default), or a new PostgreSQL schema. */
export async function createTestDatabaseUrl(dir?: string): Promise<string> {
  if (testEngine() === 'sqlite') {
    const folder = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-db-'));
    return `sqlite:${path.join(folder, `${randomUUID()}.db`)}`;
  }
  const admin = process.env.SHOWROOM_TEST_POSTGRES_URL;
  if (!admin) throw new Error('SHOWROOM_TEST_ENGINE=postgres needs the cluster of server/testing/postgres-global-setup.ts');
  const schema = `t_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Opens a fresh test database and runs the migrations. */
export async function openTestDatabase(dir?: string): Promise<Database> {
  const database = openDatabase(await createTestDatabaseUrl(dir));
  try {
    await migrateToLatest(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
