/**
 * Operators make quotes from the command line:
 *   npm run quote -- create FILE.json [--days N]   stores the quote, prints its payment link
 *   npm run quote -- link ID [--days N]            issues a fresh link (the old one stops working)
 * The link carries the quote id and a token; only the token's sha256 is stored. Default validity
 * 7 days. DATABASE_URL and PUBLIC_URL are read as by `npm start`.
 */
import fs from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ApiError } from './http/api-error';
import { DEFAULT_LINK_DAYS, QuoteService } from './services/quote-service';
import { defaultStoreOrigins } from './http/store-origins';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const USAGE = 'Usage: npm run quote -- create FILE.json [--days N] | link ID [--days N]';

function parseDays(args: string[]): number {
  const i = args.indexOf('--days');
  if (i === -1) return DEFAULT_LINK_DAYS;
  const n = Number(args[i + 1]);
  if (!Number.isFinite(n) || n <= 0 || n > 365) fail('--days must be a number of days from 1 to 365.');
  return n;
}

async function main(): Promise<void> {
  const [command, arg, ...rest] = process.argv.slice(2);
  if ((command !== 'create' && command !== 'link') || !arg) fail(USAGE);
  const config = loadConfig();
  // The address `npm start` prints with the same settings, so the link opens the store that pays it.
  const publicUrl = config.publicUrl ?? defaultStoreOrigins(config.host, config.host, config.port)[0]!;
  const database = openDatabase(config.databasePath);
  try {
    await migrateToLatest(database.db);
    const quotes = new QuoteService(database.q, publicUrl);
    const days = parseDays(rest);
    let quoteId: number;
    if (command === 'create') {
      if (!fs.existsSync(arg)) fail(`No such file: ${arg}`);
      let body: unknown;
      try {
        body = JSON.parse(fs.readFileSync(arg, 'utf8'));
      } catch (err) {
        fail(`${arg} is not valid JSON: ${(err as Error).message}`);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) fail(`${arg} must hold a JSON object.`);
      const quote = await quotes.create(body as Record<string, unknown>);
      quoteId = quote.id;
      process.stdout.write(`Quote ${quote.increment_id} stored (id ${quote.id}), total $${(quote.total_cents / 100).toFixed(2)}.\n`);
    } else {
      if (!/^\d{1,12}$/.test(arg)) fail('The quote ID is a number.');
      quoteId = Number(arg);
    }
    const link = await quotes.issueLink(quoteId, days);
    process.stdout.write(`Payment link: ${link.url}\nToken: ${link.token}\nExpires: ${link.expiresAt}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) fail(err.message);
  if (err instanceof ApiError) fail(`${err.message}${err.fields ? `\n${Object.entries(err.fields).map(([k, v]) => `  ${k}: ${v}`).join('\n')}` : ''}`);
  fail(`The quote command failed: ${err instanceof Error ? err.message : String(err)}`);
});
