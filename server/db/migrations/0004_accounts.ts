/**
 * Customer accounts: customers with their password hash, saved addresses, sign-in sessions and
 * password-reset tokens; quotes get the customer they belong to (orders already have
 * `customer_id`). Secrets are stored only as hashes: argon2id for passwords, sha256 for the random
 * session ids, access tokens and reset tokens. Portable column types only, as in 0002.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull())
    // The e-mail trimmed and lower-cased: one account per address whatever its case.
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('default_shipping_address_id', 'integer')
    .addColumn('default_billing_address_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customer_address')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('street1', 'text', (c) => c.notNull())
    .addColumn('street2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country_id', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_address_customer').on('customer_address').column('customer_id').execute();

  await db.schema
    .createTable('customer_session')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
    // sha256 (hex) of the cookie's random session id and of the bearer access token of one sign-in.
    .addColumn('session_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_session_customer').on('customer_session').column('customer_id').execute();

  await db.schema
    .createTable('password_reset')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Same type as sales_order.customer_id (text), which 0002 made for this day.
  await db.schema.alterTable('quote').addColumn('customer_id', 'text').execute();
  await db.schema.createIndex('sales_order_customer').on('sales_order').column('customer_id').execute();
  await db.schema.createIndex('quote_customer').on('quote').column('customer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quote_customer').execute();
  await db.schema.dropIndex('sales_order_customer').execute();
  await db.schema.alterTable('quote').dropColumn('customer_id').execute();
  await db.schema.dropTable('password_reset').execute();
  await db.schema.dropTable('customer_session').execute();
  await db.schema.dropTable('customer_address').execute();
  await db.schema.dropTable('customer').execute();
}
