/**
 * Development's live content: watches the content folder (every file, every sub-folder) and calls
 * back once the changes settle (an editor's save, a `git checkout` of many files), with the paths
 * that changed. Hidden names (the temporary files of an atomic write, an editor's swap files) and
 * backups ending in ~ are not content and never call back.
 *
 * One watch per folder rather than fs.watch's `recursive`: on Linux, Node 20's recursive watch
 * watches each file by itself and goes deaf to a file replaced by a rename, which is how a
 * publish, vim and many other editors save.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger';

export interface ContentWatcher {
  close(): void;
}

export const WATCH_DEBOUNCE_MS = 150;

function ignored(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~');
}

const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

export function watchContentFolder(dir: string, onChange: (files: string[]) => void, logger: Logger, debounceMs = WATCH_DEBOUNCE_MS): ContentWatcher {
  const watchers = new Map<string, fs.FSWatcher>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let warned = false;

  const flush = () => {
    timer = undefined;
    const files = [...pending].sort();
    pending = new Set();
    if (!closed && files.length) onChange(files);
  };
  const changed = (file: string) => {
    pending.add(file);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
    timer.unref();
  };
  const unwatch = (folder: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched === folder || watched.startsWith(`${folder}/`)) {
        watcher.close();
        watchers.delete(watched);
      }
    }
  };
  const watch = (folder: string) => {
    if (closed || watchers.has(folder)) return;
    const absolute = path.join(dir, folder);
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(absolute, { persistent: false }, (_event, filename) => {
        if (filename === null) return changed(folder);
        const name = String(filename);
        if (ignored(name)) return;
        const file = join(folder, name);
        changed(file);
        // A folder made (or moved in) is watched too; one removed is let go.
        try {
          if (fs.statSync(path.join(absolute, name)).isDirectory()) watchTree(file);
        } catch {
          unwatch(file);
        }
      });
    } catch (err) {
      if (!warned) logger.warn({ dir, folder, err: (err as Error).message }, 'cannot watch the content folder; content reloads only on a publish');
      warned = true;
      return;
    }
    // The folder removed, or a watch limit reached: the server goes on with the content it has.
    watcher.on('error', () => unwatch(folder));
    watchers.set(folder, watcher);
  };
  const watchTree = (folder: string) => {
    watch(folder);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, folder), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory() && !ignored(entry.name)) watchTree(join(folder, entry.name));
  };

  watchTree('');
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
