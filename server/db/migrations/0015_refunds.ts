/**
 * Money given back on an order's payments (server/orders/refunds.ts): each refund or void is a row,
 * requested by an editor and carried out by a publisher (or both at once by a publisher), with the
 * reason, the note, who asked and who decided, and what the gateway answered. The order's payments
 * keep their own rows; what was given back is the sum of these.
 *
 * Two keys make a refund happen once: `idempotency_key`, made when it is requested and sent to the
 * gateway with every attempt (a retry, another server), and `request_key`, the Idempotency-Key of
 * the request that asked for it (a double click, a retry after a timeout). `provider_reference` is
 * the gateway's id of the refund: its webhook, arriving beside the store's own call, finds the row.
 *
 * The order's history gains `internal`: lines for the seller's eyes only (who asked for a refund and
 * why, a publisher's refusal), which the customer's view of the order leaves out.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_refund')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sales_order.id'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payment.id'))
    .addColumn('overpayment_id', 'integer', (c) => c.references('payment_overpayment.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('refund', 'void')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'processing', 'pending', 'succeeded', 'failed', 'refused')`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('request_key', 'text', (c) => c.unique())
    .addColumn('provider_reference', 'text', (c) => c.unique())
    .addColumn('failure_message', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_refund_order').on('payment_refund').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('payment_refund_payment').on('payment_refund').column('payment_id').execute();
  // The reconciliation export reads refunds by date; the back office lists requests waiting for a publisher.
  await db.schema.createIndex('payment_refund_created').on('payment_refund').column('created_at').execute();
  await db.schema.createIndex('payment_refund_status').on('payment_refund').columns(['status', 'id']).execute();
  await db.schema.alterTable('sales_order_status_history').addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
