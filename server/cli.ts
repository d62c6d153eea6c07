/**
 * The command line: `start` (build if needed, then serve), `validate DIR`, `migrate`.
 * Every failure ends with a message a person can act on and a non-zero exit code.
 */
import { spawnSync } from 'node:child_process';
import { buildIsStale, projectRoot } from './build-output';
import { ConfigError, loadConfig } from './config';
import { formatProblem, InvalidContentError } from './content/definition-problem';
import { readDefinitions } from './content/load-content';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './logger';
import { startServer } from './start';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function ensureBuilt(): void {
  if (!buildIsStale()) return;
  process.stderr.write('Building the site and widget bundles (npm run build)...\n');
  // Build output goes to stderr: stdout carries only the JSON log lines.
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) fail('The build failed; see the messages above.');
}

async function start(): Promise<void> {
  const config = loadConfig();
  ensureBuilt();
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

function validate(dir: string | undefined): void {
  if (!dir) fail('Usage: npm run validate -- DIR');
  const { problems } = readDefinitions(dir);
  for (const p of problems) process.stdout.write(`${formatProblem(p)}\n`);
  if (problems.length) fail(`${problems.length} problem(s) found in ${dir}.`);
  process.stdout.write(`${dir}: all definitions are valid.\n`);
}

async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databasePath);
  const applied = await migrateToLatest(database.db);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
  await database.close();
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  switch (command) {
    case 'start':
      return start();
    case 'validate':
      return validate(args[0]);
    case 'migrate':
      return migrate();
    default:
      fail('Usage: showroom start | validate DIR | migrate');
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof InvalidContentError) fail(err.message);
  fail(`Showroom could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});
