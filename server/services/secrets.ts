/**
 * Server secrets (the key that signs order access tokens), created once and kept in the database so
 * tokens stay valid across restarts and across several servers sharing one database.
 */
import crypto from 'node:crypto';
import { nowIso } from './request-input';
import type { SyncQueries } from '../db/sync-query';

export function serverSecret(q: SyncQueries, name: string): Buffer {
  return q.transaction(() => {
    const row = q.first(q.db.selectFrom('server_secret').select('value').where('name', '=', name));
    if (row) return Buffer.from(row.value, 'base64');
    const value = crypto.randomBytes(32).toString('base64');
    q.run(q.db.insertInto('server_secret').values({ name, value, created_at: nowIso() }));
    return Buffer.from(value, 'base64');
  });
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ba.length !== bb.length) {
    crypto.timingSafeEqual(ba, ba);
    return false;
  }
  return crypto.timingSafeEqual(ba, bb);
}

/**
 * Order access tokens: the proof of ownership returned when an order is created (HMAC of the order
 * id with a server secret). Whoever holds it may view and update that order.
 */
export class OrderAccessTokens {
  constructor(private readonly key: Buffer) {}

  issue(orderId: number): string {
    return crypto.createHmac('sha256', this.key).update(`order:${orderId}`).digest('base64url');
  }

  verify(orderId: number, token: string | undefined): boolean {
    if (!token || token.length > 100) return false;
    return constantTimeEqual(this.issue(orderId), token);
  }
}
