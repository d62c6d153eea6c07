/**
 * Fills a database with realistic back-office data, for benchmarks and for trying the studio's
 * screens at real sizes:
 *   npm run seed:back-office -- [--orders 100000] [--submissions 20000] [--seed 21]
 * Writes to the database the server uses (DATABASE_URL, as `npm start`), migrated first. It adds to
 * what is there; point DATABASE_URL at a throwaway database, never at the store's.
 */
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedBackOffice } from './seed-database';

const USAGE = 'Usage: npm run seed:back-office -- [--orders N] [--submissions N] [--seed N]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** `--name value` pairs, each a whole number; anything else is the usage. */
export function parseSeedArgs(args: readonly string[]): { orders: number; submissions: number; seed: number } {
  const options = { orders: 100_000, submissions: 20_000, seed: 21 };
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '');
    const value = args[i + 1];
    if (!name || !(name in options) || !args[i]!.startsWith('--') || value === undefined || !/^\d{1,7}$/.test(value)) throw new Error(USAGE);
    options[name as keyof typeof options] = Number(value);
  }
  return options;
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseSeedArgs>;
  try {
    options = parseSeedArgs(process.argv.slice(2));
  } catch (err) {
    fail((err as Error).message);
  }
  const config = loadConfig();
  const database = openDatabase(config.databasePath);
  const started = Date.now();
  try {
    await migrateToLatest(database.db);
    let last = 0;
    const range = await seedBackOffice(database, {
      ...options,
      onProgress: ({ orders, submissions }) => {
        // A line every 10,000 rows: progress without flooding the terminal.
        if (orders + submissions - last >= 10_000) {
          last = orders + submissions;
          process.stderr.write(`  ${orders} orders, ${submissions} submissions\n`);
        }
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`Seeded ${options.orders} orders (ids ${range.firstOrderId} to ${range.lastOrderId}) and ${options.submissions} submissions into ${database.engine === 'postgres' ? 'PostgreSQL' : database.location} in ${seconds} s.\n`);
  } finally {
    await database.close();
  }
}

// Run as the command, not when a test imports parseSeedArgs.
if (process.argv[1] && /seed-cli\.[jt]s$/.test(process.argv[1])) {
  main().catch((err: unknown) => {
    if (err instanceof ConfigError) fail(err.message);
    fail(`The seed command failed: ${err instanceof Error ? err.message : String(err)}`);
  });
}
