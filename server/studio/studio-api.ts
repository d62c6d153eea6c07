/**
 * The studio's API (schemas/api/studio.ts) and its app's page (/studio): operators and their
 * sessions (./operator-routes.ts), drafts, preview, publish and versions (./content-routes.ts), review
 * (./review-routes.ts), the image library (./image-routes.ts), the block catalogue's pictures
 * (./block-example-routes.ts), and
 * the back office (../back-office/).
 */
import type Router from '@koa/router';
import { backOfficeLeadRoutes } from '../back-office/lead-routes';
import { backOfficeOrderRoutes } from '../back-office/order-routes';
import { backOfficeQuoteRoutes } from '../back-office/quote-routes';
import { backOfficeRefundRoutes } from '../back-office/refund-routes';
import { paymentPagesStudioRoutes } from '../payment-pages/studio-routes';
import { blockExampleRoutes } from './block-example-routes';
import { contentRoutes } from './content-routes';
import { operatorRoutes } from './operator-routes';
import { imageRoutes } from './image-routes';
import { reviewRoutes } from './review-routes';
import { studioPageRoutes } from './studio-page';
import type { StudioDeps } from './studio-deps';

export async function studioApi(api: Router, site: Router, deps: StudioDeps): Promise<void> {
  const operators = await operatorRoutes(api, deps);
  contentRoutes(api, deps, operators.gate);
  reviewRoutes(api, deps, operators.gate);
  imageRoutes(api, deps, operators.gate);
  blockExampleRoutes(api, deps, operators.gate);
  // The back office: orders, quotes, leads and subscribers.
  backOfficeOrderRoutes(api, deps, operators.gate);
  backOfficeRefundRoutes(api, deps, operators.gate);
  backOfficeQuoteRoutes(api, deps, operators.gate);
  backOfficeLeadRoutes(api, deps, operators.gate);
  paymentPagesStudioRoutes(api, deps, operators.gate, deps.paymentPages);
  studioPageRoutes(site, deps);
}
