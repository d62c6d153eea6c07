/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]`: a consistent copy of the store's
 * database taken while it takes orders, and that copy put back into a database.
 *
 * - SQLite: SQLite's online backup API (better-sqlite3's `backup`). The pages are copied in one
 *   step, under one read transaction: in WAL mode the store's writers go on meanwhile, and the copy
 *   is the database as of that moment (copied in small steps, every order another connection wrote
 *   would restart it). The copy is a SQLite file, checked (`PRAGMA integrity_check`) once written.
 * - PostgreSQL: `pg_dump --format=custom`, a snapshot of one transaction, when PostgreSQL's client
 *   is installed; restored by `pg_restore`. Form uploads live in the database there, so the dump
 *   holds them; on SQLite they are the uploads folder beside the file (docs/deployment.md).
 *
 * A restore refuses a database that already holds data, unless told (`--force`): a backup put over
 * the live store by mistake loses every order since. Before anything, it checks that the file is a
 * backup of a Showroom store (its tables and its migrations' record): another program's database
 * is refused, `--force` or not. A backup is written readable by its owner only (0600): it holds the
 * operators' two-factor secrets and the key that signs order links.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';
import { isPostgresUrl } from '../db/database-url';
import { StartRefused } from '../start-refused';

/** Tables every Showroom store has from its first migrations: a backup without them is another program's. */
const STORE_TABLES = ['kysely_migration', 'sales_order', 'payment', 'form_submission'];
/** The first migration, which every store has run (its record is in kysely_migration). */
const FIRST_MIGRATION = '0001_form_submission';

/** Why a file is not a backup of a Showroom store for this engine; null when it is one. */
function notAStoreBackup(file: string, postgres: boolean): string | null {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (postgres) {
    if (head.subarray(0, 5).toString('latin1') !== 'PGDMP') return "it is not a PostgreSQL backup (pg_dump's custom format, which npm run backup writes for a store on PostgreSQL)";
    const list = spawnSync(postgresClient('pg_restore'), ['--list', file], { encoding: 'utf8' });
    if (list.status !== 0) return `pg_restore cannot read it (${list.stderr.trim()})`;
    const tables = new Set([...list.stdout.matchAll(/ TABLE \S+ (\S+) /g)].map((m) => m[1]!));
    const missing = STORE_TABLES.filter((t) => !tables.has(t));
    return missing.length ? `it has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}` : null;
  }
  if (head.toString('latin1') !== 'SQLite format 3\0') return "it is not a SQLite database (npm run backup writes one for a store on SQLite)";
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name));
    const missing = STORE_TABLES.filter((t) => !tables.has(t));
    if (missing.length) return `it has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}`;
    const first = db.prepare('select 1 from kysely_migration where name = ?').get(FIRST_MIGRATION);
    return first ? null : `its record of migrations (kysely_migration) lacks the first one, ${FIRST_MIGRATION}`;
  } catch (err) {
    return `it cannot be read (${err instanceof Error ? err.message : String(err)})`;
  } finally {
    db.close();
  }
}

/** What a database holds, to compare a backup with its source and to tell a person what a restore replaced. */
export interface StoreSummary {
  orders: number;
  /** Sum of the orders' totals, in cents. */
  orderTotalCents: number;
  payments: number;
  /** Sum of the completed payments, in cents. */
  paidCents: number;
  uploads: number;
}

export async function storeSummary(database: Database): Promise<StoreSummary> {
  const q = database.q;
  const orders = await q.first(q.db.selectFrom('sales_order').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('cents')]));
  const payments = await q.first(q.db.selectFrom('payment').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('status', '=', 'completed').then(eb.ref('amount_cents')).else(0).end()), eb.lit(0)).as('cents')]));
  const uploads = await q.first(q.db.selectFrom('form_upload').select((eb) => eb.fn.countAll<number>().as('n')));
  return { orders: Number(orders?.n ?? 0), orderTotalCents: Number(orders?.cents ?? 0), payments: Number(payments?.n ?? 0), paidCents: Number(payments?.cents ?? 0), uploads: Number(uploads?.n ?? 0) };
}

/** The tables of a database that hold rows (the migrations' own bookkeeping aside). */
async function tablesWithRows(database: Database): Promise<string[]> {
  const tables = (await database.db.introspection.getTables()).map((t) => t.name).filter((name) => !name.startsWith('kysely_migration'));
  const full: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} limit 1`.execute(database.db);
    if (rows.length) full.push(table);
  }
  return full;
}

/** pg_dump and pg_restore, or a message naming what to install. */
function postgresClient(program: 'pg_dump' | 'pg_restore'): string {
  const probe = spawnSync(program, ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    throw new StartRefused(`${program} is not installed here: it is PostgreSQL's client, which backs up and restores a store on PostgreSQL. Install it (Debian and Ubuntu: apt-get install postgresql-client, of the server's major version or newer), then run this again.`);
  }
  return program;
}

/** A connection URL for PostgreSQL's own programs: the same, without the parameters only node's driver knows. */
function libpqUrl(url: string): string {
  const u = new URL(url);
  for (const key of [...u.searchParams.keys()]) if (!['options', 'sslmode', 'host', 'port', 'application_name', 'sslrootcert'].includes(key)) u.searchParams.delete(key);
  return u.toString();
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d) => (errors += d));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new StartRefused(`${program} failed (exit ${code}): ${errors.trim()}`))));
  });
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** What the copy holds (SQLite: read from the copy itself; PostgreSQL: read in the snapshot pg_dump copied); null for a SQLite copy that failed its check. */
  summary: StoreSummary | null;
}

