import cors from '@koa/cors';
import type { Middleware } from 'koa';

/**
 * API calls are answered to browsers only from allowed origins (ALLOWED_ORIGINS, and the origins of
 * the dealers in dealers.json). A disallowed origin gets no Access-Control-Allow-Origin header, so
 * its browser refuses the answer. Widgets send X-Showroom-Dealer (./dealer-origin.ts checks it).
 */
export function apiCors(allowedOrigins: () => ReadonlySet<string>, isDealerOrigin: (origin: string) => boolean = () => false): Middleware {
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return origin && (allowedOrigins().has(origin) || isDealerOrigin(origin)) ? origin : '';
    },
    allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Idempotency-Key', 'Authorization', 'X-Showroom-Dealer', 'If-None-Match'],
    maxAge: 600,
  });
}

/** Widget code is public: any page may load its modules (module scripts are fetched with CORS). */
export const publicCors: Middleware = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*');
  await next();
};
