/**
 * Reading quotes for the back office: the list (newest first, keyset paging on the id, by state and
 * by a search of number, e-mail or name) and one quote with the order made from it. The answers are
 * the contract's shapes (schemas/api/back-office-quotes.ts), money in dollars as stored.
 */
import { sql, type SqlBool } from 'kysely';
import { QUOTE_NOT_DRAFT, QUOTE_NOT_FOUND, QUOTE_PAGE_SIZE, type QuoteState } from '../../schemas/api/back-office-quotes';
import { toDollars } from '../../schemas/money';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import type { OrderAddress } from '../orders/order-address';
import type { QuoteItem } from '../orders/quote-orders';
import type { QuoteRow } from '../services/quote-service';
import { sha256Hex } from '../services/secrets';
import { catalogLineOf, type CatalogLineView } from './catalog-search';
import type { QuoteInput } from './quote-builder';
import type { QuoteCatalog } from './quote-pricing';
import { PAID_ORDER_STATUSES, quoteState, stateFilter } from './quote-states';

export function quoteNotFound(): ApiError {
  return new ApiError(404, 'quoteNotExist', QUOTE_NOT_FOUND);
}

/** `%`, `_` and the escape itself stand for themselves in a LIKE pattern. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface OrderColumns {
  order_number: string | null;
  order_status: string | null;
}

function orderRef(orderId: number | null, o: OrderColumns) {
  if (orderId === null) return null;
  const status = o.order_status ?? 'pending';
  return { id: orderId, number: o.order_number ?? String(orderId), status, paid: (PAID_ORDER_STATUSES as readonly string[]).includes(status) };
}

function stateOf(row: { status: string; token_hash: string | null; token_expires_at: string | null; order_id: number | null } & OrderColumns, now: Date): QuoteState {
  return quoteState({ status: row.status, tokenHash: row.token_hash, tokenExpiresAt: row.token_expires_at, orderId: row.order_id, orderStatus: row.order_status }, now);
}

export interface QuoteListQuery {
  state?: QuoteState;
  search?: string;
  after?: number;
}

export async function listQuotes(q: Queries, query: QuoteListQuery, now = new Date()) {
  let select = q.db
    .selectFrom('quote')
    .leftJoin('sales_order', 'sales_order.id', 'quote.order_id')
    .select([
      'quote.id',
      'quote.status',
      'quote.increment_id',
      'quote.created_at',
      'quote.email',
      'quote.first_name',
      'quote.last_name',
      'quote.total_cents',
      'quote.token_hash',
      'quote.token_expires_at',
      'quote.order_id',
      'sales_order.increment_id as order_number',
      'sales_order.status as order_status',
    ]);
  if (query.after !== undefined) select = select.where('quote.id', '<', query.after);
  if (query.state) select = select.where(stateFilter(query.state, now));
  const search = query.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    select = select.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${eb.ref('quote.increment_id')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('quote.email')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('quote.first_name')} || ' ' || ${eb.ref('quote.last_name')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  // One more than a page: whether there is a next page, without counting.
  const rows = await q.all(select.orderBy('quote.id', 'desc').limit(QUOTE_PAGE_SIZE + 1));
  const page = rows.slice(0, QUOTE_PAGE_SIZE);
  return {
    quotes: page.map((r) => ({
      id: r.id,
      number: r.increment_id ?? String(r.id),
      createdAt: r.created_at,
      state: stateOf(r, now),
      email: r.email,
      name: `${r.first_name} ${r.last_name}`.trim(),
      total: toDollars(r.total_cents),
      link: { expiresAt: r.token_expires_at },
      order: orderRef(r.order_id, r),
    })),
    next: rows.length > QUOTE_PAGE_SIZE ? String(page[page.length - 1]!.id) : null,
  };
}

/** An address as stored; a draft's may be partial (what the operator has typed so far). */
function addressView(a: Partial<OrderAddress> | undefined) {
  if (!a) return null;
  const t = (v: string | null | undefined) => v ?? '';
  return { firstName: t(a.firstName), lastName: t(a.lastName), street1: t(a.street1), street2: a.street2 ?? null, city: t(a.city), state: t(a.state), zipCode: t(a.zipCode), countryId: a.countryId || 'US', phoneNumber: t(a.phoneNumber), email: t(a.email) };
}

