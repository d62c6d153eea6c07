import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { watchContentFolder, type ContentWatcher } from './content-watcher';
import { scaledMs } from '../../scripts/test-calibration';

let watcher: ContentWatcher | undefined;
let dir: string;
afterEach(() => {
  watcher?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Watches a fresh folder; answers every batch the watcher called back with. */
function watched(debounceMs = 20): string[][] {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-watch-'));
  fs.mkdirSync(path.join(dir, 'pages'));
  fs.writeFileSync(path.join(dir, 'pages', 'home.json'), '{}');
  const batches: string[][] = [];
  watcher = watchContentFolder(dir, (files) => batches.push(files), createLogger('silent'), debounceMs);
  return batches;
}

const seen = (batches: string[][], file: string) => vi.waitFor(() => expect(batches.flat()).toContain(file), { timeout: scaledMs(5000), interval: 10 });

describe('watchContentFolder', () => {
  it('hears a file replaced by a rename, and the same file written in place afterwards', async () => {
    const batches = watched();
    const home = path.join(dir, 'pages', 'home.json');
    fs.writeFileSync(path.join(dir, 'pages', '.home.json.tmp'), '{"a":1}');
    fs.renameSync(path.join(dir, 'pages', '.home.json.tmp'), home);
    await seen(batches, 'pages/home.json');
    batches.length = 0;
    fs.writeFileSync(home, '{"a":2}');
    await seen(batches, 'pages/home.json');
    // The temporary file's hidden name never called back.
    expect(batches.flat().some((f) => f.includes('.tmp'))).toBe(false);
  });

  it('hears files in a folder made after the watch began, and goes on after it is removed', async () => {
    const batches = watched();
    fs.mkdirSync(path.join(dir, 'forms'));
    await seen(batches, 'forms');
    // The folder is watched once its own event is handled; a file written after that is heard.
    await vi.waitFor(
      () => {
        fs.writeFileSync(path.join(dir, 'forms', 'contact.json'), `{"n":${Date.now()}}`);
        expect(batches.flat()).toContain('forms/contact.json');
      },
      { timeout: scaledMs(5000), interval: 50 },
    );
    fs.rmSync(path.join(dir, 'forms'), { recursive: true });
    batches.length = 0;
    fs.writeFileSync(path.join(dir, 'pages', 'home.json'), '{"after":true}');
    await seen(batches, 'pages/home.json');
  });

  it('settles a burst of changes into one call', async () => {
    const batches = watched(200);
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(dir, 'pages', `p${i}.json`), '{}');
    await vi.waitFor(() => expect(batches.flat()).toContain('pages/p4.json'), { timeout: scaledMs(5000), interval: 10 });
    expect(batches).toHaveLength(1);
  });
});
