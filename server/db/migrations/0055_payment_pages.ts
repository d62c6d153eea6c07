/**
 * The payment pages' watch (server/payment-pages/):
 *
 * - `payment_page_violation`: the policy violations browsers reported from the payment pages, one
 *   row per kind (what was blocked, by which directive, on which page) with its count, first and
 *   last time, one sample, and when the admins were last mailed about it. Reports of a kind already
 *   known only add to its count, and the number of kinds is capped (../payment-pages/violation-reports.ts),
 *   so a public endpoint cannot fill the database.
 * - `payment_page_check`: each run of the change detection: what the browser received (scripts with
 *   their hashes, security headers), how it differs from the approved baseline, and, once an admin
 *   approved it in the studio, who and when. The baseline is the last approved run.
 * - `scheduled_run`: one row per scheduled job, its lease (which server runs it until when), when
 *   it last ran and how often the servers were set to run it, so several servers of one store run
 *   the weekly check once and the studio can say when it runs.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_page_violation')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind_key', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('csp', 'integrity', 'overflow')`))
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('directive', 'text', (c) => c.notNull())
    .addColumn('blocked', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('sample', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .addColumn('count_at_mail', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payment_page_violation_last_seen').on('payment_page_violation').column('last_seen_at').execute();

  await db.schema
    .createTable('payment_page_check')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('run_by', 'text', (c) => c.notNull().check(sql`run_by in ('command', 'schedule')`))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('browser', 'html')`))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('unchanged', 'changed', 'no_baseline', 'failed')`))
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('baseline_id', 'integer', (c) => c.references('payment_page_check.id'))
    .addColumn('error', 'text')
    .addColumn('approved_at', 'text')
    .addColumn('approved_by', 'text')
    .execute();
  await db.schema.createIndex('payment_page_check_approved').on('payment_page_check').columns(['approved_at', 'id']).execute();

  await db.schema
    .createTable('scheduled_run')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('every_hours', 'integer')
    .execute();
}
