/**
 * The main site's Koa app: API, published schemas, widget bundles, client assets, content images,
 * the developers' playground (when EXAMPLES names it), and every other GET rendered as a page.
 */
import path from 'node:path';
import Koa from 'koa';
import compose from 'koa-compose';
import Router from '@koa/router';
import { publishedSchemas } from '../schemas/index';
import { commerceRoutes } from './api/commerce-routes';
import { catalogSampleRoutes } from './api/catalog-samples';
import { healthRoutes } from './api/health';
import { responseCheck, responseChecksOn } from './http/response-check';
import { paymentMethodRoutes } from './api/payment-methods';
import { paymentRoutes } from './api/payments';
import { webhookRoutes } from './api/webhooks';
import { clientDir, projectRoot, widgetsDir } from './build-output';
import type { Content } from './content/load-content';
import type { LiveSite } from './content/live-site';
import type { Database } from './db/database';
import { createGateways, type AllGateways } from './gateways/create-gateways';
import type { ProviderRefund } from './gateways/gateway';
import { ApiError } from './http/api-error';
import { clientAddress, untrustedForwardingWarning } from './http/client-address';
import { apiCors, publicCors } from './http/cors';
import { DealerDirectory, dealerOriginCheck } from './http/dealer-origin';
import { errorHandler } from './http/error-handler';
import type { StoreMetrics } from './metrics/store-metrics';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './studio/image-limits';
import { securityHeaders } from './http/security-headers';
import { staticFiles } from './http/static-files';
import { StoreOrigins } from './http/store-origins';
import type { Logger } from './logger';
import { mailBrandOf, setMailBrand } from './mail/mail-brand';
import type { MailConfig } from './mail/mail-config';
import { formsPublicSettings, type FormSettings } from './services/form-settings';
import { WIDGETS_MAJOR } from '../widgets/widgets-version';
import type { ClientAssets } from './ssr/client-assets';
import { pageRoute, type RenderPage } from './ssr/page-route';
import { paymentPagePaths } from './payment-pages/page-check';
import { acceptHostedCommunicatorRoute } from './payment-pages/accept-hosted-communicator';
import { paymentPageSecurity } from './payment-pages/payment-page-policy';
import { violationReportRoutes } from './payment-pages/violation-routes';
import { studioApi } from './studio/studio-api';

export interface AppDeps {
  /** The content this app serves; an app is built anew for each new content (server/start.ts swaps them). */
  content: Content;
  /**
   * The live content (server/content/live-site.ts) the studio checks, previews and publishes
   * through; the same object for every app the server builds. Absent: an app with fixed content
   * (tests, tools), and no studio.
   */
  live?: LiveSite;
  database: Database;
  logger: Logger;
  publicUrl: string;
  /** Origins that are the store too, besides PUBLIC_URL's (the loopback names while PUBLIC_URL is unset); default none. */
  storeAliases?: readonly string[];
  allowedOrigins: () => ReadonlySet<string>;
  /** The dealer example server's origins, for the `dealer-example` entry of dealers.json; default: none. */
  dealerExampleOrigins?: () => readonly string[];
  renderPage: RenderPage;
  assets: ClientAssets;
  /** Payment gateways (createGateways(config.gateways, database)); default: the offline test gateway only. */
  gateways?: AllGateways;
  /** SMTP_URL, MAIL_FROM, ADMIN_EMAILS (config.mail). */
  mail: MailConfig;
  /** The forms' uploads folder and reCAPTCHA (config.forms). */
  forms: FormSettings;
  /** The image library's quota per editor and upload rate (config.imageLimits; default: DEFAULT_IMAGE_LIMITS). */
  imageLimits?: ImageLimits;
  /** Rendered pages kept in memory (config.pageCacheSize). */
  pageCacheSize: number;
  production: boolean;
  /** Proxies whose X-Forwarded-For is believed (config TRUST_PROXY); default: none. */
  trustProxy?: readonly string[];
  /** Serve the widgets' playground at /playground/ (config EXAMPLES); default: outside production only. */
  playground?: boolean;
  /** The server's metrics (made once, in server/start.ts), and the token that opens the store's /metrics (METRICS_TOKEN). */
  metrics?: { store: StoreMetrics; token: string | null };
}

const YEAR = 365 * 24 * 60 * 60;

