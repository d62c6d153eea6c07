/**
 * The commerce tables: orders with items, addresses and status history, the payment ledger, quotes,
 * idempotency records, processed webhook events, the mail outbox and server secrets.
 * Money columns are integer cents. Only portable column types (integer, text, real), so the same
 * migration runs on PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sales_order')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('increment_id', 'text', (c) => c.unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('customer_is_guest', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('customer_id', 'text')
    .addColumn('dealer_origin', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_percent', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('total_item_count', 'integer', (c) => c.notNull())
    .addColumn('shipping_method', 'text', (c) => c.notNull())
    .addColumn('shipping_label', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_method_label', 'text', (c) => c.notNull())
    .addColumn('po_number', 'text')
    .addColumn('additional_notes', 'text')
    .addColumn('quote_id', 'integer', (c) => c.unique())
    .addColumn('split_payment_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minimum_split_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sales_order_email').on('sales_order').column('email').execute();

  await db.schema
    .createTable('sales_order_item')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sales_order.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('style_name', 'text')
    .addColumn('style_title', 'text')
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('original_price_cents', 'integer', (c) => c.notNull())
    .addColumn('price_incl_tax_cents', 'integer', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('weight', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('row_weight', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('row_total_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_percent', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('row_total_incl_tax_cents', 'integer', (c) => c.notNull())
    .addColumn('custom_options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes', 'text')
    .execute();
  await db.schema.createIndex('sales_order_item_order').on('sales_order_item').column('order_id').execute();

  await db.schema
    .createTable('sales_order_address')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sales_order.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('street1', 'text', (c) => c.notNull())
    .addColumn('street2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country_id', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .execute();
  await db.schema.createIndex('sales_order_address_order').on('sales_order_address').column('order_id').execute();

  await db.schema
    .createTable('sales_order_status_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sales_order.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('is_customer_notified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sales_order_status_history_order').on('sales_order_status_history').column('order_id').execute();

  await db.schema
    .createTable('quote')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('increment_id', 'text', (c) => c.unique())
    .addColumn('po_number', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('addresses', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_method', 'text', (c) => c.notNull())
    .addColumn('shipping_label', 'text', (c) => c.notNull())
    .addColumn('additional_notes', 'text')
    .addColumn('split_payment_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minimum_split_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_hash', 'text')
    .addColumn('token_expires_at', 'text')
    .addColumn('order_id', 'integer', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.references('sales_order.id'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('method_label', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text', (c) => c.notNull().unique())
    .addColumn('additional_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_order').on('payment').column('order_id').execute();

  await db.schema
    .createTable('idempotency_record')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_record_scope_key', ['scope', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('processed_webhook_event')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('processed_webhook_event_provider_event', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('cc', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_status').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'server_secret',
    'mail_outbox',
    'processed_webhook_event',
    'idempotency_record',
    'payment',
    'quote',
    'sales_order_status_history',
    'sales_order_address',
    'sales_order_item',
    'sales_order',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
