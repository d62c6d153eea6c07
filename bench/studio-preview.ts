/**
 * How fast the studio's preview answers (the target: a median keystroke-to-preview of at most 300 ms
 * on the demo home page; `npm run bench:studio`, or `npx tsx bench/studio-preview.ts [--runs N]`).
 *
 * One server on a copy of the demo content and a fresh SQLite file; an editor signed in. Then, in
 * the same run and interleaved, N times each (after 5 unmeasured warm-ups):
 * - preview: POST /api/studio/preview of the home page with a title that changes every time (the
 *   whole path a keystroke takes once the studio sends it: the gate, the site checked and loaded
 *   with the draft in place, the SSR render, the inert document);
 * - draft save: PUT /api/studio/draft of the same text (autosave: stored, the whole site checked);
 * - GET / as visitors get it (from the page cache), and GET /?n=… (a fresh render of the page).
 * Prints the median and p95 of each in milliseconds, end to end as a client sees them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../server/build-output';
import { signInOperator } from '../server/studio/studio-test-kit';
import { startTestServer } from '../server/testing/test-server';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const RUNS = Number(arg('runs', '50'));
const WARM_UP = 5;

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const res = await fn();
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${body.slice(0, 300)}`);
  return performance.now() - start;
}

const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-bench-studio-'));
fs.cpSync(path.join(projectRoot, 'examples', 'site'), contentDir, { recursive: true });
const server = await startTestServer({ CONTENT_DIR: contentDir, CONTENT_WATCH: '0', CONTENT_POLL_MS: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
try {
  const editor = await signInOperator(server, 'editor');
  const home = JSON.parse(fs.readFileSync(path.join(contentDir, 'pages', 'home.json'), 'utf8')) as { metadata: { title: string } };
  const textWith = (i: number) => JSON.stringify({ ...home, metadata: { ...home.metadata, title: `Kitchens built to gather around ${i}` } }, null, 2);
  const post = (pathname: string, method: string, body: unknown) =>
    fetch(new URL(pathname, server.url), { method, headers: { ...editor.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  let revision: number | undefined;
  const save = async (i: number) => {
    const res = await post('/api/studio/draft', 'PUT', { path: 'pages/home.json', text: textWith(i), ...(revision === undefined ? {} : { revision }) });
    if (!res.ok) throw new Error(`draft save: ${res.status} ${await res.text()}`);
    revision = ((await res.json()) as { data: { revision: number } }).data.revision;
    return res;
  };

  const samples: Record<string, number[]> = { preview: [], 'draft save': [], 'GET / (page cache)': [], 'GET /?n= (fresh render)': [] };
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const measured = i >= WARM_UP;
    const preview = await timed(() => post('/api/studio/preview', 'POST', { path: 'pages/home.json', text: textWith(i) }));
    const start = performance.now();
    await save(i);
    const saved = performance.now() - start;
    const cached = await timed(() => fetch(new URL('/', server.url)));
    const fresh = await timed(() => fetch(new URL(`/?n=${i}`, server.url)));
    if (!measured) continue;
    samples.preview!.push(preview);
    samples['draft save']!.push(saved);
    samples['GET / (page cache)']!.push(cached);
    samples['GET /?n= (fresh render)']!.push(fresh);
  }

  console.log(`studio preview of the demo home page, ${RUNS} runs each (after ${WARM_UP} warm-ups), end to end in ms`);
  console.log(`${'what'.padEnd(26)}${'median'.padStart(9)}${'p95'.padStart(9)}`);
  for (const [name, xs] of Object.entries(samples)) console.log(`${name.padEnd(26)}${quantile(xs, 0.5).toFixed(1).padStart(9)}${quantile(xs, 0.95).toFixed(1).padStart(9)}`);
  const median = quantile(samples.preview!, 0.5);
  console.log(median < 300 ? `preview median ${median.toFixed(0)} ms: under the 300 ms target` : `preview median ${median.toFixed(0)} ms: OVER the 300 ms target`);
} finally {
  await server.stop();
  fs.rmSync(contentDir, { recursive: true, force: true });
}
