/**
 * Whether a module is the script node was started with (`node dist/server/operator-cli.js`), so a
 * command runs when started and not when a test imports it. Compared by real path: a deployed
 * folder reached through a symbolic link (a release layout's `current`, or a linked dist/) gives
 * node a script path that differs from the module's own URL, and the command would silently do
 * nothing.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export function startedAsCommand(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return fs.realpathSync(fileURLToPath(moduleUrl)) === fs.realpathSync(script);
  } catch {
    return false;
  }
}