/** Async: the store's keys are read (or made, once for all servers) from the database first. */
export async function createApp(deps: AppDeps): Promise<Koa> {
  const app = new Koa();
  // The e-mails this app's requests queue carry the name and colours of the content it serves.
  setMailBrand(mailBrandOf(deps.content.settings, deps.publicUrl));
  // Koa believes X-Forwarded-For only with app.proxy; clientAddress believes it from named proxies.
  app.proxy = false;
  if (deps.metrics) app.use(deps.metrics.store.middleware);
  app.use(securityHeaders({ https: deps.publicUrl.startsWith('https:') }));
  // Outside the error handler, so error answers are checked against the contract too.
  if (responseChecksOn()) app.use(responseCheck(deps.logger));
  app.use(errorHandler(deps.logger));
  if (deps.trustProxy?.length) app.use(clientAddress(deps.trustProxy));
  else app.use(untrustedForwardingWarning(deps.logger));
  if (deps.metrics?.token) app.use(deps.metrics.store.tokenRoute(deps.metrics.token));

  const storeOrigins = new StoreOrigins(deps.publicUrl, deps.storeAliases);
  const production = deps.production;

  // Two routers, so an API call is matched against API routes only and a page never walks them.
  const api = new Router();
  const site = new Router();
  healthRoutes(api, deps.database);
  const gateways = deps.gateways ?? createGateways({ stripe: null, paypal: null, authorizeNet: null }, deps.database);
  // Orders, quotes, verify, cart, shipping, reviews, e-mail (and /dev/mail outside production);
  // `commerce.payments` holds chargeAmount and onConfirmedPayment for the payment routes.
  const commerce = await commerceRoutes(api, {
    content: deps.content,
    database: deps.database,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
    storeOrigins,
    gateways,
    mail: deps.mail,
    forms: deps.forms,
    production,
  });
  // Payment methods with their public client keys, /api/payment/*, and the webhooks, which
  // read the raw body and so are mounted before the router.
  const dealers = new DealerDirectory(deps.content.dealers, deps.dealerExampleOrigins);
  // A payment step that leaves the page (the test gateway's authentication) returns only to the
  // store or to a page that may embed the widgets.
  const isReturnOrigin = (origin: string) => deps.allowedOrigins().has(origin) || dealers.isDealerOrigin(origin);
  const p = commerce.payments;
  const holds = { held: p.held, openAttempts: p.openAttempts, recordAttempt: p.recordAttempt, markAttempt: p.markAttempt, attemptState: p.attemptState, onVoidedPayment: p.onVoidedPayment };
  const onProviderRefunds = (refunds: readonly ProviderRefund[]) => commerce.orders.recordProviderRefunds(refunds);
  const payments = { gateways, chargeAmount: p.chargeAmount, onConfirmedPayment: p.onConfirmedPayment, onProviderRefunds, holds, logger: deps.logger, storeOrigins, isReturnOrigin };
  paymentMethodRoutes(api, deps.content, gateways);
  catalogSampleRoutes(api, deps.content);
  paymentRoutes(api, payments);
  // The payment pages: their script inventory's policy and integrity, and where violations are reported (docs/payment-pages.md).
  const inventory = deps.assets.inventory;
  const paymentPages = inventory ? paymentPageSecurity({ inventory, paymentMethods: deps.content.paymentMethods, gateways: gateways.config }) : undefined;
  const paymentPagePathSet = new Set(paymentPagePaths(deps.content));
  // The page Accept Hosted's form frames, when it is shown in a frame of a payment page.
  acceptHostedCommunicatorRoute(site, gateways.config);
  violationReportRoutes(api, {
    database: deps.database,
    logger: deps.logger,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    sources: { isStoreOrigin: (origin) => storeOrigins.has(origin), isPaymentPage: (path) => paymentPagePathSet.has(path.length > 1 ? path.replace(/\/+$/, '') : path) },
  });
  // The studio, when the server has live content: its API on `api`, its page on `site`. Every app
  // gets the same `live`; a publish builds the next app, and requests already in flight (the
  // publish's own included) finish on this one.
  if (deps.live) {
    await studioApi(api, site, { database: deps.database, logger: deps.logger, publicUrl: deps.publicUrl, storeOrigins, live: deps.live, renderPage: deps.renderPage, assets: deps.assets, production, commerce, forms: deps.forms, imageLimits: deps.imageLimits ?? DEFAULT_IMAGE_LIMITS, gateways, paymentPages: { security: paymentPages, gateways: gateways.config } });
  }
  const schemas = new Map<string, unknown>(Object.entries(publishedSchemas));
  site.get('/schemas/:name.schema.json', (ctx) => {
    // A Map: a name such as "constructor" or "__proto__" is just a name that is not there.
    const schema = schemas.get(ctx.params.name ?? '');
    if (!schema) return;
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = schema;
  });

  // The API chain, entered by path prefix before anything else looks at the request. CORS runs
  // only for a browser's cross-origin call (an Origin header); a same-origin GET and a server's
  // call skip it. A route without path parameters is found by one Map lookup; the router, which
  // tries every route's pattern, handles the rest (and trailing slashes, 405s).
  // A call naming a dealer (X-Showroom-Dealer) is checked against that dealer's origins first.
  const corsForApi = apiCors(deps.allowedOrigins, (origin) => dealers.isDealerOrigin(origin));
  const dealerCheck = dealerOriginCheck(dealers, deps.logger);
  const webhooks = webhookRoutes(payments);
  const exactRoutes = routesByExactPath(api);
  const routed = compose<Koa.Context>([
    api.routes() as Koa.Middleware,
    api.allowedMethods() as Koa.Middleware,
    (ctx, next) => {
      if (!ctx.path.startsWith('/api/')) return next();
      if (ctx.body === undefined) throw new ApiError(404, 'not_found', 'No such API endpoint.');
    },
  ]);
  const route: Koa.Middleware = (ctx, next) => {
    const exact = exactRoutes.get(`${ctx.method} ${ctx.path}`);
    if (exact) return exact(ctx, next);
    // Webhooks read the raw body, so they run before any route; one that is not theirs goes on.
    if (ctx.path.startsWith('/api/webhooks/')) return webhooks(ctx, () => routed(ctx, next));
    return routed(ctx, next);
  };
  const checked: Koa.Middleware = (ctx, next) => dealerCheck(ctx, () => route(ctx, next));
  const apiChain: Koa.Middleware = (ctx, next) => (ctx.get('Origin') ? corsForApi(ctx, () => checked(ctx, next)) : checked(ctx, next));
  app.use((ctx, next) => (ctx.path.startsWith('/api/') || ctx.path.startsWith('/dev/') ? apiChain(ctx, next) : next()));

  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/widgets/')) return publicCors(ctx, next);
    return next();
  });
  app.use(site.routes());
  app.use(staticFiles({ prefix: '/assets/', root: path.join(clientDir, 'assets'), maxAgeSeconds: YEAR, immutable: true }));
  // The widgets under their major version, the path dealers copy (/widgets/v1/showroom.js, whose
  // loader then finds /widgets/v1/esm/); /widgets/ is the same build, kept for pages written before.
  app.use(staticFiles({ prefix: `/widgets/v${WIDGETS_MAJOR}/`, root: widgetsDir, maxAgeSeconds: 300 }));
  app.use(staticFiles({ prefix: '/widgets/', root: widgetsDir, maxAgeSeconds: 300 }));
  app.use(staticFiles({ prefix: '/images/', root: path.join(deps.content.dir, 'images'), maxAgeSeconds: 3600 }));
  if (deps.playground ?? !production) app.use(staticFiles({ prefix: '/playground/', root: path.join(projectRoot, 'examples', 'playground'), maxAgeSeconds: 0 }));
  app.use(pageRoute({ content: deps.content, renderPage: deps.renderPage, assets: deps.assets, publicUrl: deps.publicUrl, formsPublic: formsPublicSettings(deps.forms), cacheSize: deps.pageCacheSize, paymentPages }));
  return app;
}

/**
 * The router's routes that need no pattern matching: a path without parameters that no other
 * route or router middleware also matches, by "METHOD path". Each maps to that route's own
 * handlers, composed once, so the request takes the same handlers the router would give it.
 */
function routesByExactPath(router: Router): Map<string, Koa.Middleware> {
  const routes = new Map<string, Koa.Middleware>();
  for (const layer of router.stack) {
    if (layer.paramNames.length > 0 || layer.methods.length === 0) continue;
    const path = layer.path as string;
    if (router.stack.filter((other) => other.match(path)).length !== 1) continue;
    const handler = compose(layer.stack as Koa.Middleware[]);
    const withParams: Koa.Middleware = (ctx, next) => {
      // As the router would set them: no parameters, and the route's pattern (the metrics' route label).
      const routed = ctx as Koa.Context & { params: Record<string, string>; _matchedRoute: string };
      routed.params = {};
      routed._matchedRoute = path;
      return handler(ctx, next);
    };
    for (const method of layer.methods) routes.set(`${method} ${path}`, withParams);
  }
  return routes;
}
