/**
 * The back office's order list at real sizes (npm run bench:back-office): on SQLite and on
 * PostgreSQL, a fresh database seeded with 100,000 orders and 20,000 form submissions
 * (server/back-office/seed-database.ts), a server started on it, an operator signed in, then
 * GET /api/studio/orders timed one request after another:
 *   - the first page, no filter;           - a status filter (holded: a rare one);
 *   - a search by e-mail (its beginning);   - a date range (one month);
 *   - page 50, by the cursor of page 49.
 * Each case: median and p95 against the 100 ms budget.
 *
 * The baselines of the same run, so the figures mean something:
 *   - page 50 and a page halfway through by LIMIT/OFFSET (the same query, in the database, beside
 *     the keyset read of the same page);
 *   - every case again over HTTP after dropping migration 0011's indexes (the list without them).
 *
 * PostgreSQL: TEST_DATABASE_URL (a superuser's URL; a schema is made in it and dropped after), else
 * a throwaway cluster (server/testing/postgres-cluster.ts). BENCH_ORDERS (default 100000),
 * BENCH_SUBMISSIONS (default 20000), BENCH_SAMPLES (default 40 per case), BENCH_ENGINES (default
 * "sqlite,postgres").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { encodeCursor, orderListQuery, type OrderListFilter } from '../server/back-office/order-list-query';
import { seedBackOffice } from '../server/back-office/seed-database';
import { openDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ORDER_LIST_INDEXES } from '../server/db/migrations/0011_back_office_orders';
import { signInOperator } from '../server/studio/studio-test-kit';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { benchPostgres, freshDatabaseUrl, type Cleanup } from './bench-databases';

const BUDGET_MS = 100;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 20_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim()) as ('sqlite' | 'postgres')[];
const PAGE = 50;

const say = (line: string) => process.stderr.write(`${line}\n`);

interface Figures {
  median: number;
  p95: number;
}

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** Times `run` SAMPLES times after a few warm-up calls (the caches of a server that has been up a while). */
async function time(run: () => Promise<void>): Promise<Figures> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return figures(samples);
}

interface Case {
  name: string;
  query: string;
}

