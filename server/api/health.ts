import type Router from '@koa/router';
import { healthEndpoint, readyEndpoint } from '../../schemas/api/health';
import type { Database } from '../db/database';
import { pendingMigrations } from '../db/migrate';
import { checkRequest } from '../http/contract';

/**
 * Liveness (`/api/health`: the database answers) and readiness (`/api/ready`: it answers and has
 * run every migration this server's code expects, so a proxy sends it traffic only then). A new
 * server started before its migrations ran stays out of rotation instead of failing requests.
 */
export function healthRoutes(router: Router, database: Database): void {
  router.get('/api/health', async (ctx) => {
    checkRequest(healthEndpoint, ctx);
    const ok = await database.check().catch(() => false);
    ctx.status = ok ? 200 : 503;
    ctx.body = ok ? { status: 'ok', database: 'ok' } : { error: 'unavailable', message: 'The database is not answering.' };
  });

  router.get('/api/ready', async (ctx) => {
    checkRequest(readyEndpoint, ctx);
    const reachable = await database.check().catch(() => false);
    const pending = reachable ? await pendingMigrations(database.db).catch(() => null) : null;
    if (reachable && pending && pending.length === 0) {
      ctx.body = { status: 'ready', database: database.engine, migrations: 'current' };
      return;
    }
    ctx.status = 503;
    ctx.body = !reachable
      ? { error: 'unavailable', message: 'The database is not answering.' }
      : { error: 'migrations_pending', message: `The database has not run ${pending ? pending.join(', ') : 'its migrations'} yet: run npm run migrate.` };
  });
}
