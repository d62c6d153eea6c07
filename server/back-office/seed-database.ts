/**
 * Writes the rows of ./seed-data.ts into a migrated database, on SQLite or PostgreSQL: a transaction
 * per batch of orders (insertMany says how the rows go in), so 100,000 orders take seconds. The
 * orders and payments get their ids here (after the highest there is), so their children can name them without reading
 * each id back; on PostgreSQL the identity sequences are moved past them after.
 */
import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { DatabaseSchema } from '../db/tables';
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

/** Rows a statement on PostgreSQL: below its 65,535 bound parameters for the widest table. */
const ROWS_PER_INSERT = 400;

/**
 * On SQLite a row a statement: `insert` prepares each table's statement once and binds each row,
 * cheaper than compiling a statement of many rows. On PostgreSQL, where each statement is a round
 * trip, many rows a statement.
 */
async function insertMany<T extends keyof DatabaseSchema & string>(q: Queries, table: T, rows: readonly Insertable<DatabaseSchema[T]>[]): Promise<void> {
  if (q.engine === 'sqlite') {
    for (const row of rows) await q.insert(table, row);
    return;
  }
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await q.run(q.db.insertInto(table).values(rows.slice(i, i + ROWS_PER_INSERT) as Insertable<DatabaseSchema[T]>[]));
  }
}

async function maxId(q: Queries, table: 'sales_order' | 'payment'): Promise<number> {
  const row = await q.first(q.db.selectFrom(table).select((eb) => eb.fn.max('id').as('id')));
  return Number(row?.id ?? 0);
}

async function writeOrders(q: Queries, orders: readonly SeedOrder[]): Promise<void> {
  await q.transaction(async (tx) => {
    await insertMany(tx, 'sales_order', orders.map((o) => o.order));
    await insertMany(tx, 'sales_order_item', orders.flatMap((o) => o.items));
    await insertMany(tx, 'sales_order_address', orders.flatMap((o) => o.addresses));
    await insertMany(tx, 'sales_order_status_history', orders.flatMap((o) => o.history));
    await insertMany(tx, 'payment', orders.flatMap((o) => o.payments));
    await insertMany(tx, 'payment_overpayment', orders.flatMap((o) => o.overpayments));
  });
}

/** Fills the database; answers the id range of the orders made. */
export async function seedBackOffice(database: Database, options: SeedOptions): Promise<{ firstOrderId: number; lastOrderId: number }> {
  const q = database.q;
  const now = options.now ?? new Date();
  const random = seededRandom(options.seed ?? 21);
  const batch = options.batch ?? 2000;
  let orderId = (await maxId(q, 'sales_order')) + 1;
  let paymentId = (await maxId(q, 'payment')) + 1;
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
    await writeOrders(q, orders);
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
  if (q.engine === 'postgres') {
    // The ids were given here: the sequences must not hand them out again.
    for (const table of ['sales_order', 'payment'] as const) {
      await q.rows(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`);
    }
    // What autovacuum would do in a while: the planner's statistics of the new rows.
    await q.rows(sql`analyze`);
  }
  return { firstOrderId, lastOrderId: orderId - 1 };
}
