/**
 * One charge at a time per order or quote, in this process (issue 17): two tabs or a double click
 * that both pass the "nothing waits" check before either records its payment would otherwise both
 * charge. The server is one process on one SQLite file, so a promise chain per key is enough; the
 * overpayment flag of applyConfirmedPayment still catches whatever gets past it (another process).
 */
import type { PaymentMetadata } from '../../gateways/gateway';

const tails = new Map<string, Promise<unknown>>();

/** The key of what a request pays for: its order id, else its quote id (as the request names them). */
export function chargeKey(metadata: PaymentMetadata): string | null {
  if (metadata.orderId) return `order:${String(metadata.orderId).trim().toLowerCase()}`;
  if (metadata.quoteId) return `quote:${String(metadata.quoteId).trim().toLowerCase()}`;
  return null;
}

export async function withChargeLock<T>(metadata: PaymentMetadata, run: () => Promise<T>): Promise<T> {
  const key = chargeKey(metadata);
  if (key === null) return run();
  const before = tails.get(key) ?? Promise.resolve();
  const mine = before.then(run, run);
  const tail = mine.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await mine;
  } finally {
    // The last one out leaves no entry behind.
    if (tails.get(key) === tail) tails.delete(key);
  }
}
