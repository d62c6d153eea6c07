/**
 * The studio's API (schemas/api/studio.ts) and its app's page (/studio): operators and their
 * sessions (./operator-routes.ts), drafts, preview, publish and versions (./content-routes.ts).
 */
import type Router from '@koa/router';
import { contentRoutes } from './content-routes';
import { operatorRoutes } from './operator-routes';
import { studioPageRoutes } from './studio-page';
import type { StudioDeps } from './studio-deps';

export async function studioApi(api: Router, site: Router, deps: StudioDeps): Promise<void> {
  const operators = await operatorRoutes(api, deps);
  contentRoutes(api, deps, operators.gate);
  studioPageRoutes(site, deps);
}
