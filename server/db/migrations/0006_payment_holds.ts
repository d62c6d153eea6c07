import type { Kysely } from 'kysely';

/**
 * So that a customer is never charged twice:
 * - `payment_attempt`: every provider object the store created to take a payment that the browser
 *   (or the provider) may still move on its own: a Stripe PaymentIntent, a PayPal order. A new
 *   charge for the same order or quote first settles the open ones (cancels an unconfirmed intent,
 *   reports one waiting for the bank), and a voided PayPal order is never captured.
 * - `payment_overpayment`: a completed payment that took more than the order still owed (two cards
 *   racing a bank's confirmation, say). Never silent: the excess is stored here, the order's history
 *   says so and the admin e-mail says a refund is due.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_attempt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.references('sales_order.id'))
    .addColumn('quote_id', 'integer', (c) => c.references('quote.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // open: the provider may still take it; voided: the store cancelled it; settled: the ledger has it.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_attempt_order').on('payment_attempt').column('order_id').execute();
  await db.schema.createIndex('payment_attempt_quote').on('payment_attempt').column('quote_id').execute();

  await db.schema
    .createTable('payment_overpayment')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sales_order.id'))
    // One excess per completed payment: the payment that went over the amount due.
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payment.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema.createIndex('payment_overpayment_order').on('payment_overpayment').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_overpayment').execute();
  await db.schema.dropTable('payment_attempt').execute();
}
