/** Where the builds put their output, and whether it is older than the sources it came from. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The sources run from server/, the built server (`npm run build:server`) from dist/server/: both one level below their root. */
export const serverIsBuilt = path.basename(path.dirname(here)) === 'dist';
export const projectRoot = serverIsBuilt ? path.resolve(here, '..', '..') : path.resolve(here, '..');
export const distDir = path.join(projectRoot, 'dist');
/** The compiled server: every command of the store, run by plain node (scripts/build-server.ts). */
export const serverDir = path.join(distDir, 'server');
export const serverEntry = path.join(serverDir, 'cli.js');
/** The client build; SHOWROOM_CLIENT_DIR points a server at another one (bench/client-size.ts compares runtimes). */
export const clientDir = process.env['SHOWROOM_CLIENT_DIR'] ?? path.join(distDir, 'client');
export const ssrEntry = path.join(distDir, 'ssr', 'entry-server.js');
export const widgetsDir = path.join(distDir, 'widgets');
/** The studio's app (npm run build:studio). */
export const studioDir = path.join(distDir, 'studio');
export const buildStamp = path.join(distDir, '.build-stamp');

const SOURCE_DIRS = ['schemas', 'renderer', 'widgets', 'studio'];
/** What the compiled server is made of (its imports reach schemas/ and a constant of widgets/). */
const SERVER_SOURCES = ['server', 'schemas', 'widgets/widgets-version.ts', 'package.json', 'scripts/build-server.ts'];
const SOURCE_FILES = ['package.json', 'vite.config.ts', 'vite.studio.config.ts', 'rollup.config.ts', 'scripts/custom-elements-manifest.ts', 'scripts/compress-static.ts', 'scripts/build-script-inventory.ts', 'server/payment-pages/script-reasons.ts', 'server/payment-pages/script-inventory.ts'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether the build in dist/ was made for the tests (`npm run build:test`): fast compression, not for serving visitors. */
export function builtForTests(): boolean {
  return fs.existsSync(buildStamp) && fs.readFileSync(buildStamp, 'utf8').trim().endsWith(' test');
}

/** True when a build is missing or any source it depends on changed after it. */
export function buildIsStale(): boolean {
  if (!fs.existsSync(buildStamp)) return true;
  const built = fs.statSync(buildStamp).mtimeMs;
  const sources = [...SOURCE_DIRS, ...SOURCE_FILES].map((p) => newestMtime(path.join(projectRoot, p)));
  return Math.max(...sources) > built;
}

/**
 * True when the compiled server is missing or older than a source it is made of. A deployed tree
 * without the sources (only dist/ and package.json) has nothing newer, so it is never stale.
 */
export function serverBuildIsStale(): boolean {
  if (!fs.existsSync(serverEntry)) return true;
  const built = fs.statSync(serverEntry).mtimeMs;
  return Math.max(...SERVER_SOURCES.map((p) => newestMtime(path.join(projectRoot, p)))) > built;
}

/**
 * Why a build cannot be served, in words that say what to do; null when it can. A production
 * server never builds (several starting at once would race in the same dist/ folder): it refuses.
 */
export function buildProblem(): string | null {
  if (!fs.existsSync(buildStamp) || !fs.existsSync(serverEntry)) return 'There is no complete build in dist/: run npm run build, then start again.';
  if (buildIsStale() || serverBuildIsStale()) return 'The build in dist/ is older than its sources: run npm run build, then start again.';
  return null;
}
