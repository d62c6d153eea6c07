/**
 * `npm test`'s build step: a build in dist/ newer than every source it comes from is used as it is
 * (the check `npm start` makes, server/build-output.ts); otherwise `npm run build:test` makes one,
 * with the compressed copies at quick levels. The compiled server (dist/server) is made again alone
 * when only its sources changed.
 */
import { spawnSync } from 'node:child_process';
import { buildIsStale, projectRoot, serverBuildIsStale } from '../server/build-output';
import { buildServer } from './build-server';

if (buildIsStale()) {
  // For production, as `npm start` builds (server/cli.ts), whatever NODE_ENV the caller has.
  const result = spawnSync('npm', ['run', 'build:test'], { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exitCode = result.status ?? 1;
} else if (serverBuildIsStale()) {
  // The bundles are fresh and only the server changed: compiling it alone takes a fraction of a second.
  await buildServer();
  console.log('dist/server compiled again; the other bundles are newer than their sources.');
} else {
  console.log('dist/ is newer than its sources: the tests use it as it is.');
}
