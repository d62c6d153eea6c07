/**
 * The back office's order list (GET /api/studio/orders): newest first, keyset paging on
 * (created_at, id) so page 50 costs what page 1 does, every filter backed by an index of migration
 * 0011 (`explainOrderList` shows the plan; order-list-query.test.ts holds SQLite to it).
 *
 * Search: an order number (#100000123) matches increment_id exactly; a text with "@" is the
 * beginning of an e-mail; other words are the beginning of the first or last name (or of the e-mail),
 * and "jane do" the beginning of both names. All case-insensitive, as prefix ranges over lower(...).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  ORDER_CURSOR_INVALID,
  ORDER_DATE_ORDER_MESSAGE,
  ORDER_LIST_DEFAULT_LIMIT,
  type OrderPaymentState,
} from '../../schemas/api/back-office-orders';
import type { Engine, Queries } from '../db/queries';
import type { DatabaseSchema } from '../db/tables';
import { ApiError } from '../http/api-error';

export interface OrderListFilter {
  search?: string;
  status?: string;
  /** YYYY-MM-DD, inclusive, UTC. */
  from?: string;
  to?: string;
  dealer?: string;
  payment?: OrderPaymentState;
  /** The `next` of the page before. */
  after?: string;
  limit?: number;
}

export interface OrderListRow {
  id: number;
  incrementId: string;
  createdAt: string;
  status: string;
  firstName: string;
  lastName: string;
  email: string;
  dealerOrigin: string | null;
  totalCents: number;
  paidCents: number;
  paymentState: OrderPaymentState;
}

export interface OrderListPage {
  rows: OrderListRow[];
  next: string | null;
}

interface Position {
  createdAt: string;
  id: number;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** The cursor of the row a page ended with: opaque to the client (base64url of its sort key). */
export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && ISO_TIME.test(value[0]) && Number.isSafeInteger(value[1]) && value[1] > 0) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Not JSON: the same refusal as a wrong shape, below.
  }
  throw new ApiError(400, 'validation_failed', ORDER_CURSOR_INVALID, { after: ORDER_CURSOR_INVALID });
}

/** The day after a YYYY-MM-DD (the schema has checked it is a real date). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The smallest text above every text that starts with `prefix`, in byte order (SQLite's BINARY,
 * PostgreSQL's C collation): the prefix with its last character one higher.
 */
