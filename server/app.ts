/**
 * The main site's Koa app: API, published schemas, widget bundles, client assets, content images,
 * the developers' playground, and every other GET rendered as a page.
 */
import path from 'node:path';
import Koa from 'koa';
import Router from '@koa/router';
import { definitionSchemas } from '../schemas/index';
import { commerceRoutes } from './api/commerce-routes';
import { healthRoutes } from './api/health';
import { paymentMethodRoutes } from './api/payment-methods';
import { paymentRoutes } from './api/payments';
import { webhookRoutes } from './api/webhooks';
import { clientDir, projectRoot, widgetsDir } from './build-output';
import type { Content } from './content/load-content';
import type { Database } from './db/database';
import { createGateways, type AllGateways } from './gateways/create-gateways';
import { ApiError } from './http/api-error';
import { apiCors, publicCors } from './http/cors';
import { errorHandler } from './http/error-handler';
import { staticFiles } from './http/static-files';
import type { Logger } from './logger';
import { mailConfigFromEnv, type MailConfig } from './mail/mail-config';
import type { ClientAssets } from './ssr/client-assets';
import { pageRoute, type RenderPage } from './ssr/page-route';

export interface AppDeps {
  content: Content;
  database: Database;
  logger: Logger;
  publicUrl: string;
  allowedOrigins: () => ReadonlySet<string>;
  renderPage: RenderPage;
  assets: ClientAssets;
  /** Payment gateways (createGateways(config.gateways, database)); default: the offline test gateway only. */
  gateways?: AllGateways;
  /** Mail settings; default: from SMTP_URL, MAIL_FROM, ADMIN_EMAILS. */
  mail?: MailConfig;
  production?: boolean;
}

const YEAR = 365 * 24 * 60 * 60;

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  app.use(errorHandler(deps.logger));

  const api = new Router();
  healthRoutes(api, deps.database);
  const gateways = deps.gateways ?? createGateways({ stripe: null, paypal: null, authorizeNet: null }, deps.database);
  // Orders, quotes, verify, cart, shipping, reviews, e-mail; `commerce.payments` holds chargeAmount
  // and onConfirmedPayment for the payment routes.
  const commerce = commerceRoutes(api, {
    content: deps.content,
    database: deps.database,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
    gateways,
    mail: deps.mail ?? mailConfigFromEnv(),
    production: deps.production ?? process.env.NODE_ENV === 'production',
  });
  // Payment methods with their public client keys, /api/payment/* (room B1), and the webhooks, which
  // read the raw body and so are mounted before any body parser and the router.
  const payments = { gateways, chargeAmount: commerce.payments.chargeAmount, onConfirmedPayment: commerce.payments.onConfirmedPayment, logger: deps.logger };
  paymentMethodRoutes(api, deps.content, gateways);
  paymentRoutes(api, payments);
  app.use(webhookRoutes(payments));
  api.get('/schemas/:name.schema.json', (ctx) => {
    const schema = definitionSchemas[ctx.params.name as keyof typeof definitionSchemas];
    if (!schema) return;
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = schema;
  });

  const corsForApi = apiCors(deps.allowedOrigins);
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) return corsForApi(ctx, next);
    if (ctx.path.startsWith('/widgets/')) return publicCors(ctx, next);
    return next();
  });
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/api/') && ctx.status === 404 && ctx.body === undefined) {
      throw new ApiError(404, 'not_found', 'No such API endpoint.');
    }
  });
  app.use(staticFiles({ prefix: '/assets/', root: path.join(clientDir, 'assets'), maxAgeSeconds: YEAR, immutable: true }));
  app.use(staticFiles({ prefix: '/widgets/', root: widgetsDir, maxAgeSeconds: 300 }));
  app.use(staticFiles({ prefix: '/images/', root: path.join(deps.content.dir, 'images'), maxAgeSeconds: 3600 }));
  app.use(staticFiles({ prefix: '/playground/', root: path.join(projectRoot, 'examples', 'playground'), maxAgeSeconds: 0 }));
  app.use(pageRoute({ content: deps.content, renderPage: deps.renderPage, assets: deps.assets, publicUrl: deps.publicUrl }));
  return app;
}
