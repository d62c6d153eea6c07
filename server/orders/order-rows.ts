/**
 * The one place order rows are built and written: an order with its lines, addresses and first
 * history lines (from a cart or from a quote), and every later line of its history. Adding a column
 * to an order means changing `NewOrder` and `insertOrder` here, nowhere else.
 *
 * An order goes in with few round trips to the database: on PostgreSQL its id and increment id come
 * from the id sequence in the INSERT itself, and its lines, addresses and history lines are one
 * multi-row INSERT each. What it wrote is answered as an OrderRecord, so nobody reads it back.
 */
import { sql, type Insertable } from 'kysely';
import { insertReturning } from '../db/insert-many';
import type { Queries } from '../db/queries';
import type { SalesOrderAddressTable, SalesOrderItemTable, SalesOrderStatusHistoryTable, SalesOrderTable } from '../db/tables';
import type { HistoryRow, OrderAddressRow, OrderItemRow, OrderRecord, OrderRow } from './order-view';

/** The visible order number: 100000000 + the id (the original store's numbering). */
export function incrementIdFor(id: number): string {
  return String(100000000 + id);
}

export type NewOrder = Omit<Insertable<SalesOrderTable>, 'id' | 'increment_id'>;
export type NewItem = Omit<Insertable<SalesOrderItemTable>, 'id' | 'order_id'>;
export type NewAddress = Omit<Insertable<SalesOrderAddressTable>, 'id' | 'order_id'>;

export interface HistoryLine {
  status: string;
  comment: string;
  /** The customer was told (an e-mail went, or goes in this transaction). */
  notified?: boolean;
  /** For the seller's eyes only: the customer's view of the order leaves it out. */
  internal?: boolean;
}

export function historyValues(orderId: number, lines: readonly HistoryLine[], now: string): Insertable<SalesOrderStatusHistoryTable>[] {
  return lines.map((l) => ({ order_id: orderId, status: l.status, comment: l.comment, is_customer_notified: l.notified ? 1 : 0, internal: l.internal ? 1 : 0, created_at: now }));
}

/** Lines of the order's history, in one INSERT (inside the caller's transaction); answers them as stored. */
export async function addHistory(tx: Queries, orderId: number, lines: readonly HistoryLine[], now: string): Promise<HistoryRow[]> {
  if (!lines.length) return [];
  return (await insertReturning(tx, 'sales_order_status_history', historyValues(orderId, lines, now))) as HistoryRow[];
}

/**
 * Inserts an order with everything that belongs to it, inside the caller's transaction. `id`: an id
 * already taken from the sequence (the idempotency claim reserves one, ./cart-orders.ts); otherwise
 * the database gives one.
 */
export async function insertOrder(
  tx: Queries,
  order: NewOrder,
  parts: { items: readonly NewItem[]; addresses: readonly NewAddress[]; history: readonly HistoryLine[]; now: string; id?: number },
): Promise<OrderRecord> {
  const row = await insertOrderRow(tx, order, parts.id);
  const items = await insertReturning(tx, 'sales_order_item', parts.items.map((i) => ({ ...i, order_id: row.id })));
  const addresses = await insertReturning(tx, 'sales_order_address', parts.addresses.map((a) => ({ ...a, order_id: row.id })));
  const history = await insertReturning(tx, 'sales_order_status_history', historyValues(row.id, parts.history, parts.now));
  return { order: row, items: items as OrderItemRow[], addresses: addresses as OrderAddressRow[], payments: [], history: history as HistoryRow[], refunds: [], overpayments: [] };
}

/** Replaces an unpaid order's lines and addresses (a changed cart, new addresses), inside the caller's transaction. */
export async function replaceLinesAndAddresses(tx: Queries, orderId: number, items: readonly NewItem[], addresses: readonly NewAddress[]): Promise<Pick<OrderRecord, 'items' | 'addresses'>> {
  await tx.run(tx.db.deleteFrom('sales_order_item').where('order_id', '=', orderId));
  await tx.run(tx.db.deleteFrom('sales_order_address').where('order_id', '=', orderId));
  return {
    items: (await insertReturning(tx, 'sales_order_item', items.map((i) => ({ ...i, order_id: orderId })))) as OrderItemRow[],
    addresses: (await insertReturning(tx, 'sales_order_address', addresses.map((a) => ({ ...a, order_id: orderId })))) as OrderAddressRow[],
  };
}

/**
 * Changes columns of the order row and adds lines to its history, answering both as stored (inside
 * the caller's transaction, which holds the order's lock). On PostgreSQL one statement: the UPDATE
 * and the INSERT in one WITH; on SQLite two, which cost no round trip.
 */
export async function changeOrder(tx: Queries, orderId: number, changes: Partial<Omit<OrderRow, 'id'>>, lines: readonly HistoryLine[], now: string): Promise<{ order: OrderRow; history: HistoryRow[] }> {
  if (tx.engine !== 'postgres' || !lines.length) return { order: await updateOrder(tx, orderId, changes), history: await addHistory(tx, orderId, lines, now) };
  const moved = tx.db.updateTable('sales_order').set(changes).where('id', '=', orderId).returningAll();
  const added = tx.db.insertInto('sales_order_status_history').values(historyValues(orderId, lines, now)).returningAll();
  const [row] = await tx.rows<{ order: OrderRow; history: HistoryRow[] }>(
    sql`with moved as (${moved}), added as (${added}) select (select row_to_json(moved) from moved) as "order", (select json_agg(added order by added.id) from added) as history`,
  );
  return row!;
}

/** Changes columns of the order row and answers the row as it now is (inside the caller's transaction). */
export async function updateOrder(tx: Queries, orderId: number, changes: Partial<Omit<OrderRow, 'id'>>): Promise<OrderRow> {
  // Compiled once per set of columns changed: a payment or a status move changes the same few each time.
  const columns = Object.keys(changes).filter((c) => changes[c as keyof typeof changes] !== undefined);
  const build = (..._values: unknown[]) => tx.db.updateTable('sales_order').set(changes).where('id', '=', orderId).returningAll();
  return (await tx.firstBy(`update-order:${columns.join(',')}`, build, ...columns.map((c) => changes[c as keyof typeof changes]), orderId)) as OrderRow;
}

async function insertOrderRow(tx: Queries, order: NewOrder, id: number | undefined): Promise<OrderRow> {
  if (tx.engine === 'postgres') {
    // One round trip: the id from the identity's sequence (or the one reserved), the number from it.
    const values = Object.entries(order);
    const columns = sql.join(values.map(([k]) => sql.ref(k)));
    const params = sql.join(values.map(([, v]) => sql`${v}`));
    const next = id === undefined ? sql`nextval(pg_get_serial_sequence('sales_order', 'id'))` : sql`${id}::bigint`;
    const [row] = await tx.rows<OrderRow>(sql`insert into sales_order (id, increment_id, ${columns}) select n, (100000000 + n)::text, ${params} from (select ${next} as n) as next returning *`);
    return row!;
  }
  // SQLite runs in this process: two statements cost no round trip.
  const newId = await tx.insertReturningId('sales_order', { ...order, ...(id === undefined ? {} : { id }), increment_id: null });
  return updateOrder(tx, newId, { increment_id: incrementIdFor(newId) });
}

/** An order id taken from the sequence ahead of its INSERT (PostgreSQL; SQLite gives none ahead). */
export function nextOrderIdSql(engine: Queries['engine']) {
  return engine === 'postgres' ? sql<number>`nextval(pg_get_serial_sequence('sales_order', 'id'))` : null;
}
