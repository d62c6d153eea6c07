import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/test-server';
import { buildCase } from './corpus/corpus';
import { formatProblem, InvalidContentError } from './definition-problem';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server at start', () => {
  it('refuses to start on a problem only the lint checks see, naming file, pointer and message', async () => {
    const dir = buildCase({ set: [['routes.json', '/routes/1/page', 'abot-us']] });
    dirs.push(dir);
    const error = await startTestServer({ CONTENT_DIR: dir }).then(
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
  }, 30_000);
});
