/** GET /api/openapi.json: the commerce API described for tools (see docs/commerce-api.md). */
import type Router from '@koa/router';
import { openApiEndpoint } from '../../schemas/api/forms';
import { checkRequest } from '../http/contract';
import { commerceOpenApi } from './openapi-document';

export function openApiRoutes(router: Router): void {
  router.get(openApiEndpoint.path, (ctx) => {
    checkRequest(openApiEndpoint, ctx);
    ctx.body = commerceOpenApi;
  });
}
