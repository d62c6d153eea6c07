/**
 * The studio app's page: GET /studio and every /studio/* path that is not a file of the build
 * answer the app's index.html (the app routes in the browser); /studio/assets/* are the built files
 * (`npm run build:studio`, vite.studio.config.ts, into dist/studio), kept a year (their names carry
 * their hash). Every answer under /studio carries the studio's own Content-Security-Policy, which
 * replaces the storefront's (security-headers.ts sets a page's policy only when none is set):
 * nothing inline, no eval, nothing from another origin, never framed. The HTML is never cached (a
 * new build's asset names reach the next load) and is kept out of search engines.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { studioDir } from '../build-output';
import { resolveInside, staticFiles } from '../http/static-files';
import type { StudioDeps } from './studio-deps';



export const STUDIO_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // The preview frame (srcdoc) inherits this policy, and the storefront's pages carry a few style
  // attributes (a slider's offset, a grid's --columns): allowed as attributes only, never <style> or script.
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * With a reCAPTCHA site key (RECAPTCHA_SITE_KEY), the sign-in may show Google's captcha after a run
 * of failed sign-ins: its script and frame are allowed from Google's reCAPTCHA paths only.
 */
export function studioPolicy(recaptchaSiteKey: string | null | undefined): string {
  if (!recaptchaSiteKey) return STUDIO_POLICY;
  const google = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
  return STUDIO_POLICY.replace("script-src 'self'", `script-src 'self' ${google}`).replace("frame-src 'self'", `frame-src 'self' ${google}`);
}

const YEAR = 365 * 24 * 60 * 60;
/** /studio, /studio/, /studio/anything; not /studios. */
const STUDIO_PATH = /^\/studio(?:\/.*)?$/;

/** What /studio answers before `npm run build:studio` has run: plain, and under the same policy. */
const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Showroom Studio</title></head><body><h1>The studio is not built</h1><p>Run <code>npm run build:studio</code> (or <code>npm run build</code>), then reload.</p></body></html>`;

/** `dir`: the built app (default dist/studio); a test points it elsewhere. */
export function studioPageRoutes(site: Router, deps: Pick<StudioDeps, 'production'> & { forms?: Pick<StudioDeps['forms'], 'recaptcha'> }, dir: string = studioDir): void {
  const policy = studioPolicy(deps.forms?.recaptcha.siteKey);
  const root = path.resolve(dir);
  const assets = staticFiles({ prefix: '/studio/assets/', root: path.join(root, 'assets'), maxAgeSeconds: YEAR, immutable: true });
  // Other files of the build beside index.html (the icon): an hour.
  const files = staticFiles({ prefix: '/studio/', root, maxAgeSeconds: 3600 });
  const indexFile = path.join(root, 'index.html');
  // Read once in production (the build does not change under a running server); on every request
  // otherwise, so `npm run build:studio` shows without a restart.
  let cached: string | null = null;
  const readIndex = async (): Promise<string | null> => {
    if (cached !== null) return cached;
    const html = await fs.promises.readFile(indexFile, 'utf8').catch(() => null);
    if (deps.production && html !== null) cached = html;
    return html;
  };

  site.get(STUDIO_PATH, async (ctx: Context) => {
    ctx.set('Content-Security-Policy', policy);
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    // frame-ancestors 'none' says it to every current browser; X-Frame-Options to the old ones.
    ctx.set('X-Frame-Options', 'DENY');

    if (ctx.path.startsWith('/studio/assets/')) {
      await assets(ctx, async () => {});
      if (ctx.body === undefined && ctx.status !== 304) notFound(ctx);
      return;
    }
    // A file of the build (not index.html, which is answered below with its own headers).
    const file = ctx.path.length > '/studio/'.length ? resolveInside(root, ctx.path.slice('/studio/'.length)) : null;
    if (file !== null && file !== indexFile) {
      await files(ctx, async () => {});
      if (ctx.body !== undefined || ctx.status === 304) return;
    }

    const html = await readIndex();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    if (html === null) {
      ctx.status = 503;
      ctx.body = NOT_BUILT;
      return;
    }
    ctx.status = 200;
    ctx.body = html;
  });
}

function notFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = 'Not found.';
}
