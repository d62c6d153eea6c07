/**
 * Runs `npm run submissions -- <args>` (server/submissions-cli.ts) as the operator would, in its own
 * process, against the database of a test server (DATABASE_URL: `sqlite:FILE` or `postgres://…`,
 * see api/forms-test-kit.ts databaseTargetOf), and returns what the terminal would show.
 */
import { spawnSync } from 'node:child_process';
import { projectRoot } from '../build-output';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runSubmissionsCli(databaseUrl: string, ...args: string[]): CliRun {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/submissions-cli.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