export function prefixEnd(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop()!;
  return chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

type Eb = ExpressionBuilder<DatabaseSchema, 'sales_order'>;

/** lower(column), as migration 0011 indexes it on each engine. */
function searchKey(engine: Engine, column: 'email' | 'first_name' | 'last_name'): Expression<string> {
  return engine === 'postgres' ? sql<string>`(lower(${sql.ref(`sales_order.${column}`)}) collate "C")` : sql<string>`lower(${sql.ref(`sales_order.${column}`)})`;
}

function startsWith(eb: Eb, engine: Engine, column: 'email' | 'first_name' | 'last_name', prefix: string): Expression<SqlBool> {
  const key = searchKey(engine, column);
  const lower = prefix.toLowerCase();
  return eb.and([eb(key, '>=', lower), eb(key, '<', prefixEnd(lower))]);
}

const ORDER_NUMBER = /^#?\s*(\d{1,20})$/;

function searchCondition(eb: Eb, engine: Engine, search: string): Expression<SqlBool> | null {
  const text = search.trim();
  if (!text) return null;
  const number = ORDER_NUMBER.exec(text);
  if (number) return eb('sales_order.increment_id', '=', number[1]!);
  if (text.includes('@')) return startsWith(eb, engine, 'email', text);
  const words = text.split(/\s+/);
  if (words.length === 1) return eb.or([startsWith(eb, engine, 'first_name', text), startsWith(eb, engine, 'last_name', text), startsWith(eb, engine, 'email', text)]);
  return eb.and([startsWith(eb, engine, 'first_name', words[0]!), startsWith(eb, engine, 'last_name', words.slice(1).join(' '))]);
}

/**
 * Per row of a page, each read through an index of migration 0011 (order_id first). Counts, not
 * EXISTS: PostgreSQL may run an EXISTS of the select list as a "hashed subplan" that reads the whole
 * payment table at every request; a correlated count it runs for the page's rows only.
 */
const paidCentsOf = sql<number>`(select coalesce(sum(p.amount_cents), 0) from payment p where p.order_id = sales_order.id and p.status = 'completed')`;
const refundsDueOf = sql<number>`(select count(*) from payment_overpayment v where v.order_id = sales_order.id and v.refunded_at is null)`;
const paymentsWaitingOf = sql<number>`(select count(*) from payment w where w.order_id = sales_order.id and w.status in ('pending', 'on_hold'))`;
const refundedCentsOf = sql<number>`(select coalesce(sum(r.amount_cents), 0) from payment_refund r where r.order_id = sales_order.id and r.kind = 'refund' and r.status in ('succeeded', 'pending'))`;
const refundsRequestedOf = sql<number>`(select count(*) from payment_refund q where q.order_id = sales_order.id and q.status = 'requested')`;

/**
 * The rule of ORDER_PAYMENT_STATES as a condition, in its order: refund_due first, then a refund
 * waiting for a publisher, then what was given back, then what was paid.
 */
function paymentCondition(eb: Eb, state: OrderPaymentState): Expression<SqlBool> {
  if (state === 'refund_due') return eb(refundsDueOf, '>', 0);
  const before = [eb(refundsDueOf, '=', 0)];
  if (state === 'refund_requested') return eb.and([...before, eb(refundsRequestedOf, '>', 0)]);
  before.push(eb(refundsRequestedOf, '=', 0));
  if (state === 'refunded') return eb.and([...before, eb(paidCentsOf, '>', 0), eb(refundedCentsOf, '>=', paidCentsOf)]);
  if (state === 'partially_refunded') return eb.and([...before, eb(refundedCentsOf, '>', 0), eb(refundedCentsOf, '<', paidCentsOf)]);
  before.push(eb(refundedCentsOf, '=', 0));
  switch (state) {
    case 'paid':
      return eb.and([...before, eb(paidCentsOf, '>', 0), eb(paidCentsOf, '>=', eb.ref('sales_order.total_cents'))]);
    case 'partially_paid':
      return eb.and([...before, eb(paidCentsOf, '>', 0), eb(paidCentsOf, '<', eb.ref('sales_order.total_cents'))]);
    case 'pending':
      return eb.and([...before, eb(paidCentsOf, '=', 0), eb(paymentsWaitingOf, '>', 0)]);
    case 'unpaid':
      return eb.and([...before, eb(paidCentsOf, '=', 0), eb(paymentsWaitingOf, '=', 0)]);
  }
}

export function paymentStateOf(row: { paidCents: number; totalCents: number; refundDue: boolean; waiting: boolean; refundedCents: number; refundRequested: boolean }): OrderPaymentState {
  if (row.refundDue) return 'refund_due';
  if (row.refundRequested) return 'refund_requested';
  if (row.paidCents > 0 && row.refundedCents >= row.paidCents) return 'refunded';
  if (row.refundedCents > 0) return 'partially_refunded';
  if (row.paidCents === 0) return row.waiting ? 'pending' : 'unpaid';
  return row.paidCents >= row.totalCents ? 'paid' : 'partially_paid';
}

/** The list's query for a filter, without running it (the route runs it; the plan test explains it). */
export function orderListQuery(q: Queries, filter: OrderListFilter) {
  if (filter.from && filter.to && filter.to < filter.from) {
    throw new ApiError(400, 'validation_failed', ORDER_DATE_ORDER_MESSAGE, { to: ORDER_DATE_ORDER_MESSAGE });
  }
  const after = filter.after ? decodeCursor(filter.after) : null;
  const limit = filter.limit ?? ORDER_LIST_DEFAULT_LIMIT;
  return q.db
    .selectFrom('sales_order')
    .select([
      'sales_order.id',
      'sales_order.increment_id',
      'sales_order.created_at',
      'sales_order.status',
      'sales_order.first_name',
      'sales_order.last_name',
      'sales_order.email',
      'sales_order.dealer_origin',
      'sales_order.total_cents',
      paidCentsOf.as('paid_cents'),
      refundsDueOf.as('refunds_due'),
      paymentsWaitingOf.as('payments_waiting'),
      refundedCentsOf.as('refunded_cents'),
      refundsRequestedOf.as('refunds_requested'),
    ])
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      const search = filter.search ? searchCondition(eb, q.engine, filter.search) : null;
      if (search) conditions.push(search);
      if (filter.status) conditions.push(eb('sales_order.status', '=', filter.status));
      if (filter.dealer) conditions.push(eb('sales_order.dealer_origin', '=', filter.dealer));
      if (filter.from) conditions.push(eb('sales_order.created_at', '>=', filter.from));
      if (filter.to) conditions.push(eb('sales_order.created_at', '<', nextDay(filter.to)));
      if (filter.payment) conditions.push(paymentCondition(eb, filter.payment));
      if (after) conditions.push(eb(eb.refTuple('sales_order.created_at', 'sales_order.id'), '<', eb.tuple(after.createdAt, after.id)));
      return eb.and(conditions);
    })
    .orderBy('sales_order.created_at', 'desc')
    .orderBy('sales_order.id', 'desc')
    // One more than the page: whether there is a next page, without counting.
    .limit(limit + 1);
}

