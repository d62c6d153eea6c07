import proxyaddr from 'proxy-addr';
import type { Middleware } from 'koa';

/**
 * The client's address when the server sits behind proxies named in TRUST_PROXY: X-Forwarded-For
 * is read from the right, past the trusted proxies only, so a client cannot pick its own address
 * (and with it its own rate-limit key) by sending the header. Without TRUST_PROXY this middleware is
 * not mounted and the client is the socket's address.
 */
export function clientAddress(trustProxy: readonly string[]): Middleware {
  const trust = proxyaddr.compile([...trustProxy]);
  return (ctx, next) => {
    ctx.request.ip = proxyaddr(ctx.req, trust);
    return next();
  };
}
