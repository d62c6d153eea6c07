import type Router from '@koa/router';
import type { Database } from '../db/database';

/** Liveness and readiness in one: 200 only when the database answers. */
export function healthRoutes(router: Router, database: Database): void {
  router.get('/api/health', async (ctx) => {
    let ok = false;
    try {
      ok = await database.check();
    } catch {
      ok = false;
    }
    ctx.status = ok ? 200 : 503;
    ctx.body = ok ? { status: 'ok', database: 'ok' } : { error: 'unavailable', message: 'The database is not answering.' };
  });
}
