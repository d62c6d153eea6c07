/**
 * The databases a benchmark measures: PostgreSQL at TEST_DATABASE_URL, or a throwaway cluster
 * started here (removed whole at the end), and a fresh database a run, on SQLite (a file in `tmp`)
 * or PostgreSQL (a schema of its own, dropped at the end when the server is not a throwaway one).
 */
import pg from 'pg';
import { startPostgresCluster } from '../server/testing/postgres-cluster';
import { createTestDatabaseUrl } from '../server/testing/test-database';

export type Cleanup = () => Promise<unknown> | unknown;

/** The PostgreSQL server's admin URL: TEST_DATABASE_URL's, or a throwaway cluster's. */
export async function benchPostgres(cleanups: Cleanup[], say: (line: string) => void): Promise<string> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return given;
  say('Starting a throwaway PostgreSQL cluster...');
  const cluster = await startPostgresCluster();
  cleanups.push(() => cluster.stop());
  return cluster.url;
}

/** A new, empty database on `engine` (the server's migrations run on it when it starts). */
export async function freshDatabaseUrl(engine: 'sqlite' | 'postgres', adminUrl: string, tmp: string, cleanups: Cleanup[]): Promise<string> {
  process.env.SHOWROOM_TEST_ENGINE = engine;
  process.env.SHOWROOM_TEST_POSTGRES_URL = adminUrl;
  const url = await createTestDatabaseUrl(tmp);
  if (engine === 'postgres' && process.env.TEST_DATABASE_URL) {
    const schema = /search_path=(\w+)/.exec(decodeURIComponent(url))![1]!;
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    });
  }
  return url;
}
