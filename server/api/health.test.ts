/**
 * Liveness and readiness, as a proxy in front of several servers asks them: /api/ready is 200 only
 * when the database answers and has run every migration this code knows.
 *
 * @engines sqlite postgres: readiness reads the engine's table of migrations.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../security/attacker-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function start(): Promise<string> {
  server = await startTestServer();
  return server.url;
}

describe('GET /api/ready', () => {
  it('is ready on a migrated database, and says which engine', async () => {
    const url = await start();
    const ready = await call(url, 'GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: server!.database.engine, migrations: 'current' });
    expect((await call(url, 'GET', '/api/health')).body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is not ready while a migration this code knows has not run, and names it', async () => {
    const url = await start();
    await sql`delete from kysely_migration where name = ${'0009_shared_rate_limits'}`.execute(server!.database.db);
    const ready = await call(url, 'GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ error: 'migrations_pending', message: 'The database has not run 0009_shared_rate_limits yet: run npm run migrate.' });
    // Still alive: a proxy keeps it out of rotation rather than restarting it.
    expect((await call(url, 'GET', '/api/health')).status).toBe(200);
  });

  it('is neither alive nor ready when the database does not answer', async () => {
    const url = await start();
    await server!.database.close();
    for (const path of ['/api/ready', '/api/health']) {
      const res = await call(url, 'GET', path);
      expect(res.status, path).toBe(503);
      expect(res.body, path).toEqual({ error: 'unavailable', message: 'The database is not answering.' });
    }
  });
});
