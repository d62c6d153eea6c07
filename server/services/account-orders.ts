/**
 * The customer's own orders and quotes, read-only: the account pages show them and change nothing.
 * An order or a quote belongs to a customer only through its `customer_id`, set when it was placed
 * while signed in (../orders/cart-orders.ts) or by an operator for a
 * quote: a guest order with the same e-mail is never picked up by matching e-mails. Anything not
 * the customer's is 'Order not found.' / 'Quote not found.', exactly like an id that does not
 * exist.
 */
import { toDollars } from '../../schemas/money';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import { loadOrder, orderView, paymentView } from '../orders/order-view';
import { QuoteService } from './quote-service';

export const ORDER_NOT_FOUND = 'Order not found.';
export const QUOTE_NOT_FOUND = 'Quote not found.';
export const PAGE_SIZE = 20;

function orderNotFound(): ApiError {
  return new ApiError(404, 'orderNotExist', ORDER_NOT_FOUND);
}

function quoteNotFound(): ApiError {
  return new ApiError(404, 'quoteNotExist', QUOTE_NOT_FOUND);
}

/** Marks a quote as the customer's (an operator's decision, or a quote asked for while signed in). */
export async function attachQuoteToCustomer(q: Queries, quoteId: number, customerId: number): Promise<void> {
  await q.run(q.db.updateTable('quote').set({ customer_id: String(customerId) }).where('id', '=', quoteId));
}

export interface Page {
  page: number;
  pageSize: number;
}

/** `?page=` and `?pageSize=` (1 to 100), defaulting to the first page of 20. */
export function readPage(rawPage: unknown, rawSize: unknown): Page {
  const int = (v: unknown, fallback: number, max: number) => {
    const s = typeof v === 'string' ? v.trim() : '';
    return /^\d{1,6}$/.test(s) && Number(s) >= 1 ? Math.min(Number(s), max) : fallback;
  };
  return { page: int(rawPage, 1, 100_000), pageSize: int(rawSize, PAGE_SIZE, 100) };
}

/** An id of a path: the numeric id or the increment id (100000001, Q100001). */
function pathId(raw: unknown): string | undefined {
  const s = typeof raw === 'string' ? raw.trim() : '';
  return /^[A-Za-z0-9]{1,20}$/.test(s) ? s : undefined;
}

export class AccountOrders {
  constructor(private readonly q: Queries) {}

  async listOrders(customerId: number, { page, pageSize }: Page) {
    const owner = String(customerId);
    const q = this.q;
    const total = (await q.first(q.db.selectFrom('sales_order').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', owner)))?.n ?? 0;
    const rows = await q.all(
      q.db
        .selectFrom('sales_order')
        .select(['id', 'increment_id', 'created_at', 'status', 'total_cents', 'total_item_count', 'shipping_label', 'payment_method_label', 'split_payment_enabled'])
        .where('customer_id', '=', owner)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    );
    return {
      items: rows.map((o) => ({
        id: o.id,
        orderIncrementId: o.increment_id ?? String(o.id),
        createdAt: o.created_at,
        status: o.status,
        total: toDollars(o.total_cents),
        totalItemCount: o.total_item_count,
        shippingLabel: o.shipping_label,
        paymentMethodLabel: o.payment_method_label,
        splitPaymentEnabled: o.split_payment_enabled === 1,
      })),
      total,
      page,
      pageSize,
    };
  }

  async order(customerId: number, rawId: unknown) {
    const id = pathId(rawId);
    if (!id) throw orderNotFound();
    const q = this.q;
    const row = await q.first(
      q.db
        .selectFrom('sales_order')
        .select('id')
        .where('customer_id', '=', String(customerId))
        .where((eb) => eb.or([eb('increment_id', '=', id), ...(/^\d{1,12}$/.test(id) ? [eb('id', '=', Number(id))] : [])])),
    );
    const record = row ? await loadOrder(q, row.id) : undefined;
    if (!record) throw orderNotFound();
    return orderView(record);
  }

  async listQuotes(customerId: number, { page, pageSize }: Page) {
    const owner = String(customerId);
    const q = this.q;
    const total = (await q.first(q.db.selectFrom('quote').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', owner)))?.n ?? 0;
    const rows = await q.all(
      q.db
        .selectFrom('quote')
        .select(['id', 'increment_id', 'created_at', 'status', 'total_cents', 'po_number', 'order_id'])
        .where('customer_id', '=', owner)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        quoteIncrementId: r.increment_id ?? String(r.id),
        createdAt: r.created_at,
        status: r.status,
        total: toDollars(r.total_cents),
        poNumber: r.po_number ?? '',
        orderId: r.order_id,
      })),
      total,
      page,
      pageSize,
    };
  }

  /** The quote as its link holder sees it, with the payments of the order it became (shown only if any). */
  async quote(customerId: number, rawId: unknown) {
    const id = pathId(rawId);
    if (!id) throw quoteNotFound();
    const q = this.q;
    const row = await q.first(
      q.db
        .selectFrom('quote')
        .selectAll()
        .where('customer_id', '=', String(customerId))
        .where((eb) => eb.or([eb('increment_id', '=', id), ...(/^\d{1,12}$/.test(id) ? [eb('id', '=', Number(id))] : [])])),
    );
    if (!row) throw quoteNotFound();
    const order = row.order_id !== null ? await loadOrder(q, row.order_id) : undefined;
    const { expiresAt: _linkExpiry, ...view } = QuoteService.view(row as Parameters<typeof QuoteService.view>[0]);
    return { ...view, payments: order ? order.payments.map(paymentView) : [] };
  }
}
