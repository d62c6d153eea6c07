/**
 * A visitor's page time while an editor saves drafts of a large site (`npm run bench:studio-saves`,
 * or `npx tsx bench/studio-saves.ts [--pages N] [--seconds S]`).
 *
 * The site: the demo store with N more pages (400 by default, each a copy of the demo's longest
 * page, with its route), several megabytes of definitions, past the size from which a save is
 * checked in a thread of its own (CONTENT_CHECK_THREAD_KB). One server on it, in this process, as
 * bench:studio runs it; a visitor asks for a page again and again, one request at a time (GET of
 * a generated page from the page cache, the same every time).
 *
 * In the same run, S seconds each:
 * 1. the visitor alone: the baseline;
 * 2. the visitor while an editor saves a draft of a page in a loop (a new title each time, as often
 *    as the save limit lets one operator: SAVES_PER_MINUTE, one every 500 ms; the studio's autosave
 *    sends at most one every 800 ms of typing);
 * 3. the same on a second server whose saves are checked on the event loop (CONTENT_CHECK_THREAD_KB
 *    past the site's size): what the thread keeps off the visitor's page.
 * Prints the visitor's p50, p95, p99 and slowest (ms) of each, and the saves' own. A save blocks
 * the event loop for its check only, a few times a second: its mark is in the visitor's p99 and
 * slowest answers, as the p95 is of requests that do not meet a save.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../server/build-output';
import { SAVES_PER_MINUTE } from '../server/studio/draft-limits';
import { signInOperator } from '../server/studio/studio-test-kit';
import { startTestServer, type TestServer } from '../server/testing/test-server';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const PAGES = Number(arg('pages', '400'));
const SECONDS = Number(arg('seconds', '15'));

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
}

/** The demo store with PAGES more pages and their routes, in a folder of its own. */
function largeSite(): { dir: string; bytes: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-bench-saves-'));
  fs.cpSync(path.join(projectRoot, 'examples', 'site'), dir, { recursive: true });
  const pagesDir = path.join(dir, 'pages');
  const longest = fs
    .readdirSync(pagesDir)
    .map((f) => path.join(pagesDir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
  const page = JSON.parse(fs.readFileSync(longest, 'utf8')) as { metadata: { title: string } };
  const routes = JSON.parse(fs.readFileSync(path.join(dir, 'routes.json'), 'utf8')) as { routes: Array<{ path: string; page?: string }> };
  const catchAll = routes.routes.findIndex((r) => r.path === '/*');
  const added = Array.from({ length: PAGES }, (_, i) => ({ path: `/showrooms/showroom-${i}`, page: `showroom-${i}` }));
  routes.routes.splice(catchAll === -1 ? routes.routes.length : catchAll, 0, ...added);
  fs.writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(routes, null, 2));
  for (let i = 0; i < PAGES; i++) {
    fs.writeFileSync(path.join(pagesDir, `showroom-${i}.json`), JSON.stringify({ ...page, metadata: { ...page.metadata, title: `Showroom ${i}` } }, null, 2));
  }
  let bytes = 0;
  const count = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) count(path.join(d, e.name));
      else if (e.name.endsWith('.json')) bytes += fs.statSync(path.join(d, e.name)).size;
    }
  };
  count(dir);
  return { dir, bytes };
}

/** A visitor asking for one page, one request at a time, until `until` resolves; each answer's time in ms. */
async function visitor(server: TestServer, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => (done = true));
  const times: number[] = [];
  const url = new URL('/showrooms/showroom-7', server.url);
  while (!done) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url.pathname}: ${res.status}`);
    times.push(performance.now() - start);
  }
  return times;
}

/** An editor saving a draft of one page in a loop until `until`, at the save limit's pace; each save's time in ms (a 429 waited out, not counted). */
async function editorSaving(server: TestServer, dir: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => (done = true));
  const editor = await signInOperator(server, 'editor');
  const page = JSON.parse(fs.readFileSync(path.join(dir, 'pages', 'showroom-3.json'), 'utf8')) as { metadata: { title: string } };
  const times: number[] = [];
  let revision: number | undefined;
  const every = 60_000 / SAVES_PER_MINUTE;
  for (let i = 0; !done; i++) {
    const started = performance.now();
    const text = JSON.stringify({ ...page, metadata: { ...page.metadata, title: `Showroom 3, take ${i}` } }, null, 2);
    const start = performance.now();
    const res = await fetch(new URL('/api/studio/draft', server.url), {
      method: 'PUT',
      headers: { ...editor.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: 'pages/showroom-3.json', text, ...(revision === undefined ? {} : { revision }) }),
    });
    const body = (await res.json()) as { data?: { revision: number; problems: unknown[] } };
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get('Retry-After') ?? 1) * 1000));
      continue;
    }
    if (!res.ok || !body.data) throw new Error(`draft save: ${res.status} ${JSON.stringify(body)}`);
    if (body.data.problems.length) throw new Error(`the save found problems: ${JSON.stringify(body.data.problems.slice(0, 3))}`);
    revision = body.data.revision;
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, Math.max(0, every - (performance.now() - started))));
  }
  return times;
}

const seconds = () => new Promise((r) => setTimeout(r, SECONDS * 1000));

async function measure(server: TestServer, dir: string, label: string, rows: string[][]): Promise<void> {
  // Warm up: the page rendered and cached, the check's base read (on the thread or here).
  const warm = new Promise((r) => setTimeout(r, 1500));
  await Promise.all([visitor(server, warm), editorSaving(server, dir, warm)]);
  const alone = await visitor(server, seconds());
  const window = seconds();
  const [during, saves] = await Promise.all([visitor(server, window), editorSaving(server, dir, window)]);
  const row = (what: string, xs: number[]) => [`${label}: ${what}`, String(xs.length), ...[0.5, 0.95, 0.99, 1].map((q) => quantile(xs, q).toFixed(1))];
  rows.push(row('visitor alone', alone), row('visitor, editor saving', during), row('the saves', saves));
}

const { dir, bytes } = largeSite();
const env = { CONTENT_DIR: dir, CONTENT_WATCH: '0', CONTENT_POLL_MS: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
const rows: string[][] = [];
try {
  console.log(`a site of ${(bytes / 1024 / 1024).toFixed(1)} MB of definitions (${PAGES} pages added to the demo), ${SECONDS} s a phase, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
  for (const [label, kb] of [
    ['check in its thread', '1024'],
    ['check on the event loop', String(Math.ceil(bytes / 1024) + 1024)],
  ] as const) {
    const server = await startTestServer({ ...env, CONTENT_CHECK_THREAD_KB: kb });
    try {
      await measure(server, dir, label, rows);
    } finally {
      await server.stop();
    }
  }
  console.log(`${'what'.padEnd(46)}${'count'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`);
  for (const [what, n, ...qs] of rows) console.log(`${what!.padEnd(46)}${n!.padStart(7)}${qs.map((q) => q.padStart(9)).join('')}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
