/**
 * Keys that make a provider call safe to repeat. With the browser's Idempotency-Key header (the
 * checkout sends one per attempt), a retry or a double click reaches the provider with the same key
 * and gets the same object back; the amount and the order are part of the key, so a key reused for
 * something else is a different call.
 */
import crypto from 'node:crypto';
import type { Context } from 'koa';
import { ApiError } from '../../http/api-error';

export function providerIdempotencyKey(ctx: Context, scope: string, parts: Array<string | number | undefined>): string {
  const header = ctx.get('Idempotency-Key');
  if (!header) return `${scope}-${crypto.randomUUID()}`;
  if (header.length > 200 || !/^[\x21-\x7e]+$/.test(header)) {
    throw new ApiError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.');
  }
  const digest = crypto.createHash('sha256').update([header, ...parts.map((p) => p ?? '')].join('\u0000')).digest('hex').slice(0, 40);
  return `${scope}-${digest}`;
}
