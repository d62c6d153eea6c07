import proxyaddr from 'proxy-addr';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';

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

/**
 * Without TRUST_PROXY, X-Forwarded-For is ignored, rightly: anyone can send it. But a server that
 * does run behind a proxy and was not told so sees every customer as the proxy, so the per-client
 * rate limits are shared by all of them. The first request that carries the header says so in the
 * log, once (one app per process), with the setting that fixes it; later ones cost a header read.
 */
export function untrustedForwardingWarning(logger: Logger): Middleware {
  let warned = false;
  return (ctx, next) => {
    if (!warned && ctx.get('X-Forwarded-For') !== '') {
      warned = true;
      logger.warn(
        { proxy: ctx.request.ip, setting: 'TRUST_PROXY' },
        'requests carry X-Forwarded-For but TRUST_PROXY is empty: the header is ignored and every client behind that proxy is the proxy\'s address to the rate limits; set TRUST_PROXY to the proxy\'s address if the server runs behind one',
      );
    }
    return next();
  };
}
