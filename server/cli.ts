/**
 * The command line: `start` (build if needed, then serve), `validate DIR [FILE...]`, `migrate`, `db:copy`.
 * Every failure ends with a message a person can act on and a non-zero exit code.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { buildIsStale, builtForTests, projectRoot } from './build-output';
import { ConfigError, loadConfig } from './config';
import { InvalidContentError } from './content/definition-problem';
import { runValidate } from './content/validate-command';
import { copyDatabase } from './db/copy-database';
import { openDatabase } from './db/database';
import { isPostgresUrl } from './db/database-url';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './logger';
import { startServer } from './start';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** `production`: a test build (complete, its copies compressed at quick levels) is rebuilt for visitors. */
function ensureBuilt(production: boolean): void {
  if (!buildIsStale() && !(production && builtForTests())) return;
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
  const logger = createLogger(config.logLevel);
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
  const database = openDatabase(config.databasePath);
  const applied = await migrateToLatest(database.db);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
  await database.close();
}

/** `db:copy --from URL --to URL`: moves a shop to another database (db/copy-database.ts), then proves it. */
async function copy(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) fail('Usage: npm run db:copy -- --from sqlite:var/showroom.db --to postgres://user:password@host:5432/showroom');
  const sourceFile = values.from.replace(/^sqlite:/, '');
  if (!isPostgresUrl(values.from) && !fs.existsSync(sourceFile)) fail(`There is no database at ${sourceFile}.`);
  const source = openDatabase(values.from);
  const target = openDatabase(values.to);
  try {
    const reports = await copyDatabase(source, target, (line) => process.stdout.write(`copied ${line}\n`));
    for (const r of reports) {
      const money = Object.entries(r.cents).map(([c, v]) => `${c} ${(v / 100).toFixed(2)}`).join(', ');
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

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  switch (command) {
    case 'start':
      return start();
    case 'validate':
      return validate(args);
    case 'migrate':
      return migrate();
    case 'db:copy':
      return copy(args);
    default:
      fail('Usage: showroom start | validate DIR [FILE...] | validate --help | migrate | db:copy --from URL --to URL');
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof InvalidContentError) fail(err.message);
  fail(`Showroom could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});
