import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CompressedFileCache } from './compressed-file-cache';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compressed-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A file of `lines` distinct lines (so each file compresses to a different, predictable size). */
function writeSvg(name: string, lines: number, seed = name): string {
  const file = path.join(dir, name);
  const rows = Array.from({ length: lines }, (_, i) => `<rect id="${seed}-${i}" x="${(i * 37) % 1000}" y="${(i * 91) % 1000}"/>`);
  fs.writeFileSync(file, `<svg>${rows.join('\n')}</svg>`);
  return file;
}
const statOf = (file: string) => fs.statSync(file);

describe('CompressedFileCache', () => {
  it('makes both copies once per file version and shares a compression in progress', async () => {
    const cache = new CompressedFileCache();
    const file = writeSvg('a.svg', 200);
    const [first, second] = await Promise.all([cache.copiesOf(file, statOf(file)), cache.copiesOf(file, statOf(file))]);
    expect(first).toBe(second);
    expect(zlib.brotliDecompressSync(first!.br!).equals(fs.readFileSync(file))).toBe(true);
    expect(zlib.gunzipSync(first!.gzip!).equals(fs.readFileSync(file))).toBe(true);
    expect(await cache.copiesOf(file, statOf(file))).toBe(first);
    expect(cache.size).toBe(first!.br!.length + first!.gzip!.length);
  });

  it('compresses a changed file again (its mtime and size are the key)', async () => {
    const cache = new CompressedFileCache();
    const file = writeSvg('b.svg', 50, 'old');
    const old = await cache.copiesOf(file, statOf(file));
    writeSvg('b.svg', 80, 'new');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    const fresh = await cache.copiesOf(file, statOf(file));
    expect(fresh).not.toBe(old);
    expect(zlib.brotliDecompressSync(fresh!.br!).toString()).toContain('new-79');
    expect(cache.size).toBe(fresh!.br!.length + fresh!.gzip!.length);
  });

  it('stays under its byte bound, dropping the least recently used file first', async () => {
    const files = ['c1.svg', 'c2.svg', 'c3.svg'].map((name) => writeSvg(name, 300));
    const probe = await new CompressedFileCache().copiesOf(files[0]!, statOf(files[0]!));
    const perFile = probe!.br!.length + probe!.gzip!.length;
    // Room for two files' copies, not three.
    const cache = new CompressedFileCache(perFile * 2.5);
    const c1 = await cache.copiesOf(files[0]!, statOf(files[0]!));
    const c2 = await cache.copiesOf(files[1]!, statOf(files[1]!));
    await cache.copiesOf(files[0]!, statOf(files[0]!)); // c1 used again: c2 is now the oldest
    await cache.copiesOf(files[2]!, statOf(files[2]!));
    expect(cache.size).toBeLessThanOrEqual(cache.maxBytes);
    expect(await cache.copiesOf(files[0]!, statOf(files[0]!))).toBe(c1);
    const c2Again = await cache.copiesOf(files[1]!, statOf(files[1]!));
    expect(c2Again).not.toBe(c2); // compressed again: it had been dropped
    expect(c2Again).toEqual(c2);
    expect(cache.size).toBeLessThanOrEqual(cache.maxBytes);
  });

  it('leaves files above its per-file bound uncompressed, and records a coding that does not help', async () => {
    const cache = new CompressedFileCache(1024 * 1024, 1000);
    const big = writeSvg('big.svg', 100);
    expect(await cache.copiesOf(big, statOf(big))).toBeUndefined();
    const tiny = path.join(dir, 'tiny.svg');
    fs.writeFileSync(tiny, '<svg/>');
    expect(await cache.copiesOf(tiny, statOf(tiny))).toEqual({ br: null, gzip: null });
  });

  it('answers undefined for a file that vanished', async () => {
    const cache = new CompressedFileCache();
    const file = writeSvg('gone.svg', 10);
    const stat = statOf(file);
    fs.rmSync(file);
    expect(await cache.copiesOf(file, stat)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
