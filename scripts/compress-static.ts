/**
 * The last step of `npm run build` before the stamp: writes a brotli (`.br`, quality 11) and a gzip
 * (`.gz`, level 9) copy beside every text file the server serves from dist/ (client assets and
 * widget bundles), so the server sends the smallest bytes without compressing at request time
 * (server/http/static-files.ts). A copy that is not smaller than its file is not written. Hidden
 * folders (dist/client/.vite, the manifest the server reads but never serves) are left alone, and
 * copies whose file is gone are deleted (dist/widgets is not emptied between builds).
 * Content images are compressed by the server on first request instead (compressed-file-cache.ts).
 * `--fast` (the test build, `npm run build:test`) writes the same copies at the quick levels of a
 * rendered page (brotli 5, gzip 6): a third of the time, and no test measures the copies' sizes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { clientDir, studioDir, widgetsDir } from '../server/build-output';
import { COMPRESSED_SUFFIX, compressFastSync, compressMax, isCompressible, type Compression } from '../server/http/compression';

export interface CompressionReport {
  files: number;
  bytesBefore: number;
  /** The brotli copies' bytes (the original's where no smaller copy was written). */
  bytesBrotli: number;
}

const codings = Object.keys(COMPRESSED_SUFFIX) as Compression[];
/** A copy this script writes: `<text file>.br` or `.gz` (a `data.gz` of its own is not one). */
const originalOf = (file: string): string | undefined => {
  const suffix = codings.map((c) => COMPRESSED_SUFFIX[c]).find((s) => file.endsWith(s));
  const original = suffix && file.slice(0, -suffix.length);
  return original && isCompressible(original) ? original : undefined;
};
const isCopy = (file: string) => originalOf(file) !== undefined;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

type Compressor = (bytes: Buffer, coding: Compression) => Promise<Buffer>;
const fastest: Compressor = async (bytes, coding) => compressFastSync(bytes, coding);

async function compressFile(file: string, compress: Compressor): Promise<{ before: number; brotli: number }> {
  const raw = await fs.readFile(file);
  const sizes: Record<Compression, number> = { br: raw.length, gzip: raw.length };
  await Promise.all(
    codings.map(async (coding) => {
      const target = file + COMPRESSED_SUFFIX[coding];
      const copy = await compress(raw, coding);
      if (copy.length < raw.length) {
        await fs.writeFile(target, copy);
        sizes[coding] = copy.length;
      } else {
        // An older build's copy would otherwise be served for a file that changed.
        await fs.rm(target, { force: true });
      }
    }),
  );
  return { before: raw.length, brotli: sizes.br };
}

/** Compresses every text file under the given folders (at the smallest sizes, or `fast`); returns totals for the build log. */
export async function compressStatic(dirs: readonly string[], { fast = false } = {}): Promise<CompressionReport> {
  const compress = fast ? fastest : compressMax;
  const report: CompressionReport = { files: 0, bytesBefore: 0, bytesBrotli: 0 };
  for (const dir of dirs) {
    const files = await filesUnder(dir);
    const present = new Set(files);
    for (const copy of files.filter(isCopy)) {
      if (!present.has(originalOf(copy)!)) await fs.rm(copy, { force: true });
    }
    // In parallel: zlib runs on its thread pool, and brotli 11 is the slow part of the build.
    const results = await Promise.all(files.filter((f) => !isCopy(f) && isCompressible(f)).map((f) => compressFile(f, compress)));
    for (const r of results) {
      report.files++;
      report.bytesBefore += r.before;
      report.bytesBrotli += r.brotli;
    }
  }
  return report;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const dirs = [clientDir, widgetsDir, studioDir];
  const fast = process.argv.includes('--fast');
  const r = await compressStatic(dirs, { fast });
  const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
  console.log(`Compressed${fast ? ' (fast, for tests)' : ''} ${r.files} files of ${dirs.map((d) => path.relative(process.cwd(), d)).join(', ')}: ${kB(r.bytesBefore)} -> ${kB(r.bytesBrotli)} brotli`);
}
