/**
 * Placing an order from a quote, inside the caller's transaction (a quote paid by its link has no
 * order until its first payment). A quote becomes at most one order: the quote's row is locked
 * before its order_id is read, so a second conversion (another request, another server) waits and
 * then finds that order; sales_order.quote_id is unique as the backstop.
 */
import type { LineDetail } from '../../schemas/evaluators/quote-lines';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { Queries } from '../db/queries';
import { nowIso } from '../services/request-input';
import { addressColumns, type OrderAddress } from './order-address';
import { OrderError } from './order-errors';
import { insertOrder, type NewItem } from './order-rows';
import { STATE_OF_STATUS } from './order-status';
import type { OrderRecord } from './order-view';

export interface QuoteItem {
  name: string;
  sku: string;
  qty: number;
  priceCents: number;
  rowTotalCents: number;
  notes: string;
  /** The finish a door sample's line is made in (server/back-office/quote-pricing.ts). */
  customOptions?: { type: string; value: string; label: string }[];
  /** A kitchen line's words (its finish, options, measure, room); the order's line keeps them. */
  detail?: LineDetail;
  /** Pounds, for the order's weight. */
  weight?: number;
}

export function quoteNotFound(): OrderError {
  return new OrderError('not_found', 'quoteNotExist', 'Quote not found.');
}

/**
 * The quote's order: the one it already has, or a new one (`created`). `tx` is the caller's
 * transaction: the quote's row stays locked until it ends.
 */
export async function placeFromQuote(tx: Queries, quoteId: number, gateway: string, methods: readonly PaymentMethod[]): Promise<{ orderId: number; created?: OrderRecord }> {
  const quote = await tx.first(tx.lockRow(tx.db.selectFrom('quote').selectAll().where('id', '=', quoteId)));
  if (!quote) throw quoteNotFound();
  if (quote.order_id !== null) return { orderId: quote.order_id };
  const items = JSON.parse(quote.items) as QuoteItem[];
  const addresses = JSON.parse(quote.addresses) as OrderAddress[];
  const method = methods.find((m) => m.gateway === gateway);
  const now = nowIso();
  const lines: NewItem[] = items.map((i) => ({
    sku: i.sku,
    name: i.name,
    style_name: null,
    style_title: null,
    price_cents: i.priceCents,
    original_price_cents: i.priceCents,
    price_incl_tax_cents: i.priceCents,
    qty: i.qty,
    weight: i.qty ? (i.weight ?? 0) / i.qty : 0,
    row_weight: i.weight ?? 0,
    row_total_cents: i.rowTotalCents,
    tax_percent: 0,
    tax_cents: 0,
    row_total_incl_tax_cents: i.rowTotalCents,
    custom_options: JSON.stringify(i.customOptions ?? []),
    notes: i.notes || null,
    detail: i.detail ? JSON.stringify(i.detail) : null,
  }));
  const record = await insertOrder(
    tx,
    {
      state: STATE_OF_STATUS.pending,
      status: 'pending',
      email: quote.email,
      first_name: quote.first_name,
      last_name: quote.last_name,
      phone: quote.phone,
      // A quote made for a customer's account (the studio links one by its e-mail): its order shows in that account.
      customer_is_guest: quote.customer_id === null ? 1 : 0,
      customer_id: quote.customer_id,
      dealer_origin: null,
      dealer_attribution: null,
      currency: 'USD',
      subtotal_cents: quote.subtotal_cents,
      shipping_cents: quote.shipping_cents,
      shipping_tax_cents: quote.shipping_tax_cents,
      tax_cents: quote.tax_cents,
      discount_cents: quote.discount_cents,
      total_cents: quote.total_cents,
      tax_percent: quote.tax_percent,
      weight: Math.round(items.reduce((a, i) => a + (i.weight ?? 0), 0) * 1000) / 1000,
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
    },
    {
      items: lines,
      addresses: addresses.map(addressColumns),
      history: [
        { status: 'pending', comment: 'New order has been created' },
        { status: 'pending', comment: `Created from quote #${quote.increment_id ?? quote.id}.` },
      ],
      now,
    },
  );
  await tx.run(tx.db.updateTable('quote').set({ status: 'ordered', order_id: record.order.id }).where('id', '=', quote.id));
  return { orderId: record.order.id, created: record };
}
