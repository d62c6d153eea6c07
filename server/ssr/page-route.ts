import type { Context, Middleware } from 'koa';
import type { RenderInput, RenderResult, StoreData } from '../../renderer/entry-server';
import type { Content } from '../content/load-content';
import { withoutSecretQuery } from '../../schemas/secret-query';
import { formsPublicSettings, type FormSettings } from '../services/form-settings';
import { routeAnswers } from '../content/lint/route-pattern';
import { chooseEncoding } from '../http/accept-encoding';
import { SESSION_COOKIE } from '../services/session-service';
import { compressFastSync } from '../http/compression';
import { paymentBlockOf, type PaymentBlockType } from '../../schemas/payment-page-blocks';
import type { DocumentIntegrity, PaymentPageSecurity } from '../payment-pages/payment-page-policy';
import type { ClientAssets } from './client-assets';
import { htmlDocument } from './html-document';
import { PageCache, pageCacheKey, type CachedPage } from './page-cache';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap';

export type RenderPage = (input: RenderInput) => RenderResult;

/** Every GET that no API or file answered is a page: rendered on the server, its islands hydrated in the browser. */
export function pageRoute(opts: {
  content: Content;
  renderPage: RenderPage;
  assets: ClientAssets;
  publicUrl: string;
  /** What the form islands need of the forms settings (the reCAPTCHA site key). */
  formsPublic: ReturnType<typeof formsPublicSettings>;
  /** Rendered pages kept in memory (PAGE_CACHE_SIZE); 0: none. */
  cacheSize: number;
  /** The payment pages' policy and integrity (../payment-pages/payment-page-policy.ts); absent: they are served as ordinary pages. */
  paymentPages?: PaymentPageSecurity;
}): Middleware {
  const { content, renderPage, assets, publicUrl, paymentPages } = opts;
  const publicOrigin = new URL(publicUrl).origin;
  const publicHost = new URL(publicUrl).host;
  const store = pageStoreData(content, opts.formsPublic);
  const cache = new PageCache(opts.cacheSize);
  // The content does not change while the server runs: the sitemap is built once, on first request.
  let sitemap: CachedPage | undefined;
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    if (ctx.path === '/sitemap.xml') {
      sitemap ??= { status: 200, body: Buffer.from(sitemapXml(publicUrl, sitemapPaths(content))) };
      return send(ctx, sitemap, 'application/xml; charset=utf-8');
    }
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = robotsTxt(publicUrl);
      return;
    }
    const redirect = findRedirect(content.redirects, ctx.path);
    if (redirect) {
      ctx.status = redirect.status ?? 301;
      ctx.redirect(redirect.to + ctx.search);
      return;
    }
    const route = routeOf(content, ctx.path);
    // The URL without its secrets (a link's token: schemas/secret-query.ts) is all the page and the
    // cache see; the renderer strips the same names again, whoever calls it.
    const url = withoutSecretQuery(ctx.url, route?.secretQuery);
    if (!ctx.cookies.get(SESSION_COOKIE) && route && content.pages[route.page]?.metadata.requiresSignIn) {
      // An account page without a session: straight to sign in, and back here afterwards (the
      // sign-in page accepts only a path of this site as returnTo).
      ctx.set('Cache-Control', 'no-store');
      ctx.vary('Cookie');
      ctx.redirect(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(url)}`);
      return;
    }
    ctx.type = HTML;
    ctx.set('Cache-Control', 'no-cache');
    const payment = paymentPages && route ? paymentBlockOfPage(content, route.page) : null;
    if (payment && paymentPages) {
      // The address the browser used: the public one when it came by it (behind a TLS proxy this
      // server sees plain http), else its own (a loopback name in development).
      // A Host header that is not a plain host name is not written into the policy.
      // (Koa's ctx.origin is the request's Origin header, not this.)
      const origin = ctx.host === publicHost || !/^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(ctx.host) ? publicOrigin : `${ctx.protocol}://${ctx.host}`;
      ctx.set(paymentPages.headers(payment, origin));
    }
    const key = pageCacheKey(url, ctx.get('Cookie') || undefined);
    const cached = cache.get(key);
    if (cached) return send(ctx, cached, HTML);
    const integrity = payment ? paymentPages?.document : undefined;
    const { status, body } = renderDocument({ content, store, renderPage, assets, publicUrl, url, cookieHeader: ctx.get('Cookie') || undefined, integrity });
    const page: CachedPage = { status, body: Buffer.from(body) };
    cache.set(key, page);
    send(ctx, page, HTML);
  };
}

