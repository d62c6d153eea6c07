/**
 * Server secrets (the key that signs order access tokens), created once and kept in the database so
 * tokens stay valid across restarts and across several servers sharing one database.
 */
import crypto from 'node:crypto';
import { nowIso } from './request-input';
import type { Queries } from '../db/queries';

/**
 * The secret called `name`, made on first use. Two servers starting together may both find none:
 * each offers a value, the primary key keeps the first (on conflict do nothing), and both read back
 * the one stored, so they sign with the same key.
 */
export async function serverSecret(q: Queries, name: string): Promise<Buffer> {
  const stored = () => q.first(q.db.selectFrom('server_secret').select('value').where('name', '=', name));
  const row = await stored();
  if (row) return Buffer.from(row.value, 'base64');
  const offered = crypto.randomBytes(32).toString('base64');
  await q.run(q.db.insertInto('server_secret').values({ name, value: offered, created_at: nowIso() }).onConflict((oc) => oc.column('name').doNothing()));
  const kept = await stored();
  if (!kept) throw new Error(`server secret ${name} was neither stored nor found`);
  return Buffer.from(kept.value, 'base64');
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
