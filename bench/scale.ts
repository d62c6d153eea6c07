/**
 * Scale benchmark (npm run bench:scale): in one run, requests per second and p99 latency of
 *   - a bare Koa handler in its own process (the baseline),
 *   - GET /api/quote?quoteId=&token= (a quote opened by its link) and
 *   - POST /api/order with a fresh Idempotency-Key per request (a new order each time)
 * on SQLite with one server process, on PostgreSQL with one, and on PostgreSQL with two (one
 * autocannon per server at the same time, each with half the connections: the summed req/s and the
 * worse p99), each against the baseline. The servers are real `server/cli.ts start` processes
 * (server/testing/server-processes.ts), each setup on a fresh, migrated database.
 *
 * Then where the time goes on PostgreSQL: a server in this process, pg's Client.query counted and
 * timed, orders posted one after another, payments recorded (the test gateway's charge of a fresh
 * order) and quote reads the same way: round trips per request (BEGIN and COMMIT included), ms per
 * request, and the share of it spent waiting for PostgreSQL. Last, the order path's figures in one
 * place: round trips per order and per payment, PostgreSQL's orders a second as a share of
 * SQLite's, and SQLite's as a share of the bare handler.
 *
 * PostgreSQL: TEST_DATABASE_URL (a superuser's URL; a schema per setup is made in it and dropped
 * afterwards), else a throwaway cluster (server/testing/postgres-cluster.ts), removed at the end.
 * BENCH_SECONDS (default 3 per run), BENCH_ROUNDS (default 3; the median round is reported),
 * BENCH_CONNECTIONS (default 10), BENCH_SEQUENTIAL (default 200 requests for the round-trip count).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { orderPayload, storeQuote } from '../server/api/commerce-test-kit';
import { buildIsStale, projectRoot } from '../server/build-output';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { QuoteService } from '../server/services/quote-service';
import { startServerProcesses, type ServerProcess } from '../server/testing/server-processes';
import { startTestServer } from '../server/testing/test-server';
import { benchPostgres, freshDatabaseUrl, type Cleanup } from './bench-databases';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);

// Everything started is stopped in reverse order, on success, failure or Ctrl-C: the processes
// (the bare server, the Showroom servers) first, then the databases, the cluster, the temp folder.
const processes: Cleanup[] = [];
const cleanups: Cleanup[] = [];
async function drain(list: Cleanup[]): Promise<void> {
  while (list.length) {
    try {
      await list.pop()!();
    } catch (err) {
      process.stderr.write(`cleanup: ${String(err)}\n`);
    }
  }
}
async function cleanUp(): Promise<void> {
  await drain(processes);
  await drain(cleanups);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

const say = (line: string) => process.stderr.write(`${line}\n`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The servers print http://localhost:PORT and listen on 127.0.0.1: skip the name lookup.
const loopback = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

interface Measure {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface Scenario {
  setup: string;
  endpoint: string;
  /** One autocannon per entry, all at once, the connections shared among them. */
  targets: autocannon.Options[];
}

async function measure(s: Scenario): Promise<Measure> {
  const each = Math.max(1, Math.round(connections / s.targets.length));
  const results = await Promise.all(s.targets.map((t) => autocannon({ connections: each, duration: seconds, ...t })));
  return {
    rps: results.reduce((a, r) => a + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((a, r) => a + r.errors, 0),
    non2xx: results.reduce((a, r) => a + r.non2xx, 0),
  };
}

const orderBody = JSON.stringify(orderPayload());
const orderTarget = (base: string): autocannon.Options => ({
  url: `${base}/api/order`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: orderBody,
  requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `bench-${crypto.randomUUID()}` } }) }],
});

