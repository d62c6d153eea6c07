/**
 * The command line: `start`, `validate DIR [FILE...]`, `migrate`, `db:copy`, `backup`, `restore`. `npm start` runs it
 * compiled (dist/server/cli.js, plain node); `npm run dev` runs the sources with tsx.
 * Every failure ends with a message a person can act on and a non-zero exit code.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIsStale, buildProblem, builtForTests, projectRoot, serverBuildIsStale, serverIsBuilt } from './build-output';
import { ConfigError, loadConfig } from './config';
import { InvalidContentError } from './content/definition-problem';
import { runValidate } from './content/validate-command';
import { copyDatabase } from './db/copy-database';
import { backupDatabase, restoreDatabase, type StoreSummary } from './operations/backup';
import { formatMoney, toDollars } from '../schemas/money';
import { openCheckedDatabase } from './db/database-problems';
import { isPostgresUrl } from './db/database-url';
import { migrateToLatest } from './db/migrate';
import { createLogger, processLogMode, readableLogs } from './logger';
import { formSettingsFromEnv } from './services/form-settings';
import { uploadStoreFor } from './services/upload-store';
import { startServer } from './start';
import { StartRefused } from './start-refused';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * The compiled server, and any server in production, never builds: several starting together
 * would race in the same dist/ folder. It refuses a missing or stale build instead. Only the
 * sources in development (`npm run dev`) build the bundles they serve when those are stale.
 */
function ensureBuilt(production: boolean): void {
  if (serverIsBuilt || production) {
    const problem = serverIsBuilt ? buildProblem() : buildIsStale() ? 'The build in dist/ is missing or older than its sources: run npm run build, then start again.' : null;
    if (problem) fail(problem);
    if (production && builtForTests()) process.stderr.write('This build was made for the tests (npm run build:test: its compressed copies are larger): npm run build makes one for visitors.\n');
    return;
  }
  if (!buildIsStale()) return;
  process.stderr.write('Building the site and widget bundles (npm run build)...\n');
  // Build output goes to stderr: stdout carries only the JSON log lines. The bundles are built for
  // production whatever NODE_ENV the store runs with (under a test runner's NODE_ENV=test, Vite
  // would put React's development JSX runtime into the server's bundle).
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 2, 2], env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) fail('The build failed; see the messages above.');
}

