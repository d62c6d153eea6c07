/**
 * `npm run payment-pages:check`: the payment pages' change detection from the command line (./page-check.ts).
 *
 *   npm run payment-pages:check                     loads the payment pages from PUBLIC_URL (or the address npm start prints)
 *   npm run payment-pages:check -- --url URL        from another address of the store (behind the CDN, say)
 *   npm run payment-pages:check -- --mode html      the HTML and headers only, even where Chromium is installed
 *
 * It records the run in the store's database (DATABASE_URL, as npm start reads it), mails the admins
 * on any change, and exits 0 only when the pages match the approved baseline: 1 when something
 * changed, when no baseline is approved yet, or when a page could not be loaded.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { loadContent } from '../content/load-content';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { defaultStoreOrigins } from '../http/store-origins';
import type { PageSnapshot, SnapshotMode } from './page-snapshot';
import { currentBaseline, watchedPagePaths, runPaymentPagesCheck, type CheckResult } from './page-check';
import { startedAsCommand } from '../command-entry';

export const USAGE = [
  'Usage: npm run payment-pages:check [-- --url URL] [--mode browser|html]',
  '',
  '  Loads every payment page as a browser would (headless Chromium where it is installed, else the',
  '  HTML and headers), compares its scripts and security headers with the baseline approved in the',
  '  studio (Payment pages), records the result and mails the admins on any change.',
  '  Exit code 0: unchanged; 1: changed, no approved baseline yet, or a page could not be loaded.',
  '',
  '  --url    the store\'s address to load the pages from (default: PUBLIC_URL)',
  '  --mode   browser or html (default: browser when Chromium is installed)',
].join('\n');

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processOutput: CliOutput = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

export interface CheckCliOptions {
  /** Replaces the browser (tests). */
  snapshots?: (mode: SnapshotMode, baseUrl: string, pages: readonly string[]) => Promise<PageSnapshot[]>;
}

/** What the run found, in words for the terminal. */
export function describeResult(result: CheckResult, baseUrl: string, baseline: { approved_by: string; approved_at: string } | undefined): string {
  const lines = [`Payment pages of ${baseUrl} checked (${result.mode === 'browser' ? 'in headless Chromium' : 'HTML and headers'}), check ${result.id}.`];
  if (result.outcome === 'failed') lines.push(result.error ?? 'The pages could not be loaded.', 'The admins were mailed.');
  else if (result.outcome === 'no_baseline') lines.push('No baseline is approved yet: an admin approves this check in the studio (Payment pages) once they have reviewed what the pages load.', 'The admins were mailed.');
  else if (result.outcome === 'unchanged') lines.push(`Unchanged: the scripts and security headers match the baseline approved by ${baseline?.approved_by} on ${baseline?.approved_at}.`);
  else {
    lines.push(`${result.changes.length} change${result.changes.length === 1 ? '' : 's'} against the baseline approved by ${baseline?.approved_by} on ${baseline?.approved_at}:`);
    for (const c of result.changes) lines.push(`  ${c.page}: ${c.summary}`);
    lines.push('The admins were mailed. If the store made these changes, an admin approves this check as the new baseline in the studio (Payment pages); if not, treat them as an attack.');
  }
  return `${lines.join('\n')}\n`;
}

export async function runCheckCli(args: string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = processOutput, options: CheckCliOptions = {}): Promise<number> {
  let values: { url?: string; mode?: string; help?: boolean };
  try {
    values = parseArgs({ args, strict: true, options: { url: { type: 'string' }, mode: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (err) {
    out.stderr(`${(err as Error).message}\n${USAGE}\n`);
    return 1;
  }
  if (values.help) {
    out.stdout(`${USAGE}\n`);
    return 0;
  }
  if (values.mode !== undefined && values.mode !== 'browser' && values.mode !== 'html') {
    out.stderr(`--mode must be browser or html (got "${values.mode}").\n`);
    return 1;
  }
  try {
    const config = loadConfig(env);
    const baseUrl = (values.url ?? config.publicUrl ?? defaultStoreOrigins(config.host, config.host, config.port)[0]!).replace(/\/$/, '');
    try {
      if (!/^https?:$/.test(new URL(baseUrl).protocol)) throw new Error('protocol');
    } catch {
      out.stderr(`--url must be an http(s) address such as https://shop.example.com (got "${values.url}").\n`);
      return 1;
    }
    const pages = watchedPagePaths(loadContent(config.contentDir), config.gateways);
    const database = openDatabase(config.databasePath);
    try {
      await migrateToLatest(database.db);
      const result = await runPaymentPagesCheck({ q: database.q, mail: config.mail, baseUrl, pages, mode: (values.mode as SnapshotMode | undefined) ?? 'auto', runBy: 'command', snapshots: options.snapshots });
      const baseline = result.baselineId === null ? undefined : await currentBaseline(database.q);
      out.stdout(describeResult(result, baseUrl, baseline));
      return result.outcome === 'unchanged' ? 0 : 1;
    } finally {
      await database.close();
    }
  } catch (err) {
    if (err instanceof ConfigError) out.stderr(`${err.message}\n`);
    else out.stderr(`The payment pages check failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

if (startedAsCommand(import.meta.url)) {
  runCheckCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
