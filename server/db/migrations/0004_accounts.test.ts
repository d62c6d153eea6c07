/**
 * Migration 0004 on a database made before it: one that already ran 0100 (numbered above it) still
 * gets the account tables, and the existing orders and quotes keep their rows.
 *
 * Such stores are SQLite files (PostgreSQL came after 0004), so the old database is a SQLite file on
 * both test engines; the schema is read with Kysely's introspection, not SQLite's own tables.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
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
    // The columns of 0001 only: the table's later columns do not exist yet.
    await sql`insert into form_submission (form_name, data, created_at) values ('contact', '{}', '2026-01-01')`.execute(database.db);

    const applied = await migrateToLatest(database.db);
    expect(applied).toContain('0004_accounts');
    const tables = await database.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['customer', 'customer_address', 'customer_session', 'password_reset']));
    const quoteColumns = tables.find((t) => t.name === 'quote')!.columns.map((c) => c.name);
    expect(quoteColumns).toContain('customer_id');
    const q = database.q;
    expect(await q.first(q.db.selectFrom('form_submission').select((eb) => eb.fn.countAll<number>().as('n')))).toEqual({ n: 1 });
    // Running again changes nothing.
    expect(await migrateToLatest(database.db)).toEqual([]);
  });
});
