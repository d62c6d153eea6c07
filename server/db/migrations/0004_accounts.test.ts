/**
 * Migration 0004 on a database made before it: one that already ran 0100 (numbered above it) still
 * gets the account tables, and the existing orders and quotes keep their rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database';
import { migrateToLatest } from '../migrate';
import * as m0001 from './0001_form_submission';
import * as m0002 from './0002_commerce';
import * as m0100 from './0100_test_gateway_transaction';

let database: Database | undefined;
let dir: string | undefined;
afterEach(async () => {
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('0004_accounts', () => {
  it('runs on a database that already ran 0100, and adds quote.customer_id', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-migrate-'));
    database = openDatabase(path.join(dir, 'old.db'));
    const old = new Migrator({ db: database.db, provider: { getMigrations: async () => ({ '0001_form_submission': m0001, '0002_commerce': m0002, '0100_test_gateway_transaction': m0100 }) } });
    expect((await old.migrateToLatest()).error).toBeUndefined();
    database.sqlite.prepare("insert into form_submission (form_name, data, created_at) values ('contact', '{}', '2026-01-01')").run();

    const applied = await migrateToLatest(database.db);
    expect(applied).toContain('0004_accounts');
    const tables = database.sqlite.prepare("select name from sqlite_master where type = 'table'").all().map((r) => (r as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(['customer', 'customer_address', 'customer_session', 'password_reset']));
    const quoteColumns = database.sqlite.prepare('pragma table_info(quote)').all().map((r) => (r as { name: string }).name);
    expect(quoteColumns).toContain('customer_id');
    expect(database.sqlite.prepare('select count(*) as n from form_submission').get()).toEqual({ n: 1 });
    // Running again changes nothing.
    expect(await migrateToLatest(database.db)).toEqual([]);
  });
});
