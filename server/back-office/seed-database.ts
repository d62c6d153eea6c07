/**
 * Writes the rows of ./seed-data.ts into a migrated database, on SQLite or PostgreSQL: the orders a
 * transaction per batch, by the orders module (../orders/order-seed.ts), so 100,000 orders take
 * seconds. The orders and payments get their ids here (after the highest there is), so their
 * children can name them without reading each id back; on PostgreSQL the identity sequences are
 * moved past them after.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { insertMany } from '../db/insert-many';
import { firstFreeIds, moveSequencesPastSeed, writeSeedOrders } from '../orders/order-seed';
import { makeOrder, makeSubmission, seededRandom, TWO_YEARS_MS, type SeedOrder } from './seed-data';

export interface SeedOptions {
  orders: number;
  submissions: number;
  /** The orders' dates fall in the two years before this. */
  now?: Date;
  seed?: number;
  /** Orders in one transaction. */
  batch?: number;
  onProgress?: (done: { orders: number; submissions: number }) => void;
}

/** Fills the database; answers the id range of the orders made. */
export async function seedBackOffice(database: Database, options: SeedOptions): Promise<{ firstOrderId: number; lastOrderId: number }> {
  const q = database.q;
  const now = options.now ?? new Date();
  const random = seededRandom(options.seed ?? 21);
  const batch = options.batch ?? 2000;
  const free = await firstFreeIds(q);
  let orderId = free.order;
  let paymentId = free.payment;
  const firstOrderId = orderId;
  let previousCreatedAt: string | undefined;
  for (let done = 0; done < options.orders; ) {
    const size = Math.min(batch, options.orders - done);
    const orders: SeedOrder[] = [];
    for (let i = 0; i < size; i++) {
      const order = makeOrder({ order: orderId++, firstPayment: paymentId }, { now, random, previousCreatedAt });
      paymentId += order.payments.length;
      previousCreatedAt = order.order.created_at as string;
      orders.push(order);
    }
    await writeSeedOrders(q, orders);
    done += size;
    options.onProgress?.({ orders: done, submissions: 0 });
  }
  for (let done = 0; done < options.submissions; ) {
    const size = Math.min(batch * 2, options.submissions - done);
    // Over the same two years, in the order of their ids (the leads list is newest id first).
    const step = TWO_YEARS_MS / options.submissions;
    const rows = Array.from({ length: size }, (_, i) => makeSubmission({ at: new Date(now.getTime() - TWO_YEARS_MS + (done + i + random()) * step), random }));
    await q.transaction((tx) => insertMany(tx, 'form_submission', rows));
    done += size;
    options.onProgress?.({ orders: options.orders, submissions: done });
  }
  // The ids were given here: the sequences must not hand them out again.
  await moveSequencesPastSeed(q);
  // What autovacuum would do in a while: the planner's statistics of the new rows.
  if (q.engine === 'postgres') await q.rows(sql`analyze`);
  return { firstOrderId, lastOrderId: orderId - 1 };
}