async function start(): Promise<void> {
  const config = loadConfig();
  ensureBuilt(config.production);
  const logger = createLogger(config.logLevel, { readable: readableLogs(processLogMode(config.production)) });
  const server = await startServer(config, logger);
  let signals = 0;
  const shutdown = (signal: string) => {
    signals += 1;
    // A second signal during the drain is not dropped: stop() then closes what is still open.
    logger.info({ signal }, signals === 1 ? 'shutting down' : 'shutting down now');
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** `validate --help | DIR [FILE...] | FILE...` (content/validate-command.ts). */
function validate(args: string[]): void {
  const result = runValidate(args);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  // Not process.exit: writes to a pipe may still be in flight, and a long report must not be cut.
  process.exitCode = result.code;
}

async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = await openCheckedDatabase(config.databasePath);
  const applied = await migrateToLatest(database.db);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
  await database.close();
}

/** `db:copy --from URL --to URL`: moves a shop to another database (db/copy-database.ts), then proves it. */
async function copy(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' }, 'from-uploads': { type: 'string' }, 'to-uploads': { type: 'string' } } });
  if (!values.from || !values.to) fail('Usage: npm run db:copy -- --from sqlite:var/showroom.db --to postgres://user:password@host:5432/showroom [--from-uploads DIR] [--to-uploads DIR]   (a SQLite store\'s uploads folder: uploads beside its file unless given)');
  for (const [option, url] of [['--from', values.from], ['--to', values.to]] as const) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !isPostgresUrl(url)) fail(`${option} must be sqlite:FILE or postgres://user:password@host:5432/showroom, got "${url.replace(/\/\/[^@/]*@/, '//…@')}".`);
  }
  const sourceFile = values.from.replace(/^sqlite:/, '');
  if (!isPostgresUrl(values.from) && !fs.existsSync(sourceFile)) fail(`There is no database at ${sourceFile}.`);
  const source = await openCheckedDatabase(values.from, '--from');
  const target = await openCheckedDatabase(values.to, '--to').catch(async (err: unknown) => {
    await source.close();
    throw err;
  });
  try {
    // Uploads go where each side keeps them: a SQLite store's folder (beside its file unless given), a PostgreSQL store's database.
    const folderOf = (database: typeof source, given: string | undefined) => formSettingsFromEnv(database.engine === 'sqlite' ? database.location : null, { UPLOADS_DIR: given }).uploadsDir;
    const toDir = folderOf(target, values['to-uploads']);
    const uploads = { from: uploadStoreFor(source, folderOf(source, values['from-uploads'])), to: uploadStoreFor(target, toDir), toDir };
    const reports = await copyDatabase(source, target, (line) => process.stdout.write(`copied ${line}\n`), uploads);
    if (reports.uploads?.missing.length) process.stderr.write(`${reports.uploads.missing.length} uploads the source lists were not in its folder, and were not copied: ${reports.uploads.missing.slice(0, 5).join(', ')}${reports.uploads.missing.length > 5 ? ', …' : ''}\n`);
    for (const r of reports) {
      // total_cents 183122 reads "total $1,831.22": the money, named as the reader knows it.
      const money = Object.entries(r.cents).map(([column, cents]) => `${column.replace(/_cents$/, '')} ${formatMoney(toDollars(cents))}`).join(', ');
      process.stdout.write(`${r.matches ? 'same' : 'DIFFERENT'}  ${r.table}: ${r.rows} rows${money ? `; ${money}` : ''}\n`);
    }
    if (reports.some((r) => !r.matches)) fail('The copy differs from its source: see the DIFFERENT lines.');
    process.stdout.write(`Copied ${reports.length} tables from ${source.location} to ${target.location}; row counts and money totals match.\n`);
  } catch (err) {
    fail(`The copy stopped, and the target was left as it was: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await source.close();
    await target.close();
  }
}

/** The summary lines of a backup or a restore: what a person checks against the store. */
function summaryText(s: StoreSummary): string {
  return `${s.orders} orders, total ${formatMoney(toDollars(s.orderTotalCents))}; ${s.payments} payments, ${formatMoney(toDollars(s.paidCents))} paid; ${s.uploads} uploaded files`;
}

/** Where the database is, without its password, once it answered (a refusal says why in words). */
async function reachableLocation(target: string): Promise<string> {
  const database = await openCheckedDatabase(target);
  await database.close();
  return database.location;
}

/** `backup FILE`: a consistent copy of DATABASE_URL's database while the store runs (operations/backup.ts). */
async function backup(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) fail('Usage: npm run backup -- FILE   (a new file, e.g. backups/showroom-$(date +%F-%H%M%S).backup)');
  const config = loadConfig();
  const location = await reachableLocation(config.databasePath);
  const result = await backupDatabase(config.databasePath, positionals[0]!);
  const size = `${(result.bytes / 1_048_576).toFixed(1)} MB`;
  // Both engines print what the copy holds, read in the copy's own snapshot (operations/backup.ts).
  if (!result.summary) fail(`Backed up ${location} to ${result.file} (${size}; SQLite's online backup), but the copy failed its integrity check: do not rely on it, and check the disk.`);
  const how = isPostgresUrl(config.databasePath) ? 'pg_dump, custom format' : "SQLite's online backup, integrity check ok";
  process.stdout.write(`Backed up ${location} to ${result.file} (${size}; ${how}): ${summaryText(result.summary)}.\n`);
}

/** `restore FILE [--force]`: the backup into DATABASE_URL's database, which must be empty unless --force. */
async function restore(args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean' } } });
  if (positionals.length !== 1) fail('Usage: npm run restore -- FILE [--force]   (into the database of DATABASE_URL; --force replaces one that holds data)');
  const config = loadConfig();
  const location = await reachableLocation(config.databasePath);
  const result = await restoreDatabase(positionals[0]!, config.databasePath, { force: values.force });
  process.stdout.write(`Restored ${path.resolve(positionals[0]!)} into ${location}${result.replaced.length ? ' (its data before was replaced)' : ''}: ${summaryText(result.summary)}.\n`);
  process.stdout.write('Start the store (npm start); it runs any migration this version has that the backup had not.\n');
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  // A command other than start still runs from an older build, but says so (a new migration, say, would be missing).
  if (serverIsBuilt && command !== 'start' && serverBuildIsStale()) process.stderr.write('Note: dist/server is older than the server sources; npm run build:server compiles them again.\n');
  switch (command) {
    case 'start':
      return start();
    case 'validate':
      return validate(args);
    case 'migrate':
      return migrate();
    case 'db:copy':
      return copy(args);
    case 'backup':
      return backup(args);
    case 'restore':
      return restore(args);
    default:
      fail('Usage: showroom start | validate DIR [FILE...] | validate --help | migrate | db:copy --from URL --to URL | backup FILE | restore FILE [--force]');
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof InvalidContentError || err instanceof StartRefused) fail(err.message);
  fail(`Showroom could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});
