/**
 * `npm test`'s build step: a build in dist/ newer than every source it comes from is used as it is
 * (the check `npm start` makes, server/build-output.ts); otherwise `npm run build:test` makes one,
 * with the compressed copies at quick levels.
 */
import { spawnSync } from 'node:child_process';
import { buildIsStale, projectRoot } from '../server/build-output';

if (buildIsStale()) {
  // For production, as `npm start` builds (server/cli.ts), whatever NODE_ENV the caller has.
  const result = spawnSync('npm', ['run', 'build:test'], { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exitCode = result.status ?? 1;
} else {
  console.log('dist/ is newer than its sources: the tests use it as it is.');
}
