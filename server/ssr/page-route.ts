import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import type { RenderInput, RenderResult, StoreData } from '../../renderer/entry-server';
import type { Content } from '../content/load-content';
import type { ClientAssets } from './client-assets';
import { htmlDocument } from './html-document';
import { PageCache, pageCacheKey, pageCacheSize, type CachedPage } from './page-cache';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap';

export type RenderPage = (input: RenderInput) => RenderResult;

/** Every GET that no API or file answered is a page: rendered on the server, its islands hydrated in the browser. */
export function pageRoute(opts: { content: Content; renderPage: RenderPage; assets: ClientAssets; publicUrl: string }): Middleware {
  const { content, renderPage, assets, publicUrl } = opts;
  const cache = new PageCache(pageCacheSize());
  // The content does not change while the server runs: the sitemap is built once, on first request.
  let sitemap: string | undefined;
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    if (ctx.path === '/sitemap.xml') {
      ctx.type = 'application/xml; charset=utf-8';
      ctx.body = (sitemap ??= sitemapXml(publicUrl, sitemapPaths(content)));
      return;
    }
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = robotsTxt(publicUrl);
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    const key = pageCacheKey(ctx.url, ctx.get('Cookie') || undefined);
    const cached = cache.get(key);
    if (cached) return send(ctx, cached);
    const result = renderPage({
      url: ctx.url,
      routes: content.routes,
      pages: content.pages,
      settings: content.settings,
      cookieHeader: ctx.get('Cookie') || undefined,
      // The whole Content object: each block's selectData picks what it needs, server-side only.
      store: content as unknown as StoreData,
      publicUrl,
    });
    const body = htmlDocument({
      html: result.html,
      title: result.title,
      description: result.description,
      image: result.image === undefined ? undefined : new URL(result.image, publicUrl + '/').href,
      structuredData: result.structuredData,
      noindex: result.noindex,
      canonicalUrl: publicUrl + result.canonicalPath,
      siteName: content.settings.siteName,
      assets,
    });
    const page: CachedPage = { status: result.status, body: Buffer.from(body) };
    cache.set(key, page);
    send(ctx, page);
  };
}

/** Smaller than this, gzip saves too little to be worth it. */
const GZIP_MIN_BYTES = 1024;

/**
 * Sends a page, gzipped when the client accepts it (a 50 kB page is about 10 kB on the wire). The
 * gzipped body is made once and kept with the cached page.
 */
function send(ctx: Context, page: CachedPage): void {
  ctx.status = page.status;
  ctx.vary('Accept-Encoding');
  if (page.body.length >= GZIP_MIN_BYTES && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    page.gzip ??= zlib.gzipSync(page.body, { level: 6 });
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = page.gzip;
    ctx.type = 'text/html; charset=utf-8';
    return;
  }
  ctx.body = page.body;
  ctx.type = 'text/html; charset=utf-8';
}