export async function listOrders(q: Queries, filter: OrderListFilter): Promise<OrderListPage> {
  const limit = filter.limit ?? ORDER_LIST_DEFAULT_LIMIT;
  const found = await q.all(orderListQuery(q, filter));
  const page = found.slice(0, limit);
  const rows = page.map((r) => {
    const paidCents = Number(r.paid_cents);
    const totalCents = Number(r.total_cents);
    return {
      id: Number(r.id),
      incrementId: r.increment_id ?? String(r.id),
      createdAt: r.created_at,
      status: r.status,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      dealerOrigin: r.dealer_origin,
      totalCents,
      paidCents,
      // PostgreSQL's count is a bigint, its sum a numeric: both read back as text unless converted.
      paymentState: paymentStateOf({
        paidCents,
        totalCents,
        refundDue: Number(r.refunds_due) > 0,
        waiting: Number(r.payments_waiting) > 0,
        refundedCents: Number(r.refunded_cents),
        refundRequested: Number(r.refunds_requested) > 0,
      }),
    };
  });
  const last = rows[rows.length - 1];
  return { rows, next: found.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

/**
 * The plan of the list's query for a filter, one line a step: SQLite's EXPLAIN QUERY PLAN (which
 * index each step reads) or PostgreSQL's EXPLAIN. The compiled query's placeholders are bound again
 * as values, in order.
 */
export async function explainOrderList(q: Queries, filter: OrderListFilter): Promise<string[]> {
  const compiled = orderListQuery(q, filter).compile();
  const fragments = compiled.sql.split(q.engine === 'postgres' ? /\$\d+/ : /\?/);
  const parts = fragments.flatMap((fragment, i) => (i < compiled.parameters.length ? [sql.raw(fragment), sql.val(compiled.parameters[i])] : [sql.raw(fragment)]));
  const query = sql.join(parts, sql.raw(''));
  if (q.engine === 'postgres') {
    const rows = await q.rows<{ 'QUERY PLAN': string }>(sql<{ 'QUERY PLAN': string }>`explain ${query}`);
    return rows.map((r) => r['QUERY PLAN']);
  }
  const rows = await q.rows<{ detail: string }>(sql<{ detail: string }>`explain query plan ${query}`);
  return rows.map((r) => r.detail);
}
