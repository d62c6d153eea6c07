/**
 * Vitest global setup of the projects that run on PostgreSQL: a PostgreSQL for the whole run. With
 * TEST_DATABASE_URL set, that server (a user who may create databases and schemas), whose test
 * databases this run drops at its end; otherwise a throwaway cluster started here and removed at
 * the end, with everything in it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { testDatabasePrefix } from './test-database';

let cluster: PostgresCluster | undefined;

export async function setup(): Promise<void> {
  // Names this run's databases (test-database.ts), so a shared server's are told apart.
  process.env.SHOWROOM_TEST_RUN = randomBytes(4).toString('hex');
  if (process.env.TEST_DATABASE_URL) {
    process.env.SHOWROOM_TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  cluster = await startPostgresCluster();
  process.env.SHOWROOM_TEST_POSTGRES_URL = cluster.url;
}

export async function teardown(): Promise<void> {
  if (cluster) return cluster.stop();
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select datname as name from pg_database where starts_with(datname, $1)', [testDatabasePrefix()]);
    for (const { name } of rows) await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
