/** Where the builds put their output, and whether it is older than the sources it came from. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(projectRoot, 'dist');
/** The client build; SHOWROOM_CLIENT_DIR points a server at another one (bench/client-size.ts compares runtimes). */
export const clientDir = process.env['SHOWROOM_CLIENT_DIR'] ?? path.join(distDir, 'client');
export const ssrEntry = path.join(distDir, 'ssr', 'entry-server.js');
export const widgetsDir = path.join(distDir, 'widgets');
/** The studio's app (npm run build:studio). */
export const studioDir = path.join(distDir, 'studio');
export const buildStamp = path.join(distDir, '.build-stamp');

const SOURCE_DIRS = ['schemas', 'renderer', 'widgets', 'studio'];
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
