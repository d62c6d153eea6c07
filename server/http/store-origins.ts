/**
 * The origins that are the store itself: where its own pages are, so where a payment may return,
 * and which `Origin` a cookie-authenticated change may come from.
 *
 * With PUBLIC_URL set, that one origin. Without it (`npm start` on a laptop), the store answers at
 * every loopback name of the address it listens on, and a visitor uses whichever the README, the
 * log or habit gave them: http://localhost:3000, http://127.0.0.1:3000, or http://[::1]:3000 when
 * it listens on IPv6. Each is the store; the one the server prints (and the README names) is
 * http://localhost:{port}. Before, only the printed one was, so a visitor at the other got every
 * payment refused ("Is not an address of this store") and every sign-in too.
 */
import type { Context } from 'koa';

export class StoreOrigins {
  /** PUBLIC_URL's origin, or the default the server prints: canonical links, e-mails, payment links. */
  readonly canonical: string;
  private readonly origins: ReadonlySet<string>;

  constructor(publicUrl: string, aliases: readonly string[] = []) {
    this.canonical = new URL(publicUrl).origin;
    this.origins = new Set([this.canonical, ...aliases.map((a) => new URL(a).origin)]);
  }

  has(origin: string): boolean {
    return this.origins.has(origin);
  }

  /** Every origin of the store, the canonical first (for logs). */
  all(): string[] {
    return [...this.origins];
  }

  /**
   * The store origin this request was addressed to (its Host), so that a visitor at
   * http://127.0.0.1:3000 is sent back there, where their cart and checkout session live; the
   * canonical origin when the Host names none of the store's (it is the caller's to choose).
   */
  ofRequest(ctx: Context): string {
    try {
      const asked = new URL(`${ctx.protocol}://${ctx.host}`).origin;
      if (this.origins.has(asked)) return asked;
    } catch {
      // A Host that is not a host: the canonical origin.
    }
    return this.canonical;
  }
}

const WILDCARDS = new Set(['0.0.0.0', '::']);

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

function httpOrigin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The store's origins when PUBLIC_URL is unset, the printed one first: every loopback name that
 * reaches the address the server is bound to (`server.address().address`), or that address (and
 * the HOST it was given by name) when it is not loopback.
 */
export function defaultStoreOrigins(host: string, boundAddress: string, port: number): string[] {
  if (boundAddress === '127.0.0.1' || boundAddress === '0.0.0.0') return [httpOrigin('localhost', port), httpOrigin('127.0.0.1', port)];
  // Dual stack: IPv4 loopback reaches '::' too.
  if (boundAddress === '::') return [httpOrigin('localhost', port), httpOrigin('127.0.0.1', port), httpOrigin('::1', port)];
  if (boundAddress === '::1') return [httpOrigin('localhost', port), httpOrigin('::1', port)];
  // 127.0.0.2 and the like: `localhost` does not reach them.
  const named = host !== boundAddress && !WILDCARDS.has(host) && !isLoopbackAddress(host) && host !== 'localhost' ? [httpOrigin(host, port)] : [];
  return [...named, httpOrigin(boundAddress, port)];
}
