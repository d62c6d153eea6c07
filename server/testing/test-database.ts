/**
 * A database for one test, on the engine of the test run: SQLite (a file in a temporary folder) by
 * default; PostgreSQL in the `server-postgres` project (SHOWROOM_TEST_ENGINE=postgres), in the
 * cluster that postgres-global-setup.ts started. Nothing one test stores is seen by another.
 *
 * A migrated database is a copy of a template that this process migrated once: a file copy on
 * SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL (25 ms, against 190 ms for migrating a schema).
 * An empty one, for the tests of migrations themselves, is a new file or a new schema (so a store
 * whose DATABASE_URL names a schema through search_path stays tested).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export const testEngine = (): 'sqlite' | 'postgres' => (process.env.SHOWROOM_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite');

function postgresAdminUrl(): string {
  const admin = process.env.SHOWROOM_TEST_POSTGRES_URL;
  if (!admin) throw new Error('SHOWROOM_TEST_ENGINE=postgres needs the cluster of server/testing/postgres-global-setup.ts');
  return admin;
}

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The admin URL with another database named in it. */
function postgresDatabaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Names of the databases this run makes start with it, so a run on a shared server
 * (TEST_DATABASE_URL) can drop its own at the end (postgres-global-setup.ts).
 */
export const testDatabasePrefix = (): string => `showroom_t${process.env.SHOWROOM_TEST_RUN ?? ''}_`;

const freshName = () => `${testDatabasePrefix()}${randomUUID().replaceAll('-', '')}`;
const temporaryFolder = (dir?: string) => dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-db-'));

/** A URL for a new, empty database: `sqlite:FILE` in `dir` (a new temporary folder by default), or a new PostgreSQL schema. */
export async function createTestDatabaseUrl(dir?: string): Promise<string> {
  if (testEngine() === 'sqlite') return `sqlite:${path.join(temporaryFolder(dir), `${randomUUID()}.db`)}`;
  const schema = `t_${randomUUID().replaceAll('-', '')}`;
  await asAdmin(`create schema ${schema}`);
  const url = new URL(postgresAdminUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

let template: Promise<string> | undefined;

/** This process's migrated template: a SQLite file, or the name of a PostgreSQL database. */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const target = testEngine() === 'sqlite' ? path.join(temporaryFolder(), 'template.db') : freshName();
    if (testEngine() === 'postgres') await asAdmin(`create database ${target}`);
    const database = openDatabase(testEngine() === 'sqlite' ? `sqlite:${target}` : postgresDatabaseUrl(target));
    try {
      await migrateToLatest(database.db);
    } finally {
      // Closed: SQLite folds its write-ahead log into the file; PostgreSQL copies only an unused template.
      await database.close();
    }
    return target;
  })();
  template.catch(() => (template = undefined));
  return template;
}

/** A URL for a new database with every migration run, copied from this process's template. */
export async function createMigratedTestDatabaseUrl(dir?: string): Promise<string> {
  const source = await migratedTemplate();
  if (testEngine() === 'sqlite') {
    const file = path.join(temporaryFolder(dir), `${randomUUID()}.db`);
    fs.copyFileSync(source, file);
    return `sqlite:${file}`;
  }
  const name = freshName();
  await asAdmin(`create database ${name} template ${source} strategy file_copy`);
  return postgresDatabaseUrl(name);
}

/**
 * A URL for a new, empty database of its own: a new SQLite file, or a new PostgreSQL database (not a
 * schema: what PostgreSQL's own programs restore goes into a database's schemas by name).
 */
export async function createEmptyDatabaseUrl(dir?: string): Promise<string> {
  if (testEngine() === 'sqlite') return `sqlite:${path.join(temporaryFolder(dir), `${randomUUID()}.db`)}`;
  const name = freshName();
  await asAdmin(`create database ${name}`);
  return postgresDatabaseUrl(name);
}

/** Opens a new database with every migration run. */
export async function openTestDatabase(dir?: string): Promise<Database> {
  return openDatabase(await createMigratedTestDatabaseUrl(dir));
}
