/**
 * npm run lighthouse: Lighthouse's mobile audit (its default: a mid-range phone, slow 4G simulated,
 * CPU slowed 4x) of every page the sitemap lists, on a store started for the run from the built
 * bundles, in Debian's Chromium. Prints one row per page: LCP, FCP, the performance score and the
 * JavaScript the page loads (compressed, as sent), then the pages over the LCP aim.
 *
 *   npm run lighthouse                         # every page of the sitemap, median of 3 runs each
 *   npm run lighthouse -- / /order-samples     # only these paths
 *   LIGHTHOUSE_RUNS=5 npm run lighthouse       # runs per page (the median is shown)
 *
 * Not part of npm test: it takes minutes, and its figures follow the machine's load. Lighthouse's
 * own throttling is simulated (Lantern): it replays the page's requests on a model of the slow
 * network, so what counts is which requests the page makes before its largest paint, and their size.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIsStale, projectRoot } from '../server/build-output';
import { startServerProcess } from '../server/testing/server-processes';

/** The aim for every indexable page (docs/development.md). */
const LCP_AIM_MS = 1500;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

interface Measure {
  lcp: number;
  fcp: number;
  score: number;
  jsBytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

if (!fs.existsSync(CHROMIUM)) {
  console.error(`Chromium is not at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
  process.exit(1);
}
if (buildIsStale()) {
  // The full build, with the compressed copies at the levels visitors get.
  const built = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-lighthouse-'));
const server = await startServerProcess({ NODE_ENV: 'production', RECAPTCHA_TEST_MODE: 'on', DATABASE_URL: `sqlite:${path.join(dataDir, 'store.db')}`, UPLOADS_DIR: path.join(dataDir, 'uploads') });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const asked = process.argv.slice(2);
  const paths = asked.length ? asked : listed;
  console.log(`Lighthouse (mobile, simulated slow 4G) on ${paths.length} page(s), median of ${runs} run(s), ${new Date().toISOString()}`);
  console.log(`${'page'.padEnd(56)} ${'LCP'.padStart(7)} ${'FCP'.padStart(7)} ${'perf'.padStart(5)} ${'JS kB'.padStart(6)}`);
  // A first run on a fresh Chromium paints late (its processes are still starting): not a page's figure.
  await lighthouse(`${server.url}${paths[0]}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
  const over: string[] = [];
  for (const page of paths) {
    const measures: Measure[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { audits, categories } = result.lhr;
      const scripts = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items?.find((r) => r.resourceType === 'script');
      measures.push({
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
        score: Math.round((categories.performance?.score ?? 0) * 100),
        jsBytes: scripts?.transferSize ?? 0,
      });
    }
    const lcp = median(measures.map((m) => m.lcp));
    const row = { lcp, fcp: median(measures.map((m) => m.fcp)), score: median(measures.map((m) => m.score)), jsBytes: median(measures.map((m) => m.jsBytes)) };
    if (lcp > LCP_AIM_MS) over.push(page);
    console.log(`${page.padEnd(56)} ${`${(row.lcp / 1000).toFixed(2)} s`.padStart(7)} ${`${(row.fcp / 1000).toFixed(2)} s`.padStart(7)} ${String(row.score).padStart(5)} ${(row.jsBytes / 1000).toFixed(1).padStart(6)}`);
  }
  console.log(over.length ? `Over the LCP aim of ${LCP_AIM_MS / 1000} s: ${over.join(', ')}` : `Every page is within the LCP aim of ${LCP_AIM_MS / 1000} s.`);
} finally {
  await chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
