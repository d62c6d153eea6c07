/**
 * Moves a shop from one database to another (`npm run db:copy -- --from sqlite:var/showroom.db
 * --to postgres://…`): the target is migrated, must be empty, and receives every row in one
 * transaction (parents before children, ids kept), so a failed copy leaves nothing behind and can
 * simply be run again. Then both sides are compared table by table: row counts and the sum of every
 * money column (`*_cents`). Stop the servers first: rows written during the copy are not in it.
 *
 * Form uploads move too, from where the source keeps them to where the target does
 * (services/upload-store.ts: the uploads folder on SQLite, the database on PostgreSQL): into the
 * target's database in the same transaction, or into its folder (removed again if the copy fails).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import { inParts, type UploadStore } from '../services/upload-store';
import type { Database } from './database';
import { migrateToLatest } from './migrate';

export interface TableReport {
  table: string;
  rows: number;
  /** Sum of each `*_cents` column, source side. */
  cents: Record<string, number>;
  matches: boolean;
}

type AnyDb = Kysely<any>;

/** Not copied as rows: the migrations' own, and uploads' content (moved file by file, below). */
const BOOKKEEPING = /^kysely_migration|^form_upload_content$/;

/** Where each side keeps its uploads, and the folder of each (SQLite's). */
export interface UploadsMove {
  from: UploadStore;
  to: UploadStore;
  /** The target's uploads folder (files are written through a staging file in it). */
  toDir: string;
}

export interface UploadsReport {
  files: number;
  bytes: number;
  /** Uploads the source lists but does not hold (a file removed from its folder by hand). */
  missing: string[];
}

async function tableNames(database: Database): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables.map((t) => t.name).filter((name) => !BOOKKEEPING.test(name));
}

/** Which tables each table references (its parents), read from the source's own catalog. */
async function parentsOf(database: Database, table: string): Promise<string[]> {
  const db = database.db as AnyDb;
  if (database.engine === 'sqlite') {
    const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(db);
    return rows.map((r) => r.table);
  }
  const { rows } = await sql<{ parent: string }>`
    select ccu.table_name as parent from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_name = ${table} and tc.table_schema = current_schema()`.execute(db);
  return rows.map((r) => r.parent);
}

/** Parents before children, so every foreign key finds its row. */
async function copyOrder(source: Database, tables: string[]): Promise<string[]> {
  const parents = new Map<string, string[]>();
  for (const t of tables) parents.set(t, (await parentsOf(source, t)).filter((p) => p !== t && tables.includes(p)));
  const ordered: string[] = [];
  const visit = (t: string, path: string[]) => {
    if (ordered.includes(t)) return;
    if (path.includes(t)) throw new Error(`Foreign keys form a cycle: ${[...path, t].join(' -> ')}`);
    for (const p of parents.get(t) ?? []) visit(p, [...path, t]);
    ordered.push(t);
  };
  for (const t of tables) visit(t, []);
  return ordered;
}

async function summary(db: AnyDb, table: string, centsColumns: string[]): Promise<{ rows: number; cents: Record<string, number> }> {
  const row = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as('__rows'), ...centsColumns.map((c) => eb.fn.coalesce(eb.fn.sum<number>(c), eb.lit(0)).as(c))])
    .executeTakeFirstOrThrow();
  const cents: Record<string, number> = {};
  for (const c of centsColumns) cents[c] = Number(row[c]);
  return { rows: Number(row.__rows), cents };
}

/** Moves every upload the source lists into the target's store; the folder's files are undone by `written` on failure. */
async function moveUploads(source: Database, trx: AnyDb, move: UploadsMove, written: string[]): Promise<UploadsReport> {
  const report: UploadsReport = { files: 0, bytes: 0, missing: [] };
  const names = (await source.q.all(source.q.db.selectFrom('form_upload').select('stored_name').orderBy('id'))).map((r) => r.stored_name);
  for (const name of names) {
    const content = await move.from.open(source.q, name);
    if (!content) {
      report.missing.push(name);
      continue;
    }
    if (move.to.kind === 'database') {
      await inParts(content, async (part, data) => {
        await trx.insertInto('form_upload_content').values({ stored_name: name, part, data }).execute();
        report.bytes += data.length;
      });
    } else {
      const staging = path.join(move.toDir, '.incoming', `copy-${crypto.randomUUID()}`);
      fs.mkdirSync(path.dirname(staging), { recursive: true });
      await pipeline(content, fs.createWriteStream(staging));
      report.bytes += fs.statSync(staging).size;
      move.to.place(staging, name);
      written.push(name);
    }
    report.files += 1;
  }
  return report;
}

export async function copyDatabase(source: Database, target: Database, progress: (line: string) => void = () => {}, uploads?: UploadsMove): Promise<TableReport[] & { uploads?: UploadsReport }> {
  await migrateToLatest(target.db);
  const tables = await copyOrder(source, await tableNames(source));
  const targetTables = new Set(await tableNames(target));
  const missing = tables.filter((t) => !targetTables.has(t));
  if (missing.length) throw new Error(`The target has no table ${missing.join(', ')}: are both on the same version of Showroom?`);
  const from = source.db as AnyDb;
  for (const t of tables) {
    const { rows } = await summary(target.db as AnyDb, t, []);
    if (rows > 0) throw new Error(`The target is not empty (${t} has ${rows} rows): copy into a new, empty database.`);
  }

  const columns = new Map((await source.db.introspection.getTables()).map((t) => [t.name, t.columns.map((c) => c.name)]));
  const identities = new Set((await target.db.introspection.getTables()).filter((t) => t.columns.some((c) => c.name === 'id' && c.isAutoIncrementing)).map((t) => t.name));
  const written: string[] = [];
  let moved: UploadsReport | undefined;
  await (target.db as AnyDb).transaction().execute(async (trx) => {
    for (const table of tables) {
      const cols = columns.get(table)!;
      // Rows per INSERT kept under both engines' limit on bound values.
      const batch = Math.max(1, Math.floor(30_000 / cols.length));
      let copied = 0;
      for (let offset = 0; ; offset += batch) {
        const rows = await from.selectFrom(table).selectAll().orderBy(cols.includes('id') ? 'id' : cols[0]!).limit(batch).offset(offset).execute();
        if (rows.length === 0) break;
        await trx.insertInto(table).values(rows).execute();
        copied += rows.length;
      }
      // Identity columns continue after the copied ids.
      if (target.engine === 'postgres' && identities.has(table)) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
      progress(`${table}: ${copied} rows`);
    }
    if (uploads) {
      moved = await moveUploads(source, trx, uploads, written);
      progress(`form uploads: ${moved.files} files, ${(moved.bytes / 1_048_576).toFixed(1)} MB, from ${uploads.from.kind === 'database' ? 'the database' : 'the uploads folder'} to ${uploads.to.kind === 'database' ? 'the database' : `the uploads folder ${uploads.toDir}`}`);
    }
  }).catch((err: unknown) => {
    uploads?.to.discard(written);
    throw err;
  });

  const reports: TableReport[] = [];
  for (const table of tables) {
    const centsColumns = columns.get(table)!.filter((c) => c.endsWith('_cents'));
    const a = await summary(from, table, centsColumns);
    const b = await summary(target.db as AnyDb, table, centsColumns);
    reports.push({ table, rows: a.rows, cents: a.cents, matches: a.rows === b.rows && centsColumns.every((c) => a.cents[c] === b.cents[c]) });
  }
  return Object.assign(reports, moved ? { uploads: moved } : {});
}
