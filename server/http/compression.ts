/**
 * What is worth compressing, and how: shared by the build (scripts/compress-static.ts, which writes
 * `.br` and `.gz` copies beside the files of dist/) and the server (static files compressed on first
 * request, rendered pages), so both agree on the file types and the settings.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Text formats that shrink (to a quarter or less). Images such as PNG, JPEG, WebP and fonts such as
 * WOFF2 are compressed already: a second coding only costs time, so they are served as they are.
 */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.map',
  '.html',
  '.htm',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/** The suffix of the precompressed copy of a file in each coding: app.js -> app.js.br. */
export const COMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' } as const;

export type Compression = keyof typeof COMPRESSED_SUFFIX;

export function isCompressible(file: string): boolean {
  const dot = file.lastIndexOf('.');
  return dot >= 0 && COMPRESSIBLE_EXTENSIONS.has(file.slice(dot).toLowerCase());
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

function brotliOptions(size: number, quality: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * The smallest output each coding can make (brotli 11, gzip 9): for files compressed once and
 * served many times. Brotli 11 takes about half a second for a 300 kB bundle, so it runs off the
 * event loop (zlib's thread pool).
 */
export async function compressMax(bytes: Buffer, coding: Compression): Promise<Buffer> {
  return coding === 'br' ? brotliAsync(bytes, brotliOptions(bytes.length, zlib.constants.BROTLI_MAX_QUALITY)) : gzipAsync(bytes, { level: 9 });
}

/**
 * A quick coding for a body made at request time (a rendered page). On a 50 kB page brotli 5 makes
 * 9.2 kB against gzip 6's 10.0 kB for about 0.5 ms more; brotli 4 is no smaller than gzip, and
 * brotli 11 takes 170 ms (docs/storefront.md, Measurements).
 */
export function compressFastSync(bytes: Buffer, coding: Compression): Buffer {
  return coding === 'br' ? zlib.brotliCompressSync(bytes, brotliOptions(bytes.length, 5)) : zlib.gzipSync(bytes, { level: 6 });
}
