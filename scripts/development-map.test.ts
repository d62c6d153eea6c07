/**
 * The map of the code in docs/development.md ("Layout") names every room a newcomer will find: each
 * top-level folder of the repository and each folder of server/. A room added without a line there
 * fails here, with the room named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The layout block: the first fenced block after "## Layout". */
function layoutMap(): string {
  const doc = fs.readFileSync(path.join(root, 'docs', 'development.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Layout'));
  const start = section.indexOf('```\n') + 4;
  return section.slice(start, section.indexOf('```', start));
}

/** What .gitignore leaves out by name (node_modules/, dist/, var/ ...): not rooms. */
const ignored = new Set(
  fs
    .readFileSync(path.join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\/|\/$/g, ''))
    .filter((line) => line && !line.includes('*')),
);

/** The folders at `under` (one level) that hold files of the project: hidden and ignored ones left out. */
function trackedFolders(under = ''): string[] {
  return fs
    .readdirSync(path.join(root, under), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !ignored.has(e.name))
    .map((e) => e.name)
    .sort();
}

/** Whether the map names `folder/` as a word of its own (a line's start, or after a space). */
const names = (map: string, folder: string) => new RegExp(`(^|\\s)${folder}/(\\s|$)`, 'm').test(map);

describe('the map of the code (docs/development.md, Layout)', () => {
  const map = layoutMap();

  it('names every top-level folder', () => {
    const folders = trackedFolders();
    expect(folders).toContain('server');
    expect(folders.filter((f) => !names(map, f)), 'top-level folders the map does not name').toEqual([]);
  });

  it('names every folder of server/', () => {
    const folders = trackedFolders('server');
    expect(folders).toContain('back-office');
    expect(folders.filter((f) => !names(map, f)), 'folders of server/ the map does not name').toEqual([]);
  });

  it('fails for a room it does not name', () => {
    expect(names('server/      the Koa app\n  api/       routes', 'api')).toBe(true);
    expect(names('server/      the Koa app\n  api/       routes', 'refunds')).toBe(false);
    // A word that merely contains the name is not the name.
    expect(names('  back-office/   orders', 'office')).toBe(false);
  });
});
