/**
 * Liveness and readiness, as a proxy in front of several servers asks them: /api/ready is 200 only
 * when the database answers and has run every migration this code knows.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createGateways } from '../gateways/create-gateways';
import { call } from '../security/attacker-kit';
import { listenApiApp, type ListeningApiApp } from '../testing/api-app';
import { openTestDatabase } from '../testing/test-database';

let app: ListeningApiApp | undefined;
let database: Database | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close().catch(() => {});
  app = database = undefined;
});

async function start(): Promise<string> {
  database = await openTestDatabase();
  const gateways = createGateways({ stripe: null, paypal: null, authorizeNet: null, testGateway: true }, database);
  app = await listenApiApp({ database, gateways, mail: { smtpUrl: null, from: 'Showroom <orders@showroom.localhost>', adminEmails: [] } });
  return app.url;
}

describe('GET /api/ready', () => {
  it('is ready on a migrated database, and says which engine', async () => {
    const url = await start();
    const ready = await call(url, 'GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: database!.engine, migrations: 'current' });
    expect((await call(url, 'GET', '/api/health')).body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is not ready while a migration this code knows has not run, and names it', async () => {
    const url = await start();
    await sql`delete from kysely_migration where name = ${'0009_shared_rate_limits'}`.execute(database!.db);
    const ready = await call(url, 'GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ error: 'migrations_pending', message: 'The database has not run 0009_shared_rate_limits yet: run npm run migrate.' });
    // Still alive: a proxy keeps it out of rotation rather than restarting it.
    expect((await call(url, 'GET', '/api/health')).status).toBe(200);
  });

  it('is neither alive nor ready when the database does not answer', async () => {
    const url = await start();
    await database!.close();
    for (const path of ['/api/ready', '/api/health']) {
      const res = await call(url, 'GET', path);
      expect(res.status, path).toBe(503);
      expect(res.body, path).toEqual({ error: 'unavailable', message: 'The database is not answering.' });
    }
  });
});
