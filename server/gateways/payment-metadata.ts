/** Reading our payment metadata back from whatever a provider returns (strings only, known keys only). */
import { PAYMENT_METADATA_KEYS, type PaymentMetadata } from './gateway';

export function pickMetadata(source: unknown): PaymentMetadata {
  const out: PaymentMetadata = {};
  if (typeof source !== 'object' || source === null) return out;
  for (const key of PAYMENT_METADATA_KEYS) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = String(value);
  }
  return out;
}
