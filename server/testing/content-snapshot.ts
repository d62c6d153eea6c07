/**
 * A content folder read and checked once per test process (loadContent: every schema and the lint),
 * then handed to each test server that serves the same folder as it is on disk. The folder's
 * fingerprint (every file's path, size and modification time) is compared on each use, so a folder
 * that changed is read again. The snapshot is frozen deep: servers share it, and code that tried to
 * change the content it serves would throw in a test instead of leaking into the next server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadContent, type Content } from '../content/load-content';

const snapshots = new Map<string, { fingerprint: string; content: Content }>();

function fingerprint(dir: string): string {
  const entries: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    entries.push(`${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}`);
  }
  return entries.sort().join('\n');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The checked content of `dir` (throws InvalidContentError as loadContent does). */
export function contentSnapshot(dir: string): Content {
  const key = path.resolve(dir);
  const now = fingerprint(key);
  const known = snapshots.get(key);
  if (known?.fingerprint === now) return known.content;
  const content = deepFreeze(loadContent(key));
  snapshots.set(key, { fingerprint: now, content });
  return content;
}