/** The detail of one stored quote (quoteDetailSchema). */
export function quoteDetailView(quote: QuoteRow, order: OrderColumns, now: Date) {
  const items = JSON.parse(quote.items) as QuoteItem[];
  const addresses = JSON.parse(quote.addresses) as OrderAddress[];
  return {
    id: quote.id,
    number: quote.increment_id ?? String(quote.id),
    createdAt: quote.created_at,
    state: stateOf({ ...quote, ...order }, now),
    customer: {
      email: quote.email,
      firstName: quote.first_name,
      lastName: quote.last_name,
      phone: quote.phone ?? '',
      accountId: quote.customer_id === null ? null : Number(quote.customer_id),
    },
    billingAddress: addressView(addresses.find((a) => a.type === 'billing')),
    shippingAddress: addressView(addresses.find((a) => a.type === 'shipping')),
    lines: items.map((i) => ({
      sku: i.sku,
      name: i.name,
      qty: i.qty,
      price: toDollars(i.priceCents),
      rowTotal: toDollars(i.rowTotalCents),
      options: i.customOptions ?? [],
      ...(i.detail ? { detail: i.detail } : {}),
      notes: i.notes,
    })),
    subtotal: toDollars(quote.subtotal_cents),
    discount: toDollars(quote.discount_cents),
    shipping: { method: quote.shipping_method, label: quote.shipping_label, amount: toDollars(quote.shipping_cents) },
    tax: toDollars(quote.tax_cents),
    shippingTax: toDollars(quote.shipping_tax_cents),
    taxPercent: quote.tax_percent,
    total: toDollars(quote.total_cents),
    request: quote.request ? (JSON.parse(quote.request) as Record<string, unknown>) : null,
    lead: quote.lead_id,
    poNumber: quote.po_number ?? '',
    notes: quote.additional_notes ?? '',
    splitPaymentEnabled: quote.split_payment_enabled === 1,
    minimumSplit: toDollars(quote.minimum_split_cents),
    link: { expiresAt: quote.token_expires_at },
    order: orderRef(quote.order_id, order),
  };
}

export async function quoteDetail(q: Queries, id: number, now = new Date()) {
  const quote = (await q.first(q.db.selectFrom('quote').selectAll().where('id', '=', id))) as QuoteRow | undefined;
  if (!quote) throw quoteNotFound();
  const order =
    quote.order_id === null
      ? undefined
      : await q.first(q.db.selectFrom('sales_order').select(['increment_id as order_number', 'status as order_status']).where('id', '=', quote.order_id));
  return quoteDetailView(quote, order ?? { order_number: null, order_status: null }, now);
}

/** A draft's revision: what its last save stored, hashed (a save changes it, nothing else does). */
export const draftRevision = (quote: Pick<QuoteRow, 'request'>): string => sha256Hex(quote.request ?? '');

/**
 * A draft as the builder opens it again: the body it was last saved with, and its SKUs' lines as
 * the catalog has them now (the builder shows a cabinet's finishes and modifications from them, and
 * the server prices them afresh). 409 once it was sent: a sent quote's lines are fixed.
 */
export function draftForBuilder(quote: QuoteRow, catalog: QuoteCatalog) {
  if (quote.status !== 'draft' || !quote.request) throw new ApiError(409, 'quote_sent', QUOTE_NOT_DRAFT);
  const request = JSON.parse(quote.request) as QuoteInput;
  const items = new Map<string, CatalogLineView>();
  const missing = new Set<string>();
  for (const line of request.lines) {
    if (line.sku === undefined || items.has(line.sku)) continue;
    const item = catalogLineOf(catalog, line.sku);
    if (item) items.set(line.sku, item);
    else missing.add(line.sku);
  }
  return { id: quote.id, number: quote.increment_id ?? String(quote.id), revision: draftRevision(quote), request, items: [...items.values()], missing: [...missing] };
}
