/**
 * SQLite: the rows an INSERT stored, built in this process, are those `select *` reads (a database
 * in memory, opened here: what is checked is SQLite's own storing of values, on no other engine).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';
import type { DatabaseSchema } from './tables';

let database: Database;
beforeAll(async () => {
  database = openDatabase(':memory:');
  await migrateToLatest(database.db);
  // The rows below are about how values are stored, not about the store's rules: no parent rows, no CHECKs.
  await sql`pragma foreign_keys = off`.execute(database.db);
  await sql`pragma ignore_check_constraints = on`.execute(database.db);
});
afterAll(() => database.close());

type Table = keyof DatabaseSchema & string;
interface ColumnInfo {
  name: string;
  type: string;
  dflt_value: string | null;
  notnull: number;
  pk: number;
}

const tables = async () => (await database.q.rows<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)).map((t) => t.name as Table);
const columnsOf = (table: string) => database.q.rows<ColumnInfo>(sql`select name, type, dflt_value, "notnull", pk from pragma_table_xinfo(${table}) order by cid`);
const stored = (table: string, ids: readonly unknown[]) => database.q.rows(sql`select * from ${sql.table(table)} where rowid in (${sql.join(ids)}) order by rowid`);
const rowidOf = (columns: ColumnInfo[]) => columns.find((c) => c.pk === 1 && c.type.toUpperCase() === 'INTEGER')?.name;

/** A value of the column's declared type, different for each row. */
function valueFor(column: ColumnInfo, n: number): unknown {
  const type = column.type.toUpperCase();
  if (type.includes('INT')) return 1000 + n;
  if (/REAL|FLOA|DOUB/.test(type)) return n + 0.25;
  return `${column.name} ${n}`;
}

describe('insertRows on SQLite', () => {
  it('answers, for every table of the schema, the rows select * reads: all columns given, or those with a default left out', async () => {
    const all = await tables();
    expect(all).toContain('sales_order');
    for (const table of all) {
      const columns = await columnsOf(table);
      const rowid = rowidOf(columns);
      for (const leaveDefaults of [false, true]) {
        const given = columns.filter((c) => c.name !== rowid && !(leaveDefaults && c.dflt_value !== null));
        const rows = (leaveDefaults ? [4, 5, 6] : [1, 2, 3]).map((n) => Object.fromEntries(given.map((c, i) => [c.name, i % 5 === 4 && !c.notnull ? null : valueFor(c, n)])));
        const answered = (await database.q.insertRows(table, rows as never)) as Record<string, unknown>[];
        const ids = rowid ? answered.map((r) => r[rowid]) : [];
        if (!rowid) continue; // no id to read them back by (none of the store's tables)
        expect(answered, `${table}${leaveDefaults ? ', defaults left out' : ''}`).toEqual(await stored(table, ids));
      }
    }
  });

  it('gives the ids SQLite gave, after the newest rows were deleted (AUTOINCREMENT never gives an id twice)', async () => {
    const line = (n: number) => ({ order_id: 1, status: 'pending', comment: `line ${n}`, is_customer_notified: 0 as const, internal: 0 as const, created_at: 'now' });
    const first = await database.q.insertRows('sales_order_status_history', [line(1), line(2), line(3)]);
    await database.q.run(database.q.db.deleteFrom('sales_order_status_history').where('id', '>=', first[1]!.id));
    const again = await database.q.insertRows('sales_order_status_history', [line(4), line(5)]);
    expect(again.map((r) => r.id)).toEqual([first[2]!.id + 1, first[2]!.id + 2]);
    expect(again).toEqual(await stored('sales_order_status_history', again.map((r) => r.id)));
  });

  it('asks SQLite (RETURNING) for what it converts: digits into an integer column, a number into a text one', async () => {
    const line = { order_id: 7, status: 'pending', comment: 'converted', is_customer_notified: 0, internal: 0, created_at: 'now' };
    const [digits] = (await database.q.insertRows('sales_order_status_history', [{ ...line, order_id: '7' } as never])) as Record<string, unknown>[];
    expect(digits!.order_id).toBe(7);
    // better-sqlite3 binds a number as a double: the text SQLite stores is its own ('42.0').
    const [number] = (await database.q.insertRows('sales_order_status_history', [{ ...line, status: 42 } as never])) as Record<string, unknown>[];
    expect(number!.status).toBe('42.0');
    expect([digits, number]).toEqual(await stored('sales_order_status_history', [digits!.id, number!.id]));
  });

  it('asks SQLite for a default only it can compute, and for an id it gives where null was bound', async () => {
    await sql`create table stamped (id integer primary key, note text, at text default (datetime('now')))`.execute(database.db);
    const q = database.q as unknown as { insertRows(table: string, rows: object[]): Promise<Record<string, unknown>[]> };
    const [withDefault] = await q.insertRows('stamped', [{ note: 'a' }]);
    expect(withDefault!.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const [nullId] = await q.insertRows('stamped', [{ id: null, note: 'b', at: 'x' }]);
    expect(nullId!.id).toBe((withDefault!.id as number) + 1);
    expect([withDefault, nullId]).toEqual(await stored('stamped', [withDefault!.id, nullId!.id]));
  });
});