async function get(server: TestServer, headers: Record<string, string>, query: string): Promise<{ orders: { email: string }[]; next: string | null }> {
  const res = await fetch(new URL(`/api/studio/orders${query ? `?${query}` : ''}`, server.url), { headers });
  if (res.status !== 200) throw new Error(`GET /api/studio/orders?${query}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { orders: { email: string }[]; next: string | null } }).data;
}

/** The cases, with values read from the seeded data: an e-mail that exists, the cursor of page 49. */
async function cases(server: TestServer, headers: Record<string, string>): Promise<Case[]> {
  const first = await get(server, headers, '');
  const email = first.orders[7]!.email;
  // The beginning of the address, up to its @, in capitals: the search ignores the case.
  const prefix = email.slice(0, email.indexOf('@') + 1).toUpperCase();
  let next = first.next;
  for (let page = 2; page < 50; page++) next = (await get(server, headers, `after=${next}`)).next;
  return [
    { name: 'first page', query: '' },
    { name: 'status=holded', query: 'status=holded' },
    { name: `search e-mail "${prefix}"`, query: `search=${encodeURIComponent(prefix)}` },
    { name: 'date range (a month)', query: 'from=2025-03-01&to=2025-03-31' },
    { name: 'page 50 (cursor)', query: `after=${next}` },
  ];
}

interface Row {
  engine: string;
  name: string;
  indexed: Figures;
  unindexed?: Figures;
}

function table(rows: Row[]): string {
  const lines = ['engine     case                                    median    p95   budget   without 0011 indexes (median / p95)'];
  for (const r of rows) {
    const ok = r.indexed.p95 <= BUDGET_MS ? 'ok' : 'OVER';
    const without = r.unindexed ? `${r.unindexed.median.toFixed(1).padStart(8)} / ${r.unindexed.p95.toFixed(1)} ms` : '';
    lines.push(`${r.engine.padEnd(10)} ${r.name.padEnd(38)} ${r.indexed.median.toFixed(1).padStart(7)} ${r.indexed.p95.toFixed(1).padStart(6)}   ${ok.padEnd(6)} ${without}`);
  }
  return lines.join('\n');
}

async function dropIndexes(database: Database): Promise<void> {
  for (const name of ORDER_LIST_INDEXES) await database.q.run(database.q.db.schema.dropIndex(name));
}

/**
 * A deep page in the database, by keyset (the cursor of the row before it) and by LIMIT/OFFSET, the
 * same query otherwise: OFFSET reads and throws away every row before the page, keyset reads none.
 */
async function offsetBaseline(database: Database, page: number): Promise<string> {
  const q = database.q;
  const filter: OrderListFilter = { limit: PAGE };
  const before = (await q.first(q.db.selectFrom('sales_order').select(['id', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(PAGE * (page - 1) - 1).limit(1)))!;
  const after = encodeCursor({ createdAt: before.created_at, id: before.id });
  const keyset = await time(async () => {
    await q.all(orderListQuery(q, { ...filter, after }));
  });
  const offset = await time(async () => {
    await q.all(orderListQuery(q, filter).offset(PAGE * (page - 1)));
  });
  return `${database.engine.padEnd(10)} page ${page} in the database: keyset ${keyset.median.toFixed(1)} / ${keyset.p95.toFixed(1)} ms, LIMIT/OFFSET ${offset.median.toFixed(1)} / ${offset.p95.toFixed(1)} ms (median / p95)`;
}

async function benchEngine(engine: 'sqlite' | 'postgres', url: string, rows: Row[], baselines: string[]): Promise<void> {
  const database = openDatabase(url);
  let server: TestServer | undefined;
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    say(`${engine}: seeding ${ORDERS} orders and ${SUBMISSIONS} submissions...`);
    await seedBackOffice(database, { orders: ORDERS, submissions: SUBMISSIONS });
    say(`${engine}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    server = await startTestServer({ DATABASE_URL: url });
    const { headers } = await signInOperator(server, 'viewer');
    const list = await cases(server, headers);
    const mine: Row[] = [];
    for (const c of list) {
      mine.push({ engine, name: c.name, indexed: await time(async () => void (await get(server!, headers, c.query))) });
    }
    for (const page of [50, Math.floor(ORDERS / PAGE / 2)]) baselines.push(await offsetBaseline(database, page));
    say(`${engine}: dropping migration 0011's indexes for the baseline...`);
    await dropIndexes(database);
    for (const [i, c] of list.entries()) mine[i]!.unindexed = await time(async () => void (await get(server!, headers, c.query)));
    rows.push(...mine);
  } finally {
    await server?.stop();
    await database.close();
  }
}

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-bench-back-office-'));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const rows: Row[] = [];
  const baselines: string[] = [];
  try {
    for (const engine of ENGINES) {
      let url: string;
      if (engine === 'sqlite') {
        url = `sqlite:${path.join(tmp, 'back-office.db')}`;
      } else {
        url = await freshDatabaseUrl('postgres', await benchPostgres(cleanups, say), tmp, cleanups);
      }
      await benchEngine(engine, url, rows, baselines);
    }
    process.stdout.write(`\nGET /api/studio/orders at ${ORDERS} orders and ${SUBMISSIONS} submissions, ${SAMPLES} requests a case, one at a time (ms):\n`);
    process.stdout.write(`${table(rows)}\n\n${baselines.join('\n')}\n`);
    const over = rows.filter((r) => r.indexed.p95 > BUDGET_MS);
    process.stdout.write(over.length ? `\n${over.length} case(s) over the ${BUDGET_MS} ms budget.\n` : `\nEvery case within the ${BUDGET_MS} ms budget (p95).\n`);
    if (over.length) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
