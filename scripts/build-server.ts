/**
 * `npm run build:server`: the server and its commands compiled by esbuild into dist/server, one
 * ES module per command, run by plain node (`npm start` is `node dist/server/cli.js start`): no tsx
 * and no TypeScript in a production process. Packages stay imports (`packages: 'external'`), so
 * `npm ci --omit=dev` installs what the build needs; scripts/built-server.test.ts holds every
 * package it imports to `dependencies`.
 *
 * Written to a folder beside dist/server and renamed over it, so a server starting meanwhile sees
 * the old build or the new one, never half of one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { projectRoot, serverDir } from '../server/build-output';

/** The commands of the store, each its own file of dist/server. */
export const SERVER_COMMANDS = ['cli', 'operator-cli', 'quote-cli', 'submissions-cli', 'payment-pages/check-cli'] as const;

/** Worker threads the server starts, each its own file (content/site-check-thread.ts finds it at this path under dist/server). */
export const SERVER_WORKERS = ['content/site-check-worker', 'studio/preview-worker'] as const;

/** Files the server reads beside its own code (password-rules.ts: `new URL('./common-passwords.txt', import.meta.url)`). */
const FILES_BESIDE = ['server/services/common-passwords.txt'];

export async function buildServer(): Promise<void> {
  const staging = `${serverDir}.${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: [...SERVER_COMMANDS, ...SERVER_WORKERS].map((name) => path.join(projectRoot, 'server', `${name}.ts`)),
    outbase: path.join(projectRoot, 'server'),
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // NODE_OPTIONS=--enable-source-maps makes stack traces name the source files and lines.
    sourcesContent: false,
    logLevel: 'warning',
  });
  for (const file of FILES_BESIDE) fs.copyFileSync(path.join(projectRoot, file), path.join(staging, path.basename(file)));
  const old = `${serverDir}.old.${process.pid}`;
  if (fs.existsSync(serverDir)) fs.renameSync(serverDir, old);
  fs.renameSync(staging, serverDir);
  fs.rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(projectRoot, 'scripts', 'build-server.ts')) {
  const started = performance.now();
  await buildServer();
  console.log(`Built the server into dist/server in ${Math.round(performance.now() - started)} ms.`);
}
