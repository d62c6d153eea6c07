/**
 * The payments and refunds of a period as a CSV, one row each, to reconcile the store's books with
 * the gateways' reports: the day (UTC), what it is (payment, refund, void), the order, the gateway
 * and its reference, the amount (negative for money given back) and the status. Text cells that a
 * spreadsheet would run as a formula are defused, as the leads' export does.
 */
import { stringify } from 'csv-stringify/sync';
import { toDollars } from '../../schemas/money';
import type { Queries } from '../db/queries';
import { defused } from '../services/submissions-export';

const HEADER = ['date', 'kind', 'order', 'customer e-mail', 'gateway', 'method', 'transaction', 'reference', 'amount', 'currency', 'status', 'reason', 'by'];

/** Rows created on `from` .. `to` (YYYY-MM-DD, UTC days, both included), oldest first. */
export async function paymentsCsv(q: Queries, from: string, to: string): Promise<{ csv: string; rows: number }> {
  const start = `${from}T00:00:00.000Z`;
  const end = `${to}T23:59:59.999Z`;
  const payments = await q.all(
    q.db
      .selectFrom('payment')
      .innerJoin('sales_order', 'sales_order.id', 'payment.order_id')
      .select(['payment.created_at', 'payment.gateway', 'payment.method_label', 'payment.transaction_id', 'payment.provider_reference', 'payment.amount_cents', 'payment.currency', 'payment.status', 'sales_order.increment_id', 'sales_order.email'])
      .where('payment.created_at', '>=', start)
      .where('payment.created_at', '<=', end),
  );
  const refunds = await q.all(
    q.db
      .selectFrom('payment_refund')
      .innerJoin('payment', 'payment.id', 'payment_refund.payment_id')
      .innerJoin('sales_order', 'sales_order.id', 'payment_refund.order_id')
      .select([
        'payment_refund.created_at',
        'payment_refund.kind',
        'payment_refund.status',
        'payment_refund.amount_cents',
        'payment_refund.currency',
        'payment_refund.reason',
        'payment_refund.provider_reference',
        'payment_refund.requested_by',
        'payment_refund.decided_by',
        'payment.gateway',
        'payment.method_label',
        'payment.transaction_id',
        'sales_order.increment_id',
        'sales_order.email',
      ])
      .where('payment_refund.created_at', '>=', start)
      .where('payment_refund.created_at', '<=', end),
  );
  const rows = [
    ...payments.map((p) => ({ at: p.created_at, cells: [p.created_at.slice(0, 10), 'payment', p.increment_id ?? '', p.email, p.gateway, p.method_label, p.transaction_id, p.provider_reference, toDollars(p.amount_cents).toFixed(2), p.currency, p.status, '', ''] })),
    ...refunds.map((r) => ({
      at: r.created_at,
      cells: [r.created_at.slice(0, 10), r.kind, r.increment_id ?? '', r.email, r.gateway, r.method_label, r.transaction_id, r.provider_reference ?? '', (-toDollars(r.amount_cents)).toFixed(2), r.currency, r.status, r.reason, r.decided_by ?? r.requested_by],
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  // The amount (column 9) is the store's own number, negative for money given back: left as it is.
  const AMOUNT = HEADER.indexOf('amount');
  return { csv: stringify([HEADER, ...rows.map((r) => r.cells.map((c, i) => (i === AMOUNT ? String(c) : defused(String(c)))))]), rows: rows.length };
}
