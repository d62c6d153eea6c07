/**
 * Turning a quote into an order, inside the caller's transaction. A quote becomes at most one
 * order (quote.order_id and sales_order.quote_id are unique): converting again returns that order.
 */
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { SyncQueries } from '../db/sync-query';
import { ApiError } from '../http/api-error';
import { orderAddressRow, type OrderAddress } from './order-address';
import { STATE_OF_STATUS } from './order-status';
import { nowIso } from './request-input';

export interface QuoteItem {
  name: string;
  sku: string;
  qty: number;
  priceCents: number;
  rowTotalCents: number;
  notes: string;
}

export function convertQuoteInTransaction(q: SyncQueries, quoteId: number, gateway: string, methods: readonly PaymentMethod[]): number {
  const quote = q.first(q.db.selectFrom('quote').selectAll().where('id', '=', quoteId));
  if (!quote) throw new ApiError(404, 'quoteNotExist', 'Quote not found.');
  if (quote.order_id !== null) return quote.order_id;
  const items = JSON.parse(quote.items) as QuoteItem[];
  const addresses = JSON.parse(quote.addresses) as OrderAddress[];
  const method = methods.find((m) => m.gateway === gateway);
  const now = nowIso();
  const row = q.first(
    q.db
      .insertInto('sales_order')
      .values({
        increment_id: null,
        state: STATE_OF_STATUS.pending,
        status: 'pending',
        email: quote.email,
        first_name: quote.first_name,
        last_name: quote.last_name,
        phone: quote.phone,
        customer_is_guest: 1,
        customer_id: null,
        dealer_origin: null,
        currency: 'USD',
        subtotal_cents: quote.subtotal_cents,
        shipping_cents: quote.shipping_cents,
        shipping_tax_cents: 0,
        tax_cents: quote.tax_cents,
        discount_cents: quote.discount_cents,
        total_cents: quote.total_cents,
        tax_percent: 0,
        weight: 0,
        total_item_count: items.reduce((a, i) => a + i.qty, 0),
        shipping_method: quote.shipping_method,
        shipping_label: quote.shipping_label,
        payment_method: method?.name ?? gateway,
        payment_method_label: method?.title ?? gateway,
        po_number: quote.po_number,
        additional_notes: quote.additional_notes,
        quote_id: quote.id,
        split_payment_enabled: quote.split_payment_enabled,
        minimum_split_cents: quote.minimum_split_cents,
        email_sent: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id'),
  )!;
  const orderId = row.id;
  q.run(q.db.updateTable('sales_order').set({ increment_id: String(100000000 + orderId) }).where('id', '=', orderId));
  for (const i of items) {
    q.run(
      q.db.insertInto('sales_order_item').values({
        order_id: orderId,
        sku: i.sku,
        name: i.name,
        style_name: null,
        style_title: null,
        price_cents: i.priceCents,
        original_price_cents: i.priceCents,
        price_incl_tax_cents: i.priceCents,
        qty: i.qty,
        weight: 0,
        row_weight: 0,
        row_total_cents: i.rowTotalCents,
        tax_percent: 0,
        tax_cents: 0,
        row_total_incl_tax_cents: i.rowTotalCents,
        custom_options: '[]',
        notes: i.notes || null,
      }),
    );
  }
  for (const a of addresses) {
    q.run(q.db.insertInto('sales_order_address').values(orderAddressRow(orderId, a)));
  }
  q.run(q.db.insertInto('sales_order_status_history').values({ order_id: orderId, status: 'pending', comment: 'New order has been created', is_customer_notified: 0, created_at: now }));
  q.run(q.db.insertInto('sales_order_status_history').values({ order_id: orderId, status: 'pending', comment: `Created from quote #${quote.increment_id ?? quote.id}.`, is_customer_notified: 0, created_at: now }));
  q.run(q.db.updateTable('quote').set({ status: 'ordered', order_id: orderId }).where('id', '=', quote.id));
  return orderId;
}
