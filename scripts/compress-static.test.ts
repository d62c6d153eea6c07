import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { clientDir, widgetsDir } from '../server/build-output';
import { compressStatic } from './compress-static';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-static-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string | Buffer) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};
const exists = (name: string) => fs.existsSync(path.join(dir, name));

describe('compressStatic', () => {
  it('writes a brotli and a gzip copy of each text file that decode to it, and skips the rest', async () => {
    const kinds = ['assets/app.js', 'assets/app.css', 'assets/app.js.map', 'img/logo.svg', 'data.json', 'index.html', 'notes.txt', 'feed.xml'];
    for (const name of kinds) write(name, `/* ${name} */\n${'const cabinet = "shaker white";\n'.repeat(100)}`);
    write('photo.png', Buffer.alloc(5000, 1));
    write('tiny.json', '{}');
    write('.vite/manifest.json', JSON.stringify({ a: 'b'.repeat(2000) }));
    write('own.gz', zlib.gzipSync('a file that is gzip of its own'));
    // Left by an earlier build: a copy of a file that changed and no longer shrinks, and one whose file is gone.
    write('tiny.json.br', 'stale');
    write('assets/removed.js.br', 'orphan');

    const report = await compressStatic([dir]);

    for (const name of kinds) {
      const original = fs.readFileSync(path.join(dir, name));
      const br = fs.readFileSync(path.join(dir, `${name}.br`));
      const gz = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
    }
    expect(exists('photo.png.br') || exists('photo.png.gz')).toBe(false);
    expect(exists('tiny.json.br') || exists('tiny.json.gz')).toBe(false);
    expect(exists('.vite/manifest.json.br')).toBe(false);
    expect(exists('own.gz')).toBe(true);
    expect(exists('own.gz.br')).toBe(false);
    expect(exists('assets/removed.js.br')).toBe(false);
    expect(report.files).toBe(kinds.length + 1);
    expect(report.bytesBrotli).toBeLessThan(report.bytesBefore / 5);

    // Run again (a second build): the same copies, no copies of copies.
    await compressStatic([dir]);
    expect(exists('assets/app.js.br.br') || exists('assets/app.js.gz.gz') || exists('assets/app.js.br.gz')).toBe(false);
  });

  it('writes the same decodable copies at the quick levels for a test build, and the full build makes them no larger', async () => {
    // Varied text, as a bundle is: the levels only differ where there is something to search for.
    const text = Array.from({ length: 400 }, (_, i) => `export const style${i} = { name: "shaker ${i * 7919 % 1000}", price: ${i * 31 % 977} };`).join('\n');
    const file = write('fast/bundle.js', text);
    await compressStatic([path.dirname(file)], { fast: true });
    const fast = { br: fs.readFileSync(`${file}.br`), gz: fs.readFileSync(`${file}.gz`) };
    expect(zlib.brotliDecompressSync(fast.br).toString()).toBe(text);
    expect(zlib.gunzipSync(fast.gz).toString()).toBe(text);
    await compressStatic([path.dirname(file)]);
    // Brotli 11 against 5 is what the release build buys (gzip 9 against 6 is within a few bytes either way).
    expect(fs.readFileSync(`${file}.br`).length).toBeLessThan(fast.br.length);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(text);
  });
});

describe('the build (npm run build)', () => {
  it('left brotli and gzip copies beside the client bundle, its CSS and the widget bundles', () => {
    const assets = fs.readdirSync(path.join(clientDir, 'assets'));
    const widgets = fs.readdirSync(path.join(widgetsDir, 'esm')).map((f) => `esm/${f}`);
    const files = [
      ...assets.filter((f) => /\.(js|css)$/.test(f)).map((f) => path.join(clientDir, 'assets', f)),
      path.join(widgetsDir, 'showroom.js'),
      ...widgets.filter((f) => f.endsWith('.js')).map((f) => path.join(widgetsDir, f)),
    ];
    expect(files.some((f) => /entry-client-.*\.js$/.test(f))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    for (const file of files) {
      const original = fs.readFileSync(file);
      // A copy that is not smaller than its file is not written (a chunk of a few dozen bytes).
      if (zlib.gzipSync(original, { level: 9 }).length >= original.length) continue;
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(original), file).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(original), file).toBe(true);
    }
  });
});
