import cors from '@koa/cors';
import type { Middleware } from 'koa';

/**
 * API calls are answered to browsers only from allowed origins (the dealer sites). A disallowed
 * origin gets no Access-Control-Allow-Origin header, so its browser refuses the answer.
 */
export function apiCors(allowedOrigins: () => ReadonlySet<string>): Middleware {
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return origin && allowedOrigins().has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Idempotency-Key', 'Authorization'],
    maxAge: 600,
  });
}

/** Widget code is public: any page may load its modules (module scripts are fetched with CORS). */
export const publicCors: Middleware = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*');
  await next();
};
