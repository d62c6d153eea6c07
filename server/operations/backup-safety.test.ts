/**
 * What a backup must never do, tried as an attacker (or a tired operator) would: a restore given
 * another program's database, `--force` and all, is refused before anything is replaced; and a
 * backup file, which holds the operators' two-factor secrets and the key that signs order links, is
 * readable by its owner only.
 *
 * @engines sqlite postgres: SQLite's online backup and pg_dump/pg_restore write and read these files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, skus } from '../api/commerce-test-kit';
import { call } from '../security/attacker-kit';
import { StartRefused } from '../start-refused';
import { createEmptyDatabaseUrl, testEngine } from '../testing/test-database';
import { startTestServer, type TestServer } from '../testing/test-server';
import { backupDatabase, restoreDatabase } from './backup';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-backup-safety-'));
let shop: TestServer;

beforeAll(async () => {
  shop = await startTestServer();
  const order = await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(1)), headers: { 'Idempotency-Key': 'backup-safety-order-1' } });
  expect(order.status).toBe(201);
});
afterAll(async () => {
  await shop?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ordersIn = async (url: string) => {
  const { openDatabase } = await import('../db/database');
  const database = openDatabase(url);
  try {
    return (await database.q.all(database.q.db.selectFrom('sales_order').select('id'))).length;
  } finally {
    await database.close();
  }
};

/** Another program's database, in the form a backup of this engine takes. */
async function foreignBackup(name: string): Promise<string> {
  const sqliteFile = path.join(dir, `${name}.sqlite`);
  const other = new SQLite(sqliteFile);
  other.exec("create table users (id integer primary key, name text); insert into users (name) values ('someone else'); create table payment (id integer primary key)");
  other.close();
  if (testEngine() === 'sqlite') return sqliteFile;
  const url = await createEmptyDatabaseUrl(dir);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("create table users (id serial primary key, name text); insert into users (name) values ('someone else'); create table payment (id serial primary key)");
  await client.end();
  const dump = path.join(dir, `${name}.dump`);
  const run = spawnSync('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${url}`], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return dump;
}

describe('a restore given something that is not a Showroom store', () => {
  it("refuses another program's database, even with --force, and replaces nothing", async () => {
    const target = shop.databaseUrl;
    const before = await ordersIn(target);
    expect(before).toBeGreaterThanOrEqual(1);
    for (const file of [await foreignBackup('other-program'), path.join(dir, 'other-program.sqlite')]) {
      const refusal = await restoreDatabase(file, target, { force: true }).catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(StartRefused);
      expect((refusal as Error).message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a backup of a Showroom store: .+\\. Nothing was restored, and the database of DATABASE_URL is as it was\\.$`));
      expect(await ordersIn(target)).toBe(before);
    }
  });

  it('names what the file lacks in plain words', async () => {
    const file = await foreignBackup('named');
    const message = ((await restoreDatabase(file, await createEmptyDatabaseUrl(dir)).catch((err: unknown) => err)) as Error).message;
    expect(message).toContain('it has no kysely_migration, sales_order, form_submission tables');
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a database at all');
    const notes = ((await restoreDatabase(text, await createEmptyDatabaseUrl(dir)).catch((err: unknown) => err)) as Error).message;
    expect(notes).toContain(testEngine() === 'sqlite' ? 'it is not a SQLite database' : 'it is not a PostgreSQL backup');
  });

  it('still restores a backup of a store', async () => {
    const file = path.join(dir, 'store.backup');
    await backupDatabase(shop.databaseUrl, file);
    const fresh = await createEmptyDatabaseUrl(dir);
    const { summary } = await restoreDatabase(file, fresh);
    expect(summary.orders).toBe(await ordersIn(shop.databaseUrl));
  });
});

describe('a backup file', () => {
  it('is readable and writable by its owner only (0600), whatever the umask', async () => {
    const umask = process.umask(0o022);
    try {
      const file = path.join(dir, 'private.backup');
      await backupDatabase(shop.databaseUrl, file);
      expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    } finally {
      process.umask(umask);
    }
  });
});
