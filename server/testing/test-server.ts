/**
 * The one way a test starts the store: the whole server in-process (`startServer`, as `npm start`
 * runs it), on loopback ports 0, with a database copied from the run's migrated template (a SQLite
 * file, or a PostgreSQL database in the server-postgres project), an uploads folder of its own, and
 * the content folder served from a snapshot checked once per test process. Once a test process has
 * loaded the code, a server starts in about 50 ms, so each test file has servers of its own and no
 * file sees what another stored.
 *
 * Options cover what the tests vary: the environment `npm start` would read, scripted payment
 * gateways, a log kept for reading, and a content folder of the server's own (changed files, or a
 * copy a test may publish into: the demo folder itself is never written).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { projectRoot } from '../build-output';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { AllGateways } from '../gateways/create-gateways';
import { createLogger, type Logger } from '../logger';
import { startServer, type RunningServer } from '../start';
import { contentSnapshot } from './content-snapshot';
import { createMigratedTestDatabaseUrl } from './test-database';

/** The demo store's content folder, which test servers serve unless told otherwise. */
export const demoContentDir = path.join(projectRoot, 'examples', 'site');

export interface TestServerOptions {
  /** Settings changed after the environment is read. */
  config?: Partial<Config>;
  /** The log: silent (default), every line kept in `logLines` at trace level ('kept'), or the test's own logger. */
  log?: 'silent' | 'kept' | Logger;
  /** Payment gateways in place of those the configuration makes (scripted stand-ins). */
  gateways?: (database: Database) => AllGateways;
  /**
   * A content folder of the server's own: a copy of the served folder with these files written (a
   * text) or removed (null). `{}` is a plain copy, for a test that publishes or edits files.
   */
  contentChanges?: Record<string, string | null>;
}

export interface TestServer extends RunningServer {
  /** The dealer example's address, which a test server runs unless EXAMPLES leaves it out ('' then). */
  dealerUrl: string;
  /** The DATABASE_URL the server runs on. */
  databaseUrl: string;
  /** The content folder it serves. */
  contentDir: string;
  /** Its uploads folder (UPLOADS_DIR): its own, alone in a folder of its own (a file that escaped it would show there). */
  uploads: string;
  /** Every log line so far (JSON text) with `log: 'kept'`; empty otherwise. */
  logLines: string[];
  /** The server's database's queries (`database.q`), for what a test stores or reads beside the API. */
  q: Queries;
}

function keptLogger(lines: string[]): Logger {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return pino({ level: 'trace', base: { service: 'showroom' } }, sink);
}

/**
 * `env`: environment variables as `npm start` reads them. The kit sets PORT and DEALER_PORT (0), HOST
 * (127.0.0.1), DATABASE_URL (a fresh migrated database), UPLOADS_DIR (a folder of the server's),
 * CONTENT_WATCH (0), LOG_LEVEL (silent) and PAYMENT_PAGES_CHECK_EVERY (off: no test server loads its
 * pages in Chromium on its own) unless they are given; CONTENT_DIR defaults to the run's
 * (a run may point every test server at another folder) or the demo store.
 */
export async function startTestServer(given: Record<string, string | undefined> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-test-'));
  try {
    const databaseUrl = given.DATABASE_URL ?? (await createMigratedTestDatabaseUrl(dir));
    const servedDir = path.resolve(projectRoot, given.CONTENT_DIR ?? process.env.CONTENT_DIR ?? demoContentDir);
    let contentDir = servedDir;
    if (options.contentChanges) {
      contentDir = path.join(dir, 'content');
      fs.cpSync(servedDir, contentDir, { recursive: true });
      for (const [file, text] of Object.entries(options.contentChanges)) {
        const target = path.join(contentDir, file);
        if (text === null) fs.rmSync(target, { force: true });
        else {
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, text);
        }
      }
    }
    const env = { PORT: '0', DEALER_PORT: '0', HOST: '127.0.0.1', CONTENT_WATCH: '0', LOG_LEVEL: 'silent', PAYMENT_PAGES_CHECK_EVERY: 'off', UPLOADS_DIR: path.join(dir, 'files', 'uploads'), ...given, DATABASE_URL: databaseUrl, CONTENT_DIR: contentDir };
    const config = { ...loadConfig(Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined))), ...options.config };
    const logLines: string[] = [];
    const logger = options.log === 'kept' ? keptLogger(logLines) : options.log === undefined || options.log === 'silent' ? createLogger(config.logLevel) : options.log;
    // A copy the test may change as it runs is read as the server reads it; the demo folder is read once per process.
    const content = options.contentChanges ? undefined : contentSnapshot(contentDir);
    const server = await startServer(config, logger, { content, gateways: options.gateways });
    return {
      ...server,
      dealerUrl: server.dealerUrl ?? '',
      databaseUrl,
      contentDir,
      uploads: config.forms.uploadsDir,
      logLines,
      q: server.database.q,
      async stop() {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
