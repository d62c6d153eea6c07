/**
 * Vitest global setup of the `server-postgres` project: a PostgreSQL for the whole run. With
 * TEST_DATABASE_URL set, that server (a user who may create schemas); otherwise a throwaway cluster
 * started here and removed at the end.
 */
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';

let cluster: PostgresCluster | undefined;

export async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.SHOWROOM_TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  cluster = await startPostgresCluster();
  process.env.SHOWROOM_TEST_POSTGRES_URL = cluster.url;
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
