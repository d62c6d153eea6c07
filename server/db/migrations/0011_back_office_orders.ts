/**
 * The back office's orders: the indexes of the order list (server/back-office/order-list-query.ts),
 * so its first page and every later one (keyset paging on created_at desc, id desc) read a few rows
 * at 100,000 orders. 0002 indexes increment_id (unique: the search by order number), email as typed
 * and payment(order_id); 0006 payment_overpayment(order_id).
 *
 * The searches by e-mail and name are case-insensitive prefix ranges over lower(...) (the
 * `searchKey` of the list query). PostgreSQL compares text by the database's collation, under which
 * a prefix is not a range ("a.b" sorts among "ab..." in en_US), so there the key is taken in the C
 * collation, byte order, as SQLite's BINARY compares it.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The indexes this migration makes (the benchmark drops them to measure the list without). */
export const ORDER_LIST_INDEXES = [
  'sales_order_created',
  'sales_order_status_created',
  'sales_order_dealer_created',
  'sales_order_email_key',
  'sales_order_first_name_key',
  'sales_order_last_name_key',
  'payment_order_status_amount',
  'payment_overpayment_order_refunded',
] as const;

type IndexName = (typeof ORDER_LIST_INDEXES)[number];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const key = (column: string) => (postgres ? sql.raw(`(lower(${column}) collate "C")`) : sql.raw(`lower(${column})`));
  const index = (name: IndexName, table: string) => db.schema.createIndex(name).on(table);

  // The unfiltered list and a date range: the index is the order of the list.
  await index('sales_order_created', 'sales_order').columns(['created_at', 'id']).execute();
  // Filters by status and by dealer, each in the list's order.
  await index('sales_order_status_created', 'sales_order').columns(['status', 'created_at', 'id']).execute();
  await index('sales_order_dealer_created', 'sales_order').columns(['dealer_origin', 'created_at', 'id']).execute();
  // Searches: the beginning of the e-mail, the first or the last name, in any case.
  await index('sales_order_email_key', 'sales_order').expression(key('email')).execute();
  await index('sales_order_first_name_key', 'sales_order').expression(key('first_name')).execute();
  await index('sales_order_last_name_key', 'sales_order').expression(key('last_name')).execute();
  // What each row of a page shows of its payments (the sum of the completed ones) is read from the index alone.
  await index('payment_order_status_amount', 'payment').columns(['order_id', 'status', 'amount_cents']).execute();
  await index('payment_overpayment_order_refunded', 'payment_overpayment').columns(['order_id', 'refunded_at']).execute();
}
