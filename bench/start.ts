/**
 * `npx tsx bench/start.ts`: what the compiled server saves at start. The sources run by tsx (the
 * former `npm start`, `tsx server/cli.ts start`: a tsx process, the node it starts, and esbuild's
 * service) against the build run by plain node (`npm start`, `node dist/server/cli.js start`), in
 * turns, on a migrated SQLite database each, with NODE_ENV=production: the time from the spawn to
 * the log's 'main site listening', and the resident memory of the whole process tree then and after
 * the home page was served once. Medians of BENCH_ROUNDS (5) rounds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildProblem, projectRoot, serverEntry } from '../server/build-output';

const problem = buildProblem();
if (problem) throw new Error(problem);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-bench-start-'));

/** Resident memory of a process and every process below it, in MB (/proc/PID/status VmRSS). */
function treeRssMb(pid: number): number {
  const all = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const parentOf = new Map<number, number>();
  for (const p of all) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      parentOf.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, parent] of parentOf) if (tree.has(parent) && !tree.has(p)) grew = tree.add(p) !== undefined;
  }
  let kb = 0;
  for (const p of tree) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

interface Measure {
  startMs: number;
  rssMb: number;
  rssServedMb: number;
}

async function measure(command: string[], round: number): Promise<Measure> {
  const database = path.join(dir, `shop-${round}-${command.length}.db`);
  const started = performance.now();
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', RECAPTCHA_TEST_MODE: 'on', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${database}`, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"main site listening"')) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited ${code}`)));
  });
  const startMs = performance.now() - started;
  const rssMb = treeRssMb(child.pid!);
  await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const rssServedMb = treeRssMb(child.pid!);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { startMs, rssMb, rssServedMb };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sources = [path.join(projectRoot, 'node_modules', '.bin', 'tsx'), 'server/cli.ts', 'start'];
const built = [process.execPath, serverEntry, 'start'];
const results = { sources: [] as Measure[], built: [] as Measure[] };
// A first start of each migrates its database and warms the disk cache; it is not counted.
await measure(sources, -1);
await measure(built, -1);
for (let round = 0; round < rounds; round += 1) {
  results.sources.push(await measure(sources, round));
  results.built.push(await measure(built, round));
}
fs.rmSync(dir, { recursive: true, force: true });

const row = (name: string, m: Measure[]) =>
  `| ${name} | ${Math.round(median(m.map((x) => x.startMs)))} ms | ${median(m.map((x) => x.rssMb)).toFixed(0)} MB | ${median(m.map((x) => x.rssServedMb)).toFixed(0)} MB |`;
console.log(`Medians of ${rounds} starts each, ${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(1)}:\n`);
console.log('| server | start to listening | resident memory, listening | after the home page |');
console.log('| --- | --- | --- | --- |');
console.log(row('sources by tsx (tsx server/cli.ts start)', results.sources));
console.log(row('build by node (node dist/server/cli.js start)', results.built));
