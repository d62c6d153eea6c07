/**
 * The JavaScript each route of the demo store loads before any interaction, gzip -9, measured in
 * Chromium on a phone screen (`npx tsx bench/client-size.ts`): the island bootstrap, the runtime and
 * the chunks of the islands due at once (the header, alerts, back-to-top and the interactive blocks
 * on screen). Two client builds are measured, each into a temporary folder (dist/ is not touched):
 * the site as shipped (islands on preact/compat) and the same islands on React 19. "Before" is the
 * whole-page hydration the site had before its islands, the same on every route (commit 17d6ac4).
 *
 * Each build is served by its own server, in a child process (SHOWROOM_CLIENT_DIR points it at the
 * build); run `npm run build` first for the SSR bundle.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whole-page hydration with React 19, every block of the registry in one bundle (commit 17d6ac4). */
const BEFORE = { js: 94_445, css: 8_031 };

const self = fileURLToPath(import.meta.url);
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

interface Row {
  url: string;
  js: number;
  css: number;
  islands: number;
}

/** Child: serve one client build, measure every route, print the rows as JSON. */
async function measureRoutes(): Promise<void> {
  const { loadContent } = await import('../server/content/load-content');
  const { startTestServer } = await import('../server/testing/test-server');
  const { launchBrowser } = await import('../e2e/browser');
  const { measurePageWeight, PHONE } = await import('../e2e/page-weight');
  const content = loadContent(path.resolve('examples/site'));
  const store = content.store;
  const values: Record<string, string | undefined> = {
    style: store.categories[0]?.styles.find((s) => s in store.styles),
    category: store.categories[0]?.slug,
    author: store.authors[0]?.id,
    design: store.gallery[0]?.slug,
    blog: store.blogs[0]?.path,
  };
  const urls: string[] = [];
  for (const route of content.routes) {
    if (route.path.includes('*')) continue;
    const filled = route.path.replace(/:([^/]+)/g, (_s, name: string) => {
      const n = name.toLowerCase();
      const key = n.includes('style') ? 'style' : n.includes('author') ? 'author' : route.page.includes('gallery') || n.includes('design') || n === 'slug' ? 'design' : route.page.startsWith('blog') && n.includes('categor') ? 'category-blog' : route.page.startsWith('blog') ? 'blog' : n.includes('categor') ? 'category' : 'id';
      if (key === 'category-blog') return (store.blogCategories[0]?.name ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      return values[key] ?? (n.includes('token') ? 'demo-token' : n === 'paymentmethod' ? 'stripe' : '1001');
    });
    if (!urls.includes(filled)) urls.push(filled);
  }
  const server = await startTestServer();
  const browser = await launchBrowser();
  const rows: Row[] = [];
  for (const url of urls) {
    const weight = await measurePageWeight(browser, server.url + url, process.env['SHOWROOM_CLIENT_DIR']!, PHONE);
    rows.push({ url, js: weight.js, css: weight.css, islands: weight.scripts.length });
  }
  await browser.close();
  await server.stop();
  process.stdout.write(`ROWS ${JSON.stringify(rows)}\n`);
}

function buildClient(runtime: 'preact' | 'react'): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `showroom-client-${runtime}-`));
  execFileSync('npx', ['vite', 'build', '--logLevel', 'silent'], {
    stdio: 'inherit',
    env: { ...process.env, SHOWROOM_CLIENT_RUNTIME: runtime, SHOWROOM_CLIENT_OUT: outDir },
  });
  return outDir;
}

function measureBuild(clientDir: string): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', self, '--measure'], {
      env: { ...process.env, SHOWROOM_CLIENT_DIR: clientDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('ROWS '));
      if (code !== 0 || !line) reject(new Error(`measuring ${clientDir} failed (exit ${code})`));
      else resolve(JSON.parse(line.slice(5)) as Row[]);
    });
  });
}

async function main(): Promise<void> {
  const builds = { preact: buildClient('preact'), react: buildClient('react') };
  try {
    const preact = await measureBuild(builds.preact);
    const react = await measureBuild(builds.react);
    console.log('JavaScript before any interaction, gzip -9 kB, phone screen (390 x 844), first visit');
    console.log(`${'route'.padEnd(52)} ${'before'.padStart(7)} ${'React'.padStart(7)} ${'Preact'.padStart(7)}  files  CSS`);
    for (const row of preact) {
      const r = react.find((x) => x.url === row.url);
      console.log(
        `${row.url.padEnd(52)} ${kB(BEFORE.js).padStart(7)} ${(r ? kB(r.js) : '-').padStart(7)} ${kB(row.js).padStart(7)}  ${String(row.islands).padStart(5)}  ${kB(row.css)}`,
      );
    }
    console.log(`CSS before: ${kB(BEFORE.css)} kB on every route.`);
  } finally {
    for (const dir of Object.values(builds)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--measure')) await measureRoutes();
else await main();
