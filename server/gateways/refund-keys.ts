/**
 * A refund's idempotency key as each provider takes it. Stripe takes up to 255 characters, PayPal's
 * PayPal-Request-Id up to 108; a longer key is sent as its SHA-256 (hex, 64 characters), the same
 * for the same key. Authorize.net's refId and invoiceNumber hold 20 characters: they get the first
 * 20 hex digits of the SHA-256 (80 bits, so two keys of one store do not meet).
 */
import crypto from 'node:crypto';

const sha256 = (text: string): string => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** The key itself when it fits (printable ASCII), else its SHA-256 in hex. */
export function providerIdempotencyKey(key: string, maxLength: number): string {
  return key.length <= maxLength && /^[\x21-\x7e]+$/.test(key) ? key : sha256(key);
}

/** A 20-character form of a key, for Authorize.net's refId and invoiceNumber. */
export function twentyCharacterKey(key: string): string {
  return sha256(key).slice(0, 20);
}
