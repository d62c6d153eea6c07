import cors from '@koa/cors';
import type { Context, Middleware } from 'koa';

const ALLOW_METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'];
const ALLOW_HEADERS = ['Content-Type', 'Idempotency-Key', 'Authorization', 'X-Showroom-Dealer', 'If-None-Match'];

/**
 * API calls are answered to browsers only from allowed origins (ALLOWED_ORIGINS, and the origins of
 * the dealers in dealers.json). A disallowed origin gets no Access-Control-Allow-Origin header, so
 * its browser refuses the answer. Widgets send X-Showroom-Dealer (./dealer-origin.ts checks it).
 *
 * One exception, so a dealer whose page is not listed learns why instead of seeing "could not be
 * reached": a preflight from any origin that announces X-Showroom-Dealer is answered (see
 * dealerRefusalPreflight), and the call that follows is refused by the dealer check before any
 * route runs, with the refusal made readable by the calling page (exposeRefusalTo).
 */
export function apiCors(allowedOrigins: () => ReadonlySet<string>, isDealerOrigin: (origin: string) => boolean = () => false): Middleware {
  const isAllowed = (origin: string) => allowedOrigins().has(origin) || isDealerOrigin(origin);
  const allowed = cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return origin && isAllowed(origin) ? origin : '';
    },
    allowMethods: ALLOW_METHODS,
    allowHeaders: ALLOW_HEADERS,
    maxAge: 600,
  });
  return (ctx, next) => {
    const origin = ctx.get('Origin');
    if (origin && !isAllowed(origin) && announcesDealerCall(ctx)) return dealerRefusalPreflight(ctx, origin);
    return allowed(ctx, next);
  };
}

/** A CORS preflight whose announced request carries X-Showroom-Dealer. */
function announcesDealerCall(ctx: Context): boolean {
  if (ctx.method !== 'OPTIONS' || !ctx.get('Access-Control-Request-Method')) return false;
  return ctx
    .get('Access-Control-Request-Headers')
    .split(',')
    .some((name) => name.trim().toLowerCase() === 'x-showroom-dealer');
}

/**
 * The preflight of a dealer's widget on an origin the store does not allow. Answering it lets the
 * browser send the call, which can only be refused: it carries X-Showroom-Dealer, and the dealer
 * check (./dealer-origin.ts) refuses every call naming a dealer from an origin that is not that
 * dealer's, before any route runs. So the refused page learns the refusal and nothing else.
 *
 * Why this opens nothing: the answer is not cached (Max-Age 0), so it covers only the one call that
 * announced the dealer header; a later call from that origin without the header needs a preflight of
 * its own, which gets no CORS headers as before. No Access-Control-Allow-Credentials, so the
 * browser sends no cookie with the call. And the refusal's answer holds only the error.
 */
function dealerRefusalPreflight(ctx: Context, origin: string): void {
  ctx.vary('Origin');
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Access-Control-Allow-Methods', ALLOW_METHODS.join(','));
  ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS.join(','));
  ctx.set('Access-Control-Max-Age', '0');
  ctx.status = 204;
}

/** Lets the page at `origin` read this answer (a refusal: it holds only the error), whatever CORS decided. */
export function exposeRefusalTo(ctx: Context, origin: string): void {
  if (!origin) return;
  ctx.vary('Origin');
  ctx.set('Access-Control-Allow-Origin', origin);
}

/** Widget code is public: any page may load its modules (module scripts are fetched with CORS). */
export const publicCors: Middleware = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*');
  await next();
};
