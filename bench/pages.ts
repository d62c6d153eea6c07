/**
 * Page benchmark (npm run bench:pages): in one run, requests per second and p99 latency of
 *   - a bare Koa handler returning a static string (the baseline),
 *   - the home page, a product style page and a blog page, server-rendered by Showroom,
 * and each page's ratio to the baseline (the aim: at least 1/5). The style and blog are the first
 * of the demo store; the servers run in a child process (bench/pages-servers.ts).
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune the run; PAGE_CACHE_SIZE=0 measures
 * rendering itself, without the server's rendered-page cache. The last column, the servers' CPU time
 * per request, is the figure to compare on a busy machine: requests per second there follow the load
 * of other processes more than the code's cost.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { runWrk, wrkAvailable } from './wrk';
import { matchRoute } from '../renderer/routing';
import { loadContent } from '../server/content/load-content';
import { rawRequest } from '../server/testing/raw-request';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const content = loadContent(path.resolve(process.env.CONTENT_DIR ?? 'examples/site'));

/** A real URL for a route pattern: the first style of the first category, the newest blog. */
function fill(pattern: string): string | undefined {
  const category = content.store.categories[0];
  const style = category?.styles.find((s) => s in content.store.styles);
  const blog = content.store.blogs[0]?.path;
  let missing = false;
  const filled = pattern.replace(/:([^/]+)/g, (_seg, name: string) => {
    const value = /style/i.test(name) ? style : /categor/i.test(name) ? category?.slug : /blog|path/i.test(name) ? blog : undefined;
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? undefined : filled;
}
const styleRoute = content.routes.find((r) => /:style/i.test(r.path));
const blogRoute = content.routes.find((r) => r.page === 'blog-detail');
const stylePath = styleRoute && fill(styleRoute.path);
const blogPath = blogRoute && fill(blogRoute.path);
const pages: [string, string][] = [['home', '/']];
for (const [name, p] of [['style', stylePath], ['blog', blogPath]] as const) {
  if (p && !matchRoute(content.routes, p)?.route.path.includes('*')) pages.push([name, p]);
  else console.warn(`(no ${name} route in the route list yet: skipped)`);
}

interface Targets {
  bare: string;
  bareBig: string;
  showroom: string;
  cpu: string;
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
  /** The servers' CPU time (user + system) per request answered, in microseconds. */
  cpuPerRequest: number;
}
// Every browser asks for compressed pages; so does the bench (the bare handlers ignore it). Pages
// go out in brotli for this header (made once per cached page), as they do to browsers.
const headers = { 'accept-encoding': 'gzip, deflate, br' };
const useWrk = wrkAvailable();
const serverCpu = async (): Promise<number> => {
  const { user, system } = (await (await fetch(targets.cpu)).json()) as NodeJS.CpuUsage;
  return user + system;
};
async function run(name: string, url: string): Promise<Measure> {
  const cpuBefore = await serverCpu();
  let m: Omit<Measure, 'cpuPerRequest'>;
  if (useWrk) m = { name, ...runWrk(url, { connections, seconds, headers }) };
  else {
    const r = await autocannon({ url, connections, duration: seconds, headers });
    m = { name, rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
  }
  return { ...m, cpuPerRequest: ((await serverCpu()) - cpuBefore) / Math.max(1, m.rps * seconds) };
}

/** What each page weighs on the wire for the bench's Accept-Encoding, and as it is. */
async function wireSizes(): Promise<string[]> {
  const lines: string[] = [];
  for (const [name, p] of pages) {
    const sent = await rawRequest(targets.showroom, p, { headers });
    const plain = await rawRequest(targets.showroom, p, { headers: { 'accept-encoding': 'identity' } });
    const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    lines.push(`${name} ${p}: ${kB(plain.body.length)}, sent as ${sent.headers['content-encoding'] ?? 'identity'} ${kB(sent.body.length)}`);
  }
  return lines;
}

try {
  const sizes = await wireSizes();
  const results: Measure[] = [await run('bare Koa (static string)', targets.bare)];
  const sized = await run('bare Koa (static 28 kB string)', targets.bareBig);
  for (const [name, p] of pages) results.push(await run(`${name} ${p}`, targets.showroom + p));
  const base = results[0]!.rps;
  console.log(`\n${useWrk ? 'wrk' : 'autocannon (install wrk for gzipped pages: apt-get install wrk)'}, ${seconds}s per target, ${connections} connections\n`);
  for (const line of sizes) console.log(line);
  console.log('');
  console.log('target'.padEnd(48) + 'req/s'.padStart(10) + 'p99 ms'.padStart(10) + 'ratio'.padStart(10) + 'non-2xx'.padStart(10) + 'CPU us/req'.padStart(12));
  for (const m of [...results.slice(0, 1), sized, ...results.slice(1)]) {
    console.log(
      m.name.padEnd(48) +
        m.rps.toFixed(0).padStart(10) +
        String(m.p99).padStart(10) +
        `1/${(base / m.rps).toFixed(1)}`.padStart(10) +
        String(m.non2xx).padStart(10) +
        m.cpuPerRequest.toFixed(0).padStart(12),
    );
  }
  const worst = Math.min(...results.slice(1).map((m) => m.rps / base));
  console.log(`against the 28 kB string, the slowest page is 1/${(sized.rps / Math.min(...results.slice(1).map((m) => m.rps))).toFixed(1)}`);
  console.log(`slowest page is 1/${(1 / worst).toFixed(1)} of the bare handler (aim: 1/5 or better): ${worst >= 0.2 ? 'OK' : 'BELOW AIM'}`);
} finally {
  child.kill('SIGTERM');
}
