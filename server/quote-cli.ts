/**
 * Operators make quotes from the command line:
 *   npm run quote -- create FILE.json [--days N]   stores the quote, prints its payment link
 *   npm run quote -- link ID [--days N]            issues a fresh link (the old one stops working)
 * FILE is the body the studio's builder sends (POST /api/studio/quotes): catalog codes with their
 * quantities, finishes and options, priced from the content's catalog as the studio prices them
 * (server/back-office/quote-builder.ts). The one price taken from the file is a free line's (a
 * description and a price, for what the catalog lacks), and the command says so. The command runs as
 * an admin would: it holds the database. The link carries the quote id and a token; only the
 * token's sha256 is stored. Default validity 7 days. DATABASE_URL, PUBLIC_URL and CONTENT_DIR are
 * read as by `npm start`.
 */
import fs from 'node:fs';
import { quoteCreateEndpoint } from '../schemas/api/back-office-quotes';
import { formatMoney, toDollars } from '../schemas/money';
import { builderDepsOf, buildQuote } from './back-office/quote-builder';
import { ConfigError, loadConfig } from './config';
import { loadContent } from './content/load-content';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ApiError } from './http/api-error';
import { checkBody } from './http/contract';
import type { CliOutput } from './operator-cli';
import { DEFAULT_LINK_DAYS, QuoteService } from './services/quote-service';
import { loadSampleCatalog } from './services/sample-catalog';
import { defaultStoreOrigins } from './http/store-origins';
import { startedAsCommand } from './command-entry';

const USAGE = 'Usage: npm run quote -- create FILE.json [--days N] | link ID [--days N]';

/** A refusal of the command: its message goes to stderr, and the exit code is 1. */
class QuoteCliError extends Error {}

function parseDays(args: string[]): number {
  const i = args.indexOf('--days');
  if (i === -1) return DEFAULT_LINK_DAYS;
  const n = Number(args[i + 1]);
  if (!Number.isFinite(n) || n <= 0 || n > 365) throw new QuoteCliError('--days must be a number of days from 1 to 365.');
  return n;
}

async function run(args: string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<void> {
  const [command, arg, ...rest] = args;
  if ((command !== 'create' && command !== 'link') || !arg) throw new QuoteCliError(USAGE);
  const config = loadConfig(env);
  const publicUrl = config.publicUrl ?? defaultStoreOrigins(config.host, config.host, config.port)[0]!;
  const database = openDatabase(config.databasePath);
  try {
    await migrateToLatest(database.db);
    const quotes = new QuoteService(database.q, publicUrl);
    const days = parseDays(rest);
    let quoteId: number;
    if (command === 'create') {
      if (!fs.existsSync(arg)) throw new QuoteCliError(`No such file: ${arg}`);
      let body: unknown;
      try {
        body = JSON.parse(fs.readFileSync(arg, 'utf8'));
      } catch (err) {
        throw new QuoteCliError(`${arg} is not valid JSON: ${(err as Error).message}`);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new QuoteCliError(`${arg} must hold a JSON object.`);
      const input = checkBody(quoteCreateEndpoint, body);
      if (input.draft === true) throw new QuoteCliError('The quote command sends quotes: remove "draft", or save a draft in the studio.');
      const content = loadContent(config.contentDir);
      const builder = builderDepsOf({ q: database.q, quotes, content, samples: loadSampleCatalog(config.contentDir) });
      const { quote, price } = await buildQuote(builder, input, { role: 'admin' });
      quoteId = quote.id;
      for (const line of price.lines.filter((l) => l.detail?.kind === 'free')) {
        out.stdout(`Free line "${line.name}": ${line.qty} × ${formatMoney(toDollars(line.unitCents))}, the price from ${arg}, not the catalog.\n`);
      }
      out.stdout(`Quote ${quote.increment_id} stored (id ${quote.id}), total ${formatMoney(toDollars(quote.total_cents))}.\n`);
    } else {
      if (!/^\d{1,12}$/.test(arg)) throw new QuoteCliError('The quote ID is a number.');
      quoteId = Number(arg);
    }
    const link = await quotes.issueLink(quoteId, days);
    out.stdout(`Payment link: ${link.url}\nToken: ${link.token}\nExpires: ${link.expiresAt}\n`);
  } finally {
    await database.close();
  }
}

/** Runs one command; answers the exit code (0, or 1 with a message on stderr). */
export async function runQuoteCli(args: string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) }): Promise<number> {
  try {
    await run(args, env, out);
    return 0;
  } catch (err) {
    if (err instanceof QuoteCliError || err instanceof ConfigError) out.stderr(`${err.message}\n`);
    else if (err instanceof ApiError) out.stderr(`${err.message}${err.fields ? `\n${Object.entries(err.fields).map(([k, v]) => `  ${k}: ${v}`).join('\n')}` : ''}\n`);
    else out.stderr(`The quote command failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

if (startedAsCommand(import.meta.url)) {
  void runQuoteCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
