import type { Middleware } from 'koa';
import { pagePolicy } from './content-security-policy';

/**
 * Pages whose own address carries a secret: the quote payment link of the specification
 * (/quote/payment?quoteId=…&token=…) and the password reset link (/my-account/reset-password?token=…).
 * They send no referrer at all, so the token does not travel to the payment providers' scripts and
 * frames, or to any site a link on the page leads to.
 */
const NO_REFERRER_PATHS: ReadonlySet<string> = new Set(['/quote/payment', '/quote/payment/', '/my-account/reset-password', '/my-account/reset-password/']);

/**
 * An SVG opened on its own is a document of the store's origin: nothing in it may run, load or
 * navigate, whatever the studio's cleaning of uploads missed (server/studio/image-upload.ts).
 */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** HSTS for a year once the site is served over https; never on plain http, where it means nothing. */
const HSTS = 'max-age=31536000';

/**
 * Headers on every answer: no MIME sniffing, the referrer trimmed to the origin when it leaves the
 * site, no framing by other sites, HSTS behind https. HTML answers (pages, the dev mailbox, error
 * pages, the playground) also get the Content-Security-Policy of their path, and an SVG one that
 * lets nothing run (SVG_POLICY). Set before the
 * handlers run, so errors and 404s carry them too.
 */
export function securityHeaders(opts: { https: boolean }): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', NO_REFERRER_PATHS.has(ctx.path) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    if (opts.https) ctx.set('Strict-Transport-Security', HSTS);
    await next();
    // Koa's response.type is the media type without parameters: a cheap check on every API answer.
    if (ctx.response.type === 'text/html' && !ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', pagePolicy());
    else if (ctx.response.type === 'image/svg+xml') ctx.set('Content-Security-Policy', SVG_POLICY);
  };
}
