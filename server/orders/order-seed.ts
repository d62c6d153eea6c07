/**
 * Orders made up in bulk for a benchmark or a demo of a big shop (npm run seed:back-office,
 * ../back-office/seed-database.ts makes them): written here, as every order is, but a batch a
 * transaction and with their ids given ahead, so 100,000 orders take seconds.
 */
import { sql } from 'kysely';
import { insertMany } from '../db/insert-many';
import type { Queries } from '../db/queries';
import type { SeedOrder } from '../back-office/seed-data';

/** The first free ids of orders and payments: a seed numbers its rows from them. */
export async function firstFreeIds(q: Queries): Promise<{ order: number; payment: number }> {
  const max = async (table: 'sales_order' | 'payment') => Number((await q.first(q.db.selectFrom(table).select((eb) => eb.fn.max('id').as('id'))))?.id ?? 0);
  return { order: (await max('sales_order')) + 1, payment: (await max('payment')) + 1 };
}

/** One batch of made-up orders, in one transaction. */
export function writeSeedOrders(q: Queries, orders: readonly SeedOrder[]): Promise<void> {
  return q.transaction(async (tx) => {
    await insertMany(tx, 'sales_order', orders.map((o) => o.order));
    await insertMany(tx, 'sales_order_item', orders.flatMap((o) => o.items));
    await insertMany(tx, 'sales_order_address', orders.flatMap((o) => o.addresses));
    await insertMany(tx, 'sales_order_status_history', orders.flatMap((o) => o.history));
    await insertMany(tx, 'payment', orders.flatMap((o) => o.payments));
    await insertMany(tx, 'payment_overpayment', orders.flatMap((o) => o.overpayments));
  });
}

/** On PostgreSQL, after a seed gave ids itself: the sequences must not hand them out again. */
export async function moveSequencesPastSeed(q: Queries): Promise<void> {
  if (q.engine !== 'postgres') return;
  for (const table of ['sales_order', 'payment'] as const) {
    await q.rows(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`);
  }
}
