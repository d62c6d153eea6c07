/**
 * Typing speed of the form engine against react-jsonschema-form (`npm run bench:forms`, or
 * `npx tsx bench/forms.ts [--runtime preact|react|both] [--runs N]`).
 *
 * Types 50 characters, one real key press at a time (page.keyboard.press), into one field of a
 * 60-field generated form and of the free-kitchen-design form (its first step, the one on screen), in
 * headless Chromium, with Showroom's FormBlock and with @rjsf/core + @rjsf/validator-ajv8 on the
 * equivalent JSON Schema (bench/forms-harness/to-json-schema.ts). Both engines are in one page bundle
 * built with Vite into a temporary folder (bench/forms-harness/main.tsx), with the same runtime:
 * preact/compat by default, as the site's client build ships (vite.config.ts), or React 19.
 *
 * Per keystroke: the time from keydown to the end of the work it caused (render, commit, style and
 * layout), the time to the next animation frame, and the field components rendered (Showroom: the
 * onFieldRender hook of FormBlock; rjsf: a counting FieldTemplate). Medians over all keystrokes of
 * all runs; each run is a fresh page, engines interleaved.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { preactInPlaceOfReact } from '../vite.config';
import type { BenchSample } from './forms-harness/main';
import { GENERATED_FIELD_COUNT, GENERATED_TARGET } from './forms-harness/generated-form';

type Runtime = 'preact' | 'react';
type Engine = 'baseline' | 'controlled' | 'showroom' | 'rjsf';

const TEXT = 'The quick brown fox jumps over the lazy dog 123456';
// Routed by Playwright (nothing listens there); localhost is a secure context, which cross-origin
// isolation needs.
const ORIGIN = 'http://localhost:4173';
const harnessDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'forms-harness');

const FORMS = [
  { key: 'generated', label: `generated, ${GENERATED_FIELD_COUNT} fields`, target: GENERATED_TARGET },
  { key: 'fkd', label: 'free-kitchen-design, step 1', target: 'firstName' },
] as const;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function buildHarness(runtime: Runtime): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `showroom-forms-bench-${runtime}-`));
  await build({
    configFile: false,
    root: harnessDir,
    // rjsf's 'use client' directives warn at every build; they mean nothing in this bundle.
    logLevel: 'error',
    publicDir: false,
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    resolve: { alias: runtime === 'preact' ? preactInPlaceOfReact : [] },
    build: { outDir, emptyOutDir: true, target: 'es2020', modulePreload: { polyfill: false } },
  });
  return outDir;
}

async function typeInto(page: Page, selector: string): Promise<BenchSample[]> {
  await page.waitForFunction(() => window.formBench?.ready === true);
  if (!(await page.evaluate(() => self.crossOriginIsolated))) throw new Error('the page is not cross-origin isolated (coarse timer)');
  await page.click(selector);
  for (let i = 0; i < TEXT.length; i++) {
    await page.keyboard.press(TEXT[i]!);
    await page.evaluate((n) => window.formBench.waitFor(n), i + 1);
  }
  const value = await page.inputValue(selector);
  if (value !== TEXT) throw new Error(`typed ${JSON.stringify(TEXT)}, the field holds ${JSON.stringify(value)}`);
  return page.evaluate(() => window.formBench.samples);
}

async function measure(runtime: Runtime, runs: number) {
  const dir = await buildHarness(runtime);
  const browser = await launchBrowser();
  const results = new Map<string, BenchSample[]>();
  try {
    for (let run = 0; run < runs; run++) {
      for (const form of FORMS) {
        for (const engine of ['baseline', 'controlled', 'showroom', 'rjsf'] as Engine[]) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
          await page.route(`${ORIGIN}/**`, (route) => {
            const file = path.join(dir, new URL(route.request().url()).pathname);
            // Cross-origin isolated, so performance.now() has 5 µs steps instead of 100 µs.
            const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
            return fs.existsSync(file) && fs.statSync(file).isFile() ? route.fulfill({ path: file, headers }) : route.fulfill({ status: 404 });
          });
          await page.goto(`${ORIGIN}/index.html?engine=${engine}&form=${form.key}`);
          const selector = engine !== 'showroom' ? `#root_${form.target}` : `[data-field="${form.target}"] input, [data-field="${form.target}"] textarea`;
          try {
            const samples = await typeInto(page, selector);
            const key = `${form.key}/${engine}`;
            results.set(key, [...(results.get(key) ?? []), ...samples]);
          } catch (err) {
            throw new Error(`${runtime} ${engine} ${form.key}: ${(err as Error).message}${errors.length ? `\n  page errors: ${errors.join('\n  ')}` : ''}`);
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

function report(runtime: Runtime, runs: number, results: Map<string, BenchSample[]>): void {
  const runtimeLabel = runtime === 'preact' ? 'preact/compat (what the site ships)' : 'React 19';
  console.log(`\nRuntime: ${runtimeLabel}; ${TEXT.length} keystrokes x ${runs} run(s) per cell; medians per keystroke`);
  console.log('  work: keydown -> render, commit, style and layout done; over floor: work minus the baseline (baseline: plain');
  console.log('  uncontrolled controls of the same kinds; controlled: the same with text inputs controlled by their own state);');
  console.log('  frame: keydown -> next animation frame; fields: field components rendered');
  console.log(`${'form'.padEnd(32)} ${'engine'.padEnd(9)} ${'work ms'.padStart(8)} ${'over floor'.padStart(10)} ${'frame ms'.padStart(9)} ${'fields'.padStart(7)}`);
  for (const form of FORMS) {
    const row = (engine: Engine) => {
      const s = results.get(`${form.key}/${engine}`)!;
      return { work: median(s.map((x) => x.work)), frame: median(s.map((x) => x.frame)), renders: median(s.map((x) => x.renders)) };
    };
    const floor = row('baseline');
    const rows = { baseline: floor, controlled: row('controlled'), showroom: row('showroom'), rjsf: row('rjsf') };
    for (const [engine, r] of Object.entries(rows)) {
      const own = engine === 'baseline' ? '-' : Math.max(0, r.work - floor.work).toFixed(3);
      const fieldsCell = engine === 'baseline' ? '-' : String(r.renders);
      console.log(`${form.label.padEnd(32)} ${engine.padEnd(9)} ${r.work.toFixed(3).padStart(8)} ${own.padStart(10)} ${r.frame.toFixed(2).padStart(9)} ${fieldsCell.padStart(7)}`);
    }
    const ours = rows.showroom;
    const theirs = rows.rjsf;
    const ratio = ours.work / theirs.work;
    const engineRatio = Math.max(0, ours.work - floor.work) / Math.max(1e-9, theirs.work - floor.work);
    console.log(
      `  Showroom/rjsf: work ${ratio.toFixed(2)}, over floor ${engineRatio.toFixed(2)} (aim <= 0.10: ${engineRatio <= 0.1 ? 'met' : 'NOT met'}); ` +
        `fields per keystroke ${ours.renders} vs ${theirs.renders} (aim 1: ${ours.renders === 1 ? 'met' : 'NOT met'})`,
    );
  }
}

async function main(): Promise<void> {
  const runtimeArg = arg('runtime', 'preact');
  const runs = Number(arg('runs', '3'));
  const runtimes: Runtime[] = runtimeArg === 'both' ? ['preact', 'react'] : [runtimeArg === 'react' ? 'react' : 'preact'];
  console.log(`bench/forms.ts, ${new Date().toISOString()}, Chromium headless, ${os.cpus().length} CPU(s)`);
  for (const runtime of runtimes) report(runtime, runs, await measure(runtime, runs));
}

await main();
