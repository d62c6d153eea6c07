/**
 * Starts the whole server in-process for a test: ports 0, a fresh database on the run's engine
 * (a SQLite file, or a PostgreSQL schema in the server-postgres project), its own uploads folder,
 * quiet logs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { createLogger, type Logger } from '../logger';
import { startServer, type RunningServer } from '../start';
import { createTestDatabaseUrl } from './test-database';

export interface TestServer extends RunningServer {
  /** What DATABASE_URL the server runs on (openDatabase opens it). */
  databaseUrl: string;
}

/** `logger`: where the server's log goes, for a test that reads it; default: quiet (LOG_LEVEL). */
export async function startTestServer(env: Record<string, string> = {}, overrides: Partial<Config> = {}, logger?: Logger): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-test-'));
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabaseUrl(dir));
  // The forms API reads UPLOADS_DIR from the environment: each test server gets its own folder.
  const uploadsBefore = process.env.UPLOADS_DIR;
  process.env.UPLOADS_DIR = env.UPLOADS_DIR ?? path.join(dir, 'uploads');
  const config = {
    ...loadConfig({ PORT: '0', DEALER_PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env }),
    ...overrides,
  };
  let server: RunningServer;
  try {
    server = await startServer(config, logger ?? createLogger(config.logLevel));
  } finally {
    if (uploadsBefore === undefined) delete process.env.UPLOADS_DIR;
    else process.env.UPLOADS_DIR = uploadsBefore;
  }
  return {
    ...server,
    databaseUrl,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
