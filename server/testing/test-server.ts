/** Starts the whole server in-process for a test: ports 0, a fresh SQLite file, quiet logs. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { createLogger, type Logger } from '../logger';
import { startServer, type RunningServer } from '../start';

export interface TestServer extends RunningServer {
  databaseFile: string;
}

/** `logger`: where the server's log goes, for a test that reads it; default: quiet (LOG_LEVEL). */
export async function startTestServer(env: Record<string, string> = {}, overrides: Partial<Config> = {}, logger?: Logger): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-test-'));
  const databaseFile = path.join(dir, 'showroom.db');
  const config = {
    ...loadConfig({ PORT: '0', DEALER_PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${databaseFile}`, LOG_LEVEL: 'silent', ...env }),
    ...overrides,
  };
  const server = await startServer(config, logger ?? createLogger(config.logLevel));
  return {
    ...server,
    databaseFile,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
