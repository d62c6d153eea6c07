/**
 * Sign-in sessions. A sign-in makes two random secrets: the session id for the browser's cookie and
 * an access token for API clients (`Authorization: Bearer`). Only their sha256 is stored, so a copy
 * of the database signs nobody in; every sign-in makes new ones (no fixation). Both end together:
 * at sign-out, at expiry, and when the password changes.
 */
import crypto from 'node:crypto';
import type { Queries } from '../db/queries';
import { sha256Hex } from './secrets';

export const SESSION_DAYS = 30;
export const SESSION_COOKIE = 'showroom_session';

export interface NewSession {
  sessionId: string;
  accessToken: string;
  expiresAt: string;
}

export interface ActiveSession {
  /** The row id: what sign-out deletes. Not a secret, never shown. */
  id: number;
  customerId: number;
}

/** 32 random bytes, base64url: 256 bits, far beyond guessing. */
function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

const SECRET = /^[A-Za-z0-9_-]{43}$/;

export class SessionService {
  constructor(private readonly q: Queries) {}

  async create(customerId: number): Promise<NewSession> {
    const sessionId = randomSecret();
    const accessToken = randomSecret();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 3600_000).toISOString();
    await this.q.transaction(async (tx) => {
      // Expired sign-ins of this customer go when a new one comes: the table stays small.
      await tx.run(tx.db.deleteFrom('customer_session').where('customer_id', '=', customerId).where('expires_at', '<=', now.toISOString()));
      await tx.insert('customer_session', {
        customer_id: customerId,
        session_hash: sha256Hex(sessionId),
        token_hash: sha256Hex(accessToken),
        created_at: now.toISOString(),
        expires_at: expiresAt,
      });
    });
    return { sessionId, accessToken, expiresAt };
  }

  /** The live session of a cookie value or a bearer token, or undefined. */
  async find(kind: 'cookie' | 'bearer', secret: string | undefined): Promise<ActiveSession | undefined> {
    if (!secret || !SECRET.test(secret)) return undefined;
    const column = kind === 'cookie' ? 'session_hash' : 'token_hash';
    const row = await this.q.firstBy(`session-by-${column}`, (h: string) => this.q.db.selectFrom('customer_session').select(['id', 'customer_id', 'expires_at']).where(column, '=', h), sha256Hex(secret));
    if (!row || Date.parse(row.expires_at) <= Date.now()) return undefined;
    return { id: row.id, customerId: row.customer_id };
  }

  async end(sessionId: number): Promise<void> {
    await this.q.run(this.q.db.deleteFrom('customer_session').where('id', '=', sessionId));
  }

  /** Ends every session of the customer but `keep` (the one making the change, if any); `q` is the caller's transaction. */
  endAllOf(q: Queries, customerId: number, keep?: number): Promise<number> {
    let query = q.db.deleteFrom('customer_session').where('customer_id', '=', customerId);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    return q.run(query);
  }
}

/**
 * The Set-Cookie value. Written by hand rather than with ctx.cookies because `Secure` follows the
 * store's PUBLIC_URL (https), not the hop to this process, which may be plain http behind a proxy.
 */
export function sessionCookie(value: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.maxAgeSeconds === 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