/**
 * pg_dump of one snapshot, and what that snapshot holds: a transaction exports its snapshot, counts
 * the orders, payments and uploads in it, and stays open while pg_dump copies the same snapshot
 * (`--snapshot`), so the printed figures are those of the file, whatever the store took meanwhile.
 */
async function dumpWithSummary(target: string, file: string): Promise<StoreSummary> {
  const pgDump = postgresClient('pg_dump');
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const count = async (text: string) => (await client.query<{ n: string; cents: string }>(text)).rows[0]!;
    const orders = await count('select count(*) as n, coalesce(sum(total_cents), 0) as cents from sales_order');
    const payments = await count("select count(*) as n, coalesce(sum(case when status = 'completed' then amount_cents else 0 end), 0) as cents from payment");
    const uploads = await count('select count(*) as n, 0 as cents from form_upload');
    await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${libpqUrl(target)}`]);
    await client.query('commit');
    return { orders: Number(orders.n), orderTotalCents: Number(orders.cents), payments: Number(payments.n), paidCents: Number(payments.cents), uploads: Number(uploads.n) };
  } finally {
    await client.end();
  }
}

/** Writes a consistent copy of the database `target` (DATABASE_URL) to `file`, which must not exist. */
export async function backupDatabase(target: string, file: string): Promise<BackupResult> {
  const out = path.resolve(file);
  if (fs.existsSync(out)) throw new StartRefused(`${out} exists already: a backup never overwrites a file. Name a new one (a date in its name: showroom-$(date +%F-%H%M%S).backup).`);
  if (!fs.existsSync(path.dirname(out))) throw new StartRefused(`The folder ${path.dirname(out)} does not exist: create it first.`);
  if (isPostgresUrl(target)) {
    const partial = `${out}.partial`;
    let summary: StoreSummary;
    try {
      // Made by us, for the owner only, before pg_dump writes into it (it keeps the mode).
      fs.closeSync(fs.openSync(partial, 'wx', 0o600));
      summary = await dumpWithSummary(target, partial);
      fs.chmodSync(partial, 0o600);
      fs.renameSync(partial, out);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return { file: out, bytes: fs.statSync(out).size, summary };
  }
  const source = target.replace(/^sqlite:/, '');
  if (!fs.existsSync(source)) throw new StartRefused(`There is no SQLite database at ${source} (DATABASE_URL) to back up.`);
  // The copy is made for the owner only before a byte is written (SQLite writes into the empty file).
  fs.closeSync(fs.openSync(out, 'wx', 0o600));
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // The first step only counts the pages; the second copies them all at once, from one snapshot.
    await db.backup(out, { progress: () => 0x7fffffff });
  } catch (err) {
    fs.rmSync(out, { force: true });
    throw err;
  } finally {
    db.close();
  }
  fs.chmodSync(out, 0o600);
  const check = checkSqliteBackup(out);
  const copy = openDatabase(out);
  try {
    return { file: out, bytes: fs.statSync(out).size, summary: check === 'ok' ? await storeSummary(copy) : null };
  } finally {
    await copy.close();
  }
}

/** `PRAGMA integrity_check` of a SQLite file: 'ok', or what it found. */
export function checkSqliteBackup(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  summary: StoreSummary;
  /** The tables that held rows before, when --force replaced them. */
  replaced: string[];
}

/** Puts the backup `file` into the database `target`; refuses one that holds data unless `force`. */
export async function restoreDatabase(file: string, target: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const backup = path.resolve(file);
  if (!fs.existsSync(backup)) throw new StartRefused(`There is no backup at ${backup}.`);
  // Checked before anything is opened or replaced: --force replaces a store only with a store.
  const foreign = notAStoreBackup(backup, isPostgresUrl(target));
  if (foreign) throw new StartRefused(`${backup} is not a backup of a Showroom store: ${foreign}. Nothing was restored, and the database of DATABASE_URL is as it was.`);
  const existing = openDatabase(target);
  let replaced: string[];
  try {
    replaced = await tablesWithRows(existing);
  } finally {
    await existing.close();
  }
  if (replaced.length && !options.force) {
    throw new StartRefused(
      `The database of DATABASE_URL holds data already (${replaced.slice(0, 4).join(', ')}${replaced.length > 4 ? ', …' : ''}): a restore would replace every order in it. ` +
        'Restore into a new, empty database, or add --force to replace it (stop its servers, and back it up first: npm run backup -- FILE).',
    );
  }
  if (isPostgresUrl(target)) {
    const pgRestore = postgresClient('pg_restore');
    await run(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(replaced.length ? ['--clean', '--if-exists'] : []), `--dbname=${libpqUrl(target)}`, backup]);
  } else {
    const check = (() => {
      try {
        return checkSqliteBackup(backup);
      } catch {
        return 'not a SQLite database';
      }
    })();
    if (check !== 'ok') throw new StartRefused(`${backup} is not a sound SQLite backup (${check}): nothing was restored.`);
    const destination = target.replace(/^sqlite:/, '');
    fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
    // The old file's write-ahead log would be replayed over the restored pages: it goes with the file.
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${destination}${suffix}`, { force: true });
    const source = new SQLite(backup, { readonly: true, fileMustExist: true });
    try {
      await source.backup(destination, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
  }
  const restored = openDatabase(target);
  try {
    return { summary: await storeSummary(restored), replaced };
  } finally {
    await restored.close();
  }
}
