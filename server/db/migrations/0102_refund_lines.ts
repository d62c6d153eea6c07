/**
 * The lines a refund gives back (server/orders/refunds.ts, server/orders/line-refunds.ts): a
 * refund by line records, per line of the order, how many units came back and what they gave back
 * (the goods less their share of the discount, plus their share of the tax). What a line has
 * returned is the sum of its rows whose refund still holds its money (asked for, being carried out,
 * settling or given back), decided under the order's row lock, so it never exceeds what was
 * ordered; `qty > 0` and one row per refund and line hold it in the table too.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_refund_line')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sales_order.id'))
    .addColumn('refund_id', 'integer', (c) => c.notNull().references('payment_refund.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sales_order_item.id'))
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addUniqueConstraint('payment_refund_line_refund_item', ['refund_id', 'item_id'])
    .execute();
  await db.schema.createIndex('payment_refund_line_order').on('payment_refund_line').columns(['order_id', 'id']).execute();
}
