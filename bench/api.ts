/**
 * API benchmark (npm run bench:api): in one run, requests per second and p99 latency of
 *   - a bare Koa handler (the baseline),
 *   - GET /api/quote?quoteId=&token= (a quote opened by its link),
 *   - POST /api/order with a fresh Idempotency-Key per request (a new order each time),
 * and the ratios to the baseline. The servers run in a child process (bench/api-servers.ts).
 * BENCH_SECONDS (default 3 per run), BENCH_ROUNDS (default 3; the median round is reported) and
 * BENCH_CONNECTIONS (default 10) tune it.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { orderPayload } from '../server/api/commerce-test-kit';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Targets {
  bare: string;
  showroom: string;
  quoteId: number;
  token: string;
}

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-servers.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
const targets = await new Promise<Targets>((resolve, reject) => {
  readline.createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line) as Targets));
  child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
});

interface Measure {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections, duration: seconds, ...opts });
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const body = JSON.stringify(orderPayload());
const scenarios: [string, autocannon.Options][] = [
  ['bare Koa handler', { url: `${targets.bare}/` }],
  ['GET /api/quote', { url: `${targets.showroom}/api/quote?quoteId=${targets.quoteId}&token=${targets.token}` }],
  [
    'POST /api/order (new key each)',
    {
      url: `${targets.showroom}/api/order`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `bench-${crypto.randomUUID()}` } }) }],
    },
  ],
];
// The three run in turn, several rounds, and each reports its median round: a shared machine's
// passing load then skews one round of each, not one endpoint's whole measurement.
const rounds: Measure[][] = scenarios.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, [name, opts]] of scenarios.entries()) rounds[i]!.push(await run(name, opts));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: Measure[] = rounds.map((r) => ({
  name: r[0]!.name,
  rps: median(r.map((m) => m.rps)),
  p99: median(r.map((m) => m.p99)),
  errors: r.reduce((a, m) => a + m.errors, 0),
  non2xx: r.reduce((a, m) => a + m.non2xx, 0),
}));
child.kill('SIGTERM');

const base = results[0]!.rps;
const pad = (s: string, n: number) => s.padEnd(n);
process.stdout.write(`\n${ROUNDS} rounds of ${seconds}s each (median shown), ${connections} connections, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
process.stdout.write(`${pad('endpoint', 34)}${pad('req/s', 10)}${pad('p99 ms', 9)}${pad('vs bare', 9)}errors/non-2xx\n`);
for (const r of results) {
  process.stdout.write(`${pad(r.name, 34)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p99), 9)}${pad((r.rps / base).toFixed(2), 9)}${r.errors}/${r.non2xx}\n`);
}
const quote = results[1]!;
const order = results[2]!;
process.stdout.write(`\nquote reads at ${(quote.rps / base).toFixed(2)} of the bare handler (aim: >= 0.5); order creation ${order.rps.toFixed(0)}/s (aim: > 500)\n`);
