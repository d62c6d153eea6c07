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
  return (await tx.insertRows('sales_order_status_history', historyValues(orderId, lines, now))) as HistoryRow[];
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
  if (tx.engine === 'postgres') return (await insertOrderInOneStatement(tx, order, parts))!;
  // SQLite runs in this process: a statement a table costs no round trip.
  const row = await insertOrderRow(tx, order, parts.id);
  const items = await tx.insertRows('sales_order_item', parts.items.map((i) => ({ ...i, order_id: row.id })));
  const addresses = await tx.insertRows('sales_order_address', parts.addresses.map((a) => ({ ...a, order_id: row.id })));
  const history = await tx.insertRows('sales_order_status_history', historyValues(row.id, parts.history, parts.now));
  return { order: row, items: items as OrderItemRow[], addresses: addresses as OrderAddressRow[], payments: [], history: history as HistoryRow[], refunds: [], refundLines: [], overpayments: [] };
}

/** An Idempotency-Key claimed in the same statement as the order it places (PostgreSQL). */
export interface OrderClaim {
  key: string;
  requestHash: string;
}

/**
 * PostgreSQL: the order, its lines, addresses and history in one statement, one round trip. Its
 * id comes from the sequence (or is the one reserved) and its number from the id; the other
 * tables' rows take the id from the order's (the foreign keys are checked at the statement's end).
 * Each table's rows travel as one JSON parameter, typed by the table's own row type
 * (json_populate_recordset), so the statement's text depends only on the columns and is compiled
 * once. With a claim, the Idempotency-Key's record is inserted first in the same statement and the
 * order only if the key was new: answers null when it was not (nothing is written then).
 */
export async function insertOrderInOneStatement(
  tx: Queries,
  order: NewOrder,
  parts: Parameters<typeof insertOrder>[2],
  claim?: OrderClaim,
): Promise<OrderRecord | null> {
  // The history's order_id is the new order's, taken in the statement (0 here stands for it).
  const history = historyValues(0, parts.history, parts.now);
  const tables = {
    order: definedColumns([order]),
    items: definedColumns(parts.items),
    addresses: definedColumns(parts.addresses),
    history: definedColumns(history).filter((c) => c !== 'order_id'),
  };
  const build = (..._values: unknown[]) => {
    const next = nextOrderIdSql('postgres')!;
    const id = claim
      ? sql`insert into idempotency_record (scope, idempotency_key, request_hash, order_id, response, created_at) values ('order', ${claim.key}, ${claim.requestHash}, ${next}, null, ${parts.now}) on conflict (scope, idempotency_key) do nothing returning order_id as n`
      : parts.id === undefined
        ? sql`select ${next} as n`
        : sql`select ${parts.id}::bigint as n`;
    const list = (columns: readonly string[], prefix?: string) => sql.join(columns.map((c) => (prefix ? sql.ref(`${prefix}.${c}`) : sql.ref(c))));
    const children = (table: string, columns: readonly string[], json: unknown) =>
      sql`insert into ${sql.table(table)} (${sql.join([sql.ref('order_id'), ...columns.map((c) => sql.ref(c))])}) select ${sql.join([sql`o.id`, ...columns.map((c) => sql.ref(`r.${c}`))])} from o, json_populate_recordset(null::${sql.table(table)}, ${json}::json) as r returning *`;
    const query = sql<OrderRecordParts>`with c as (${id}),
      o as (insert into sales_order (id, increment_id, ${list(tables.order)}) select c.n, (100000000 + c.n)::text, ${list(tables.order, 'r')} from c, json_populate_record(null::sales_order, ${JSON.stringify(order)}::json) as r returning *),
      i as (${children('sales_order_item', tables.items, JSON.stringify(parts.items))}),
      a as (${children('sales_order_address', tables.addresses, JSON.stringify(parts.addresses))}),
      h as (${children('sales_order_status_history', tables.history, JSON.stringify(history))})
      select (select row_to_json(o) from o) as "order",
        coalesce((select json_agg(i order by i.id) from i), '[]') as items,
        coalesce((select json_agg(a order by a.id) from a), '[]') as addresses,
        coalesce((select json_agg(h order by h.id) from h), '[]') as history`;
    return { compile: () => query.compile(tx.db) };
  };
  const shape = `insert-order:${claim ? 'claim' : parts.id === undefined ? 'new' : 'reserved'}:${Object.values(tables).map((t) => t.join(',')).join(':')}`;
  // In the order the statement binds them.
  const values = [
    ...(claim ? [claim.key, claim.requestHash, parts.now] : parts.id === undefined ? [] : [parts.id]),
    JSON.stringify(order),
    JSON.stringify(parts.items),
    JSON.stringify(parts.addresses),
    JSON.stringify(history),
  ];
  const [row] = await tx.allBy(shape, build, ...values);
  const placed = row as OrderRecordParts;
  if (!placed.order) return null;
  return { order: placed.order, items: placed.items, addresses: placed.addresses, payments: [], history: placed.history, refunds: [], refundLines: [], overpayments: [] };
}

type OrderRecordParts = Pick<OrderRecord, 'order' | 'items' | 'addresses' | 'history'>;

/** The columns the rows give a value, in the order they first appear (a column none gives keeps its default). */
function definedColumns(rows: readonly object[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const [c, v] of Object.entries(row)) if (v !== undefined) columns.add(c);
  return [...columns];
}

/** Replaces an unpaid order's lines and addresses (a changed cart, new addresses), inside the caller's transaction. */
export async function replaceLinesAndAddresses(tx: Queries, orderId: number, items: readonly NewItem[], addresses: readonly NewAddress[]): Promise<Pick<OrderRecord, 'items' | 'addresses'>> {
  await tx.run(tx.db.deleteFrom('sales_order_item').where('order_id', '=', orderId));
  await tx.run(tx.db.deleteFrom('sales_order_address').where('order_id', '=', orderId));
  return {
    items: (await tx.insertRows('sales_order_item', items.map((i) => ({ ...i, order_id: orderId })))) as OrderItemRow[],
    addresses: (await tx.insertRows('sales_order_address', addresses.map((a) => ({ ...a, order_id: orderId })))) as OrderAddressRow[],
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

/**
 * SQLite: the order row with its id and its number, in one INSERT. The id is the one reserved, or
 * the next one taken here: the transaction holds SQLite's one write lock, so nobody takes it between.
 */
async function insertOrderRow(tx: Queries, order: NewOrder, id: number | undefined): Promise<OrderRow> {
  const newId = id ?? (await tx.firstBy('next-order-id', () => tx.db.selectNoFrom(nextOrderIdSql('sqlite').as('n'))))!.n;
  return (await tx.insertRows('sales_order', [{ ...order, id: newId, increment_id: incrementIdFor(newId) }]))[0] as OrderRow;
}

/**
 * The id the next order will have, taken ahead of its INSERT (by the idempotency claim, or by the
 * order's own INSERT). PostgreSQL: from the id's sequence. SQLite: AUTOINCREMENT's own rule, one
 * more than the largest id ever given (sqlite_sequence) or stored, safe under the write lock every
 * SQLite transaction holds.
 */
export function nextOrderIdSql(engine: Queries['engine']) {
  return engine === 'postgres'
    ? sql<number>`nextval(pg_get_serial_sequence('sales_order', 'id'))`
    : sql<number>`max(coalesce((select seq from sqlite_sequence where name = 'sales_order'), 0), coalesce((select max(id) from sales_order), 0)) + 1`;
}
