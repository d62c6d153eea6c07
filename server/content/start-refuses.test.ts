import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { startServer } from '../start';
import { buildCase } from './corpus/corpus';
import { formatProblem, InvalidContentError } from './definition-problem';
import { scaledMs } from '../../scripts/test-calibration';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server at start', () => {
  it('refuses to start on a problem only the lint checks see, naming file, pointer and message', async () => {
    const dir = buildCase({ set: [['routes.json', '/routes/1/page', 'abot-us']] });
    dirs.push(dir);
    const config = loadConfig({ PORT: '0', DEALER_PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', CONTENT_DIR: dir });
    const error = await startServer(config, createLogger(config.logLevel)).then(
      async (server) => {
        await server.stop();
        return undefined;
      },
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(InvalidContentError);
    expect((error as InvalidContentError).problems.map(formatProblem)).toEqual([
      'routes.json#/routes/1/page names the page definition "abot-us", but there is no pages/abot-us.json',
    ]);
  }, scaledMs(30_000));
});
