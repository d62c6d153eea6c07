/**
 * One charge at a time per order or quote, in this server: two tabs or a double click queue here,
 * so the second one hears the first one's outcome (paid, or waiting for the bank) rather than a
 * refusal. This is a courtesy, not the guarantee: several servers may take charges for one order,
 * and what keeps two of them from both charging is the claim each charge records under the row lock
 * of the order or quote (server/orders/payment-holds.ts).
 */
import type { PaymentMetadata } from '../../gateways/gateway';

/** The queues of each app (its payment routes' deps), so that two apps in one process stay two servers. */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

/** The key of what a request pays for: its order id, else its quote id (as the request names them). */
export function chargeKey(metadata: PaymentMetadata): string | null {
  if (metadata.orderId) return `order:${String(metadata.orderId).trim().toLowerCase()}`;
  if (metadata.quoteId) return `quote:${String(metadata.quoteId).trim().toLowerCase()}`;
  return null;
}

export async function withChargeLock<T>(app: object, metadata: PaymentMetadata, run: () => Promise<T>): Promise<T> {
  const key = chargeKey(metadata);
  if (key === null) return run();
  let tails = queues.get(app);
  if (!tails) queues.set(app, (tails = new Map()));
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
