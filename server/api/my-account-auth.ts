/**
 * Who is calling an account endpoint, and the cross-site rule.
 *
 * A customer proves who they are with the session cookie (browsers) or `Authorization: Bearer
 * <accessToken>` (API clients). A bearer header is used alone when present. Browsers attach
 * cookies on their own, so a state-changing call (POST, PATCH, DELETE) authenticated by the cookie
 * must also carry an `Origin` of the store's own (PUBLIC_URL's, ../http/store-origins.ts): a foreign or missing Origin
 * is refused 403, on top of the cookie's SameSite=Lax. A bearer token is never attached by a
 * browser on its own, so bearer calls need no Origin. The sign-in, registration and reset calls
 * (no session yet) refuse a foreign Origin too, so another site cannot sign a visitor into an
 * account of its choosing.
 */
import type { Context } from 'koa';
import { ApiError } from '../http/api-error';
import type { StoreOrigins } from '../http/store-origins';
import { SESSION_COOKIE, type ActiveSession, type SessionService } from '../services/session-service';

export interface Caller extends ActiveSession {
  via: 'cookie' | 'bearer';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function unauthorized(): ApiError {
  return new ApiError(401, 'unauthorized', 'Please sign in to continue.');
}

export function foreignOrigin(): ApiError {
  return new ApiError(403, 'forbidden_origin', "This request must come from the store's own pages.");
}

export class AccountAuth {
  constructor(
    private readonly sessions: SessionService,
    private readonly store: StoreOrigins,
  ) {}

  private bearer(ctx: Context): string | undefined {
    const header = ctx.get('Authorization');
    if (!header) return undefined;
    return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
  }

  /** The session of the request (bearer first, else the cookie), or undefined. */
  async caller(ctx: Context): Promise<Caller | undefined> {
    const bearer = this.bearer(ctx);
    if (bearer !== undefined) {
      const s = await this.sessions.find('bearer', bearer);
      return s && { ...s, via: 'bearer' };
    }
    const s = await this.sessions.find('cookie', ctx.cookies.get(SESSION_COOKIE));
    return s && { ...s, via: 'cookie' };
  }

  sameOrigin(ctx: Context): boolean {
    return this.store.has(ctx.get('Origin'));
  }

  /** The signed-in customer, or 401; 403 for a cookie-authenticated change from another origin. */
  async require(ctx: Context): Promise<Caller> {
    const caller = await this.caller(ctx);
    if (!caller) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw unauthorized();
    }
    if (caller.via === 'cookie' && !SAFE_METHODS.has(ctx.method) && !this.sameOrigin(ctx)) throw foreignOrigin();
    return caller;
  }

  /** For calls without a session (sign-in, registration, reset): a browser on another site is refused. */
  refuseForeignOrigin(ctx: Context): void {
    const origin = ctx.get('Origin');
    if (origin && !this.store.has(origin)) throw foreignOrigin();
  }

  /**
   * The customer a request acts for, or null (a guest): for order creation, which must not fail
   * for guests. A cookie counts only on a same-origin request, so another site cannot make a
   * visitor's browser place an order into their account.
   */
  async customerIdForRequest(ctx: Context): Promise<number | null> {
    const caller = await this.caller(ctx);
    if (!caller) return null;
    if (caller.via === 'cookie' && !SAFE_METHODS.has(ctx.method) && !this.sameOrigin(ctx)) return null;
    return caller.customerId;
  }
}
