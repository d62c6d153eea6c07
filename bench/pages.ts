/**
 * Page benchmark (npm run bench:pages): in one run, requests per second and p99 latency of
 *   - a bare Koa handler returning a static string (the baseline),
 *   - the home page, a product style page and a blog page, server-rendered by Showroom,
 * and each page's ratio to the baseline (the aim: at least 1/5). The style and blog are the first
 * of the demo store; the servers run in a child process (bench/pages-servers.ts).
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune the run; PAGE_CACHE_SIZE=0 measures
 * rendering itself, without the server's rendered-page cache.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { matchRoute } from '../renderer/routing';
import { loadContent } from '../server/content/load-content';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const content = loadContent(path.resolve(process.env.CONTENT_DIR ?? 'examples/site'));

/** The first route whose pattern has this parameter, filled with the value. */
function routeWith(param: RegExp, value: string | undefined): string | undefined {
  const route = content.routes.find((r) => r.path.split('/').some((s) => s.startsWith(':') && param.test(s)));
  if (!route || !value) return undefined;
  const filled = route.path.replace(/:[^/]+/g, (seg) => (param.test(seg) ? encodeURIComponent(value) : seg));
  return filled.includes(':') ? undefined : filled;
}
const stylePath = routeWith(/style/i, Object.keys(content.store.styles)[0]);
const blogRoute = content.routes.find((r) => r.page === 'blog-detail');
const blogPath = blogRoute && content.store.blogs[0] ? blogRoute.path.replace(/:[^/]+/, encodeURIComponent(content.store.blogs[0].path)) : undefined;
const pages: [string, string][] = [['home', '/']];
for (const [name, p] of [['style', stylePath], ['blog', blogPath]] as const) {
  if (p && !matchRoute(content.routes, p)?.route.path.includes('*')) pages.push([name, p]);
  else console.warn(`(no ${name} route in the route list yet: skipped)`);
}

interface Targets {
  bare: string;
  showroom: string;
}
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/pages-servers.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  // React's production build, as a deployment runs it (the development build renders 2-3 times slower).
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
const targets = await new Promise<Targets>((resolve, reject) => {
  readline.createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line) as Targets));
  child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
});

interface Measure {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
}
async function run(name: string, url: string): Promise<Measure> {
  const r = await autocannon({ url, connections, duration: seconds });
  return { name, rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

try {
  const results: Measure[] = [await run('bare Koa (static string)', targets.bare)];
  for (const [name, p] of pages) results.push(await run(`${name} ${p}`, targets.showroom + p));
  const base = results[0]!.rps;
  console.log(`\n${seconds}s per target, ${connections} connections\n`);
  console.log('target'.padEnd(48) + 'req/s'.padStart(10) + 'p99 ms'.padStart(10) + 'ratio'.padStart(10) + 'non-2xx'.padStart(10));
  for (const m of results) {
    console.log(m.name.padEnd(48) + m.rps.toFixed(0).padStart(10) + String(m.p99).padStart(10) + `1/${(base / m.rps).toFixed(1)}`.padStart(10) + String(m.non2xx).padStart(10));
  }
  const worst = Math.min(...results.slice(1).map((m) => m.rps / base));
  console.log(`\nslowest page is 1/${(1 / worst).toFixed(1)} of the bare handler (aim: 1/5 or better): ${worst >= 0.2 ? 'OK' : 'BELOW AIM'}`);
} finally {
  child.kill('SIGTERM');
}
