import path from 'node:path';
import send from 'koa-send';
import type { Middleware } from 'koa';

interface StaticOptions {
  /** URL prefix, with the trailing slash: /widgets/ */
  prefix: string;
  root: string;
  /** Seconds a browser may keep the file. */
  maxAgeSeconds: number;
  immutable?: boolean;
}

/** Serves files of one folder under one URL prefix; anything else falls through. */
export function staticFiles({ prefix, root, maxAgeSeconds, immutable = false }: StaticOptions): Middleware {
  const absoluteRoot = path.resolve(root);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(prefix)) return next();
    const relative = ctx.path.slice(prefix.length) || 'index.html';
    try {
      await send(ctx, relative, { root: absoluteRoot, maxage: maxAgeSeconds * 1000, immutable, index: false, brotli: false, gzip: false });
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 404 || status === 400 || status === 403) return next();
      throw err;
    }
  };
}