const HTML = 'text/html; charset=utf-8';

/** What the blocks' selectData read: the whole Content object, plus the public forms settings the form and popup blocks need. */
export function pageStoreData(content: Content, formsPublic: ReturnType<typeof formsPublicSettings>): StoreData {
  return { ...content, ...(formsPublic.recaptchaSiteKey ? { recaptchaSiteKey: formsPublic.recaptchaSiteKey } : {}) } as unknown as StoreData;
}

export interface DocumentRequest {
  content: Content;
  /** pageStoreData(content, …), made once per content. */
  store: StoreData;
  renderPage: RenderPage;
  assets: ClientAssets;
  publicUrl: string;
  /** Path and query, already without the route's secrets. */
  url: string;
  cookieHeader: string | undefined;
  /** A payment page's import map and script integrity. */
  integrity?: DocumentIntegrity;
  /** The studio's preview and block pictures only: how the renderer draws the page for the studio. */
  studio?: RenderInput['studio'];
}

/**
 * One URL of the site rendered for a given content: the SSR entry, then the document around it.
 * The page route serves it; the studio's preview renders a draft's content through the same door.
 */
export function renderDocument(r: DocumentRequest): { status: number; body: string } {
  const result = r.renderPage({
    url: r.url,
    routes: r.content.routes,
    pages: r.content.pages,
    settings: r.content.settings,
    cookieHeader: r.cookieHeader,
    // Each block's selectData picks what it needs from it, server-side only.
    store: r.store,
    publicUrl: r.publicUrl,
    ...(r.studio ? { studio: r.studio } : {}),
  });
  const body = htmlDocument({
    html: result.html,
    title: result.title,
    description: result.description,
    image: result.image === undefined ? undefined : new URL(result.image, r.publicUrl + '/').href,
    structuredData: result.structuredData,
    noindex: result.noindex,
    canonicalUrl: r.publicUrl + result.canonicalPath,
    siteName: r.content.settings.siteName,
    colors: r.content.settings.colors,
    assets: r.assets,
    ...(r.integrity ? { integrity: r.integrity } : {}),
  });
  return { status: result.status, body };
}

/** Where signed-out visits to a page with `requiresSignIn` go (renderer/blocks/account/account-paths.ts). */
export const SIGN_IN_PATH = '/my-account/login';

/** The payment block of a content page, or null (a page without one, or no such page). */
function paymentBlockOfPage(content: Content, page: string): PaymentBlockType | null {
  const blocks = content.pages[page]?.blocks;
  return blocks ? paymentBlockOf(blocks) : null;
}

/** The first route that answers the path (the renderer's lookup, without its module). */
function routeOf(content: Content, path: string): Content['routes'][number] | undefined {
  return content.routes.find((r) => routeAnswers(r.path, path));
}

/** The redirect of routes.json whose `from` is this path (a trailing slash and repeated slashes ignored). */
export function findRedirect(redirects: Content['redirects'] | undefined, path: string): Content['redirects'][number] | undefined {
  const normal = '/' + path.split('/').filter(Boolean).join('/');
  return redirects?.find((r) => r.from === normal);
}

/** Smaller than this, compression saves too little to be worth it. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Sends a page (or the sitemap) in the best coding the client accepts (server/http/accept-encoding.ts: brotli, else
 * gzip; a 50 kB page is about 9 kB in brotli, 10 kB in gzip). Each coding is made once, the first
 * time a client asks for it, and kept with the cached page; at a fast setting (compressFastSync),
 * since with the cache off (PAGE_CACHE_SIZE=0) it runs on every request.
 */
function send(ctx: Context, page: CachedPage, type: string): void {
  ctx.status = page.status;
  ctx.vary('Accept-Encoding');
  ctx.type = type;
  const coding = page.body.length >= COMPRESS_MIN_BYTES ? chooseEncoding(ctx.headers['accept-encoding'], ['br', 'gzip']) : 'identity';
  if (coding === 'identity') {
    ctx.body = page.body;
    return;
  }
  ctx.set('Content-Encoding', coding);
  ctx.body = page[coding] ??= compressFastSync(page.body, coding);
}
