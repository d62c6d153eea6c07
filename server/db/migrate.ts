import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_form_submission';
import * as m0002 from './migrations/0002_commerce';
import * as m0003 from './migrations/0003_forms_and_newsletter';
import * as m0004 from './migrations/0004_accounts';
import * as m0005 from './migrations/0005_submission_dealer';
import * as m0006 from './migrations/0006_payment_holds';
import * as m0007 from './migrations/0007_mail_cap_and_newsletter_consent';
import * as m0009 from './migrations/0009_shared_rate_limits';
import * as m0010 from './migrations/0010_studio';
import * as m0011 from './migrations/0011_back_office_orders';
import * as m0013 from './migrations/0013_back_office_leads';
import * as m0014 from './migrations/0014_test_gateway_refund';
import * as m0015 from './migrations/0015_refunds';
import * as m0016 from './migrations/0016_mail_log_age';
import * as m0030 from './migrations/0030_studio_reviews';
import * as m0031 from './migrations/0031_content_images';
import * as m0055 from './migrations/0055_payment_pages';
import * as m0040 from './migrations/0040_upload_content';
import * as m0020 from './migrations/0020_quote_lines';
import * as m0021 from './migrations/0021_quote_discount_approval';
import * as m0100 from './migrations/0100_test_gateway_transaction';
import * as m0101 from './migrations/0101_test_gateway_authentication';
import * as m0102 from './migrations/0102_refund_lines';
import * as m0120 from './migrations/0120_order_dealer_attribution';
import * as m0125 from './migrations/0125_content_image_removed';
import { PostgresSchemaPlugin } from './postgres-schema-plugin';

/** Migrations are listed here, in order, so that bundlers and tsx see every one of them. */
const migrations: Record<string, Migration> = {
  '0001_form_submission': m0001,
  '0002_commerce': m0002,
  '0003_forms_and_newsletter': m0003,
  '0004_accounts': m0004,
  '0005_submission_dealer': m0005,
  '0006_payment_holds': m0006,
  '0007_mail_cap_and_newsletter_consent': m0007,
  '0009_shared_rate_limits': m0009,
  '0010_studio': m0010,
  '0011_back_office_orders': m0011,
  '0013_back_office_leads': m0013,
  '0014_test_gateway_refund': m0014,
  '0015_refunds': m0015,
  '0016_mail_log_age': m0016,
  '0030_studio_reviews': m0030,
  '0031_content_images': m0031,
  '0055_payment_pages': m0055,
  '0040_upload_content': m0040,
  '0020_quote_lines': m0020,
  '0021_quote_discount_approval': m0021,
  '0100_test_gateway_transaction': m0100,
  '0101_test_gateway_authentication': m0101,
  '0102_refund_lines': m0102,
  '0120_order_dealer_attribution': m0120,
  '0125_content_image_removed': m0125,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

async function migratorFor(db: Kysely<any>): Promise<Migrator> {
  // Unordered: a database that already ran 0100 still gets 0003 and 0004 when they arrive later.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider, allowUnorderedMigrations: true });
  // On PostgreSQL the migrations' SQLite types are mapped (postgres-schema-plugin.ts), and Kysely's
  // Migrator takes an advisory lock, so servers starting together migrate once. Its own tables go in
  // the schema the store uses (the first of search_path), not in whichever schema has them already.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db: db.withPlugin(new PostgresSchemaPlugin()), provider, allowUnorderedMigrations: true, migrationTableSchema: rows[0]!.schema });
}

/** The migrations this code knows that the database has not run (readiness: a new server waits for them). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  return (await (await migratorFor(db)).getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
