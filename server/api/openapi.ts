/** GET /api/openapi.json: the commerce API described for tools (see docs/commerce-api.md). */
import type Router from '@koa/router';
import { commerceOpenApi } from './openapi-document';

export function openApiRoutes(router: Router): void {
  router.get('/api/openapi.json', (ctx) => {
    ctx.body = commerceOpenApi;
  });
}