/** `pg.Client.prototype.query` counted and timed (from the call to its answer), in this process. */
const pgStats = { calls: 0, ms: 0, statements: null as string[] | null };
function countPostgresQueries(): void {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    pgStats.calls += 1;
    const first = args[0] as string | { text?: string } | undefined;
    pgStats.statements?.push(typeof first === 'string' ? first : (first?.text ?? '?'));
    const started = performance.now();
    const done = () => {
      pgStats.ms += performance.now() - started;
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = function (this: unknown, ...answer: unknown[]) {
        done();
        return (last as (...a: unknown[]) => unknown).apply(this, answer);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  };
}

/** A statement in a few words: `insert sales_order`, `select quote`, `BEGIN`. */
function shortStatement(sqlText: string): string {
  const text = sqlText.replace(/\s+/g, ' ').trim();
  const verb = text.split(' ')[0]!.toLowerCase();
  const table = /(?:\binto|\bfrom|^update)\s+"?([a-z_]+)"?/i.exec(text)?.[1];
  if (/pg_advisory_xact_lock/i.test(text)) return 'key lock';
  if (/for update/i.test(text)) return `${verb} ${table ?? ''} for update`.trim();
  return table ? `${verb} ${table}` : text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

/**
 * The round trips of the transaction that records a payment (from its BEGIN to its COMMIT, around
 * the payment row it adds): what recording one payment costs, apart from deciding and claiming
 * the charge and asking the gateway, which the same request also does.
 */
function recordingTrips(statements: string[]): number {
  const short = statements.map(shortStatement);
  const insert = short.indexOf('insert payment');
  if (insert < 0) return 0;
  const begin = short.lastIndexOf('begin', insert);
  const commit = short.indexOf('commit', insert);
  return begin < 0 || commit < 0 ? 0 : commit - begin + 1;
}

function summarise(statements: string[]): string {
  const out: string[] = [];
  for (const s of statements.map(shortStatement)) {
    const prev = out.at(-1);
    const m = prev && /^(.*?)(?: x(\d+))?$/.exec(prev);
    if (m && m[1] === s) out[out.length - 1] = `${s} x${Number(m[2] ?? 1) + 1}`;
    else out.push(s);
  }
  return out.join(', ');
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-scale-'));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));

  // The server processes run `server/cli.ts start`, which would build first (in the middle of a
  // measurement) when the bundles are stale.
  if (buildIsStale()) {
    say('Building the bundles first (npm run build)...');
    const built = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 2, 2] });
    if (built.status !== 0) throw new Error('npm run build failed');
  }

  // PostgreSQL: the one given, or a throwaway cluster.
  const adminUrl = await benchPostgres(cleanups, say);
  const freshUrl = (engine: 'sqlite' | 'postgres'): Promise<string> => freshDatabaseUrl(engine, adminUrl, tmp, cleanups);

  // The baseline, in a process of its own.
  const bareChild: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'bench', 'bare-server.ts')], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  processes.push(
    () =>
      new Promise<void>((resolve) => {
        if (bareChild.exitCode !== null || bareChild.signalCode !== null) return resolve();
        bareChild.once('exit', () => resolve());
        bareChild.kill('SIGTERM');
      }),
  );
  const bare = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: bareChild.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    bareChild.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });

  // Each setup: a fresh database, migrated once, then its server processes, and one quote.
  const setups: { name: string; engine: 'sqlite' | 'postgres'; processes: number }[] = [
    { name: 'SQLite, 1 process', engine: 'sqlite', processes: 1 },
    { name: 'PostgreSQL, 1 process', engine: 'postgres', processes: 1 },
    { name: 'PostgreSQL, 2 processes', engine: 'postgres', processes: 2 },
  ];
  const scenarios: Scenario[] = [{ setup: 'bare Koa handler', endpoint: 'GET /', targets: [{ url: `${bare}/` }] }];
  for (const [i, setup] of setups.entries()) {
    say(`Starting ${setup.name}...`);
    const url = await freshUrl(setup.engine);
    const database = openDatabase(url);
    let servers: ServerProcess[];
    let quoteId: number;
    let token: string;
    try {
      await migrateToLatest(database.db);
      servers = await startServerProcesses(setup.processes, { DATABASE_URL: url, UPLOADS_DIR: path.join(tmp, `uploads-${i}`) });
      const started = servers;
      processes.push(() => Promise.all(started.map((s) => s.stop())));
      const quotes = new QuoteService(database.q, servers[0]!.url);
      const quote = await storeQuote(quotes);
      quoteId = quote.id;
      token = (await quotes.issueLink(quote.id)).token;
    } finally {
      await database.close();
    }
    const bases = servers.map((s) => loopback(s.url));
    scenarios.push(
      { setup: setup.name, endpoint: 'GET /api/quote', targets: bases.map((b) => ({ url: `${b}/api/quote?quoteId=${quoteId}&token=${token}` })) },
      { setup: setup.name, endpoint: 'POST /api/order', targets: bases.map(orderTarget) },
    );
  }

  // Every scenario in turn, several rounds, each reporting its median round: a passing load on a
  // shared machine then skews one round of each, not one setup's whole measurement.
  const rounds: Measure[][] = scenarios.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    say(`Round ${round + 1} of ${ROUNDS}...`);
    for (const [i, s] of scenarios.entries()) {
      rounds[i]!.push(await measure(s));
      await pause(300);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const results = rounds.map((r, i) => ({
    ...scenarios[i]!,
    rps: median(r.map((m) => m.rps)),
    p99: median(r.map((m) => m.p99)),
    errors: r.reduce((a, m) => a + m.errors, 0),
    non2xx: r.reduce((a, m) => a + m.non2xx, 0),
  }));
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  // The server processes are done: stop them before the in-process count (less on the CPUs).
  await drain(processes);

  // Where the time goes on PostgreSQL: one server in this process, pg counted.
  say(`Counting PostgreSQL round trips over ${SEQUENTIAL} orders and ${SEQUENTIAL} quote reads, one at a time...`);
  countPostgresQueries();
  const sequential: { setup: string; endpoint: string; calls: number; recording: number; ms: number; dbMs: number; last: string[] }[] = [];
  for (const engine of ['postgres', 'sqlite'] as const) {
    const url = await freshUrl(engine);
    const server = await startTestServer({ DATABASE_URL: url });
    try {
      const database = openDatabase(url);
      let quoteUrl: string;
      try {
        const quotes = new QuoteService(database.q, server.url);
        const quote = await storeQuote(quotes);
        quoteUrl = `${loopback(server.url)}/api/quote?quoteId=${quote.id}&token=${(await quotes.issueLink(quote.id)).token}`;
      } finally {
        await database.close();
      }
      const base = loopback(server.url);
      const placeOrder = (): Promise<Response> =>
        fetch(`${base}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `seq-${crypto.randomUUID()}` },
          body: orderBody,
        });
      // A payment recorded: the test gateway's charge of a fresh order (placed first, not counted),
      // which confirms the payment, moves the order and queues its mails.
      const cardCharge = (order: { id: number; accessToken: string }): Promise<Response> =>
        fetch(`${base}/api/payment/test/charge`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${order.accessToken}` },
          body: JSON.stringify({ cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cardCode: '123', metadata: { orderId: String(order.id) } }),
        });
      const requests: { endpoint: string; prepare?: () => Promise<unknown>; send: (prepared: unknown) => Promise<Response> }[] = [
        { endpoint: 'POST /api/order', send: placeOrder },
        { endpoint: 'POST …/test/charge', prepare: async () => (await placeOrder()).json(), send: (order) => cardCharge(order as { id: number; accessToken: string }) },
        { endpoint: 'GET /api/quote', send: () => fetch(quoteUrl) },
      ];
      for (const { endpoint, prepare, send } of requests) {
        // A few first requests warm the code paths and the pool; they are not counted.
        for (let i = 0; i < 10; i++) await (await send(await prepare?.())).arrayBuffer();
        let calls = 0;
        let dbMs = 0;
        let ms = 0;
        let recording = 0;
        let last: string[] = [];
        for (let i = 0; i < SEQUENTIAL; i++) {
          const prepared = await prepare?.();
          pgStats.calls = 0;
          pgStats.ms = 0;
          pgStats.statements = [];
          const started = performance.now();
          const answer = await send(prepared);
          await answer.arrayBuffer();
          ms += performance.now() - started;
          calls += pgStats.calls;
          dbMs += pgStats.ms;
          if (!answer.ok) throw new Error(`${endpoint} answered ${answer.status}`);
          recording += recordingTrips(pgStats.statements);
          last = pgStats.statements;
        }
        pgStats.statements = null;
        sequential.push({ setup: engine === 'postgres' ? 'PostgreSQL' : 'SQLite', endpoint, calls: calls / SEQUENTIAL, recording: recording / SEQUENTIAL, ms: ms / SEQUENTIAL, dbMs: dbMs / SEQUENTIAL, last });
      }
    } finally {
      await server.stop();
    }
  }

  const base = results[0]!.rps;
  const pad = (s: string, n: number) => s.padEnd(n);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`\n${ROUNDS} rounds of ${seconds}s each (median shown), ${connections} connections per setup, ${os.cpus().length} CPUs, load average ${load}`);
  out(`${pad('setup', 26)}${pad('endpoint', 18)}${pad('req/s', 9)}${pad('p99 ms', 8)}${pad('vs bare', 9)}errors/non-2xx`);
  for (const r of results) {
    out(`${pad(r.setup, 26)}${pad(r.endpoint, 18)}${pad(r.rps.toFixed(0), 9)}${pad(String(r.p99), 8)}${pad((r.rps / base).toFixed(2), 9)}${r.errors}/${r.non2xx}`);
  }
  out(`\nOne request at a time, in process (${SEQUENTIAL} each): round trips to PostgreSQL (BEGIN/COMMIT included) and the time spent waiting for them`);
  out(`${pad('setup', 26)}${pad('endpoint', 18)}${pad('queries', 9)}${pad('ms each', 9)}waiting for PostgreSQL`);
  for (const s of sequential) {
    const db = s.setup === 'PostgreSQL' ? `${s.dbMs.toFixed(2)} ms (${((100 * s.dbMs) / s.ms).toFixed(0)}%)` : '-';
    out(`${pad(s.setup, 26)}${pad(s.endpoint, 18)}${pad(s.setup === 'PostgreSQL' ? s.calls.toFixed(1) : '-', 9)}${pad(s.ms.toFixed(2), 9)}${db}`);
  }
  for (const s of sequential.filter((x) => x.setup === 'PostgreSQL')) out(`\n${s.endpoint}, the last one's statements: ${summarise(s.last)}`);

  // The figures the order path is held to: round trips per order and per payment (at most 8),
  // PostgreSQL's orders a second against SQLite's on one server, SQLite's against the bare handler.
  const orders = (setup: string) => results.find((r) => r.setup === setup && r.endpoint === 'POST /api/order')!.rps;
  const trips = (endpoint: string) => sequential.find((x) => x.setup === 'PostgreSQL' && x.endpoint === endpoint)!.calls;
  out('\nThe order path in one line each');
  out(`  round trips to PostgreSQL per order placed:     ${trips('POST /api/order').toFixed(1)}`);
  const charge = sequential.find((x) => x.setup === 'PostgreSQL' && x.endpoint === 'POST …/test/charge')!;
  out(`  round trips to PostgreSQL per payment recorded: ${charge.recording.toFixed(1)} (the whole card charge request: ${charge.calls.toFixed(1)})`);
  out(`  orders a second: SQLite ${orders('SQLite, 1 process').toFixed(0)}, PostgreSQL ${orders('PostgreSQL, 1 process').toFixed(0)} (one server), ${orders('PostgreSQL, 2 processes').toFixed(0)} (two)`);
  out(`  PostgreSQL's share of SQLite's (one server):    ${(orders('PostgreSQL, 1 process') / orders('SQLite, 1 process')).toFixed(2)}`);
  out(`  SQLite's share of the bare handler:             ${(orders('SQLite, 1 process') / base).toFixed(3)}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
