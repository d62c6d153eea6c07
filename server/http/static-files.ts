import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { chooseEncoding, type ContentCoding } from './accept-encoding';
import { CompressedFileCache } from './compressed-file-cache';
import { COMPRESSED_SUFFIX, isCompressible, type Compression } from './compression';

interface StaticOptions {
  /** URL prefix, with the trailing slash: /widgets/ */
  prefix: string;
  root: string;
  /** Seconds a browser may keep the file. */
  maxAgeSeconds: number;
  immutable?: boolean;
  /** Where copies compressed on request are kept; default: one cache shared by every folder. */
  compressedCache?: CompressedFileCache;
}

/** One cache for all folders, so the memory bound holds for the whole server. */
const sharedCache = new CompressedFileCache();

/** Where the bytes of the chosen representation come from: a file on disk or a buffer in memory. */
type Source = { file: string; size: number } | { bytes: Buffer };

/**
 * Serves the files of one folder under one URL prefix; anything else falls through.
 *
 * Text files (compression.ts) go out in the best coding the request accepts (accept-encoding.ts):
 * the build's `.br` / `.gz` copy beside the file when there is one (dist/, made by
 * scripts/compress-static.ts at the highest settings), else a copy made on first request and kept
 * in memory (content images; compressed-file-cache.ts says why). Every answer carries the type of
 * the original file, the length of the bytes sent, `Vary: Accept-Encoding`, Last-Modified and an
 * ETag per coding, and a request whose If-None-Match or If-Modified-Since still matches gets a 304.
 */
export function staticFiles({ prefix, root, maxAgeSeconds, immutable = false, compressedCache = sharedCache }: StaticOptions): Middleware {
  const absoluteRoot = path.resolve(root);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(prefix)) return next();
    const file = resolveInside(absoluteRoot, ctx.path.slice(prefix.length) || 'index.html');
    const stat = file === null ? null : await statOrNull(file);
    if (file === null || !stat?.isFile()) return next();

    let coding: ContentCoding = 'identity';
    let source: Source = { file, size: stat.size };
    if (isCompressible(file)) {
      // Also on the raw answer: a shared cache must not hand it to a client that asked for brotli.
      ctx.vary('Accept-Encoding');
      const acceptEncoding = ctx.headers['accept-encoding'];
      // Nothing to look up when the client takes no coding at all.
      if (chooseEncoding(acceptEncoding, ['br', 'gzip']) !== 'identity') {
        const copies = await compressedCopies(file, stat, compressedCache);
        coding = chooseEncoding(acceptEncoding, Object.keys(copies) as Compression[]);
        if (coding !== 'identity') source = copies[coding]!;
      }
    }

    ctx.status = 200;
    ctx.type = path.extname(file);
    ctx.set('Last-Modified', stat.mtime.toUTCString());
    ctx.set('ETag', etag(stat, coding));
    if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', `max-age=${maxAgeSeconds}${immutable ? ',immutable' : ''}`);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (coding !== 'identity') ctx.set('Content-Encoding', coding);
    sendSource(ctx, source);
  };
}

/**
 * The file a URL path names inside root, or null: the path is percent-decoded first (so `%2e%2e/`
 * is `../`), and a path that leaves root, holds a NUL byte or names a hidden file or folder
 * (`.vite/`, `.env`) is refused.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (relative.includes('\0')) return null;
  if (relative.split(/[/\\]/).some((segment) => segment.startsWith('.'))) return null;
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

async function statOrNull(file: string): Promise<fs.Stats | null> {
  try {
    return await fs.promises.stat(file);
  } catch {
    return null;
  }
}

/**
 * The compressed copies of a file, by coding. The build's copies beside the file count only when
 * not older than it (a file rebuilt without compress-static must not be served as its old copy);
 * a file the build compressed none of (a content image) is compressed on request instead.
 */
async function compressedCopies(file: string, stat: fs.Stats, cache: CompressedFileCache): Promise<Partial<Record<Compression, Source>>> {
  const copies: Partial<Record<Compression, Source>> = {};
  for (const coding of Object.keys(COMPRESSED_SUFFIX) as Compression[]) {
    const copy = file + COMPRESSED_SUFFIX[coding];
    const copyStat = await statOrNull(copy);
    if (copyStat?.isFile() && copyStat.mtimeMs >= stat.mtimeMs) copies[coding] = { file: copy, size: copyStat.size };
  }
  if (copies.br || copies.gzip) return copies;
  const made = await cache.copiesOf(file, stat);
  if (made?.br) copies.br = { bytes: made.br };
  if (made?.gzip) copies.gzip = { bytes: made.gzip };
  return copies;
}

/** Strong, and different per coding: each coding is its own byte sequence (RFC 9110 §8.8.3). */
function etag(stat: fs.Stats, coding: ContentCoding): string {
  const base = `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}`;
  return `"${coding === 'identity' ? base : `${base}-${coding}`}"`;
}

function sendSource(ctx: Context, source: Source): void {
  if ('bytes' in source) {
    // Koa sets the length from the buffer, and leaves out the body of a HEAD answer.
    ctx.body = source.bytes;
    return;
  }
  ctx.length = source.size;
  // A HEAD answer has headers only: no file to open.
  if (ctx.method === 'HEAD') return;
  // With `end` given, the stream ends with its last bytes instead of one more read to find the end
  // of the file: a client that has its Content-Length and hangs up is not then a "premature close".
  ctx.body = source.size === 0 ? Buffer.alloc(0) : fs.createReadStream(source.file, { start: 0, end: source.size - 1 });
}
