/**
 * Starts Showroom: database migrated, content brought up to the published versions, checked and
 * loaded, the main site on PORT and, when EXAMPLES names it (development's default), the dealer
 * example on DEALER_PORT. Returns a handle that stops both, then closes the database: a stop drains requests in flight for at most SHUTDOWN_GRACE_MS,
 * then closes the connections still open, so it always ends.
 *
 * The content can change while the server runs (a publish, another server's publish, a file saved
 * in development: ./content/live-site.ts). Each new content gets a whole new app (its catalog, page
 * cache, sitemap, dealers...), and the HTTP server hands new requests to it; requests in flight
 * finish on the app they started on. What must outlive an app is made here once: the database, the
 * gateways, the mail worker (and the rate limits, kept per database: ./services/shared-limits.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createApp } from './app';
import { clientDir, ssrEntry } from './build-output';
import type { Config } from './config';
import { openLiveSite, type ContentLiveSite, type LiveSite } from './content/live-site';
import type { Content } from './content/load-content';
import type { Database } from './db/database';
import { openCheckedDatabase } from './db/database-problems';
import { migrateToLatest } from './db/migrate';
import { createDealerApp } from './dealer-app';
import { createGateways, type AllGateways } from './gateways/create-gateways';
import { defaultStoreOrigins } from './http/store-origins';
import type { Logger } from './logger';
import { smtpSender, startMailWorker } from './mail/mail-worker';
import { startCheckSchedule } from './payment-pages/check-schedule';
import { watchedPagePaths } from './payment-pages/page-check';
import { readClientAssets } from './ssr/client-assets';
import type { RenderPage } from './ssr/page-route';
import { StoreMetrics } from './metrics/store-metrics';
import { captchaKeysMissing, listenProblem } from './start-refused';
import { productionWarnings } from './production-warnings';

export interface RunningServer {
  /** PUBLIC_URL, or when there is none the address it prints: http://localhost:{port} on loopback (../http/store-origins.ts). */
  url: string;
  /** The address the main site listens on (behind a proxy, not what visitors use). */
  listenUrl: string;
  /** The metrics port's /metrics (METRICS_PORT); null without one. */
  metricsUrl: string | null;
  /** The dealer example's address; null when it does not run (production, unless EXAMPLES=dealer). */
  dealerUrl: string | null;
  /** The content serving, which the studio publishes through (tests publish and reload through it too). */
  live: LiveSite;
  /** The server's database (tests read what it stored through it). */
  database: Database;
  /**
   * Stops both servers and closes the database. Requests in flight get the grace period to finish;
   * calling stop() again while they drain (a second SIGTERM) closes their connections at once.
   */
  stop(): Promise<void>;
}

/** `variable`: the setting that chose the port, named when it cannot be had. */
function listen(server: http.Server, port: number, host: string, variable: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', (err) => reject(listenProblem(err, variable, host, port)));
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });
}

/** What a stop still waits, after its grace, for the database to close (SHUTDOWN_GRACE_MS). */
const AFTER_GRACE_MS = 250;

/**
 * Stops accepting connections; resolves once every open one has ended. A connection its client
 * keeps alive ends after the answer it waits for: every answer from now on says `Connection:
 * close`, and idle connections are closed as they become idle (a sweep every 50 ms), so a client
 * that keeps sending (a browser, a proxy's pool) or an open studio tab cannot hold the stop until
 * its grace runs out.
 */
function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** What a caller may hand the server instead of its making it from the config (tests: scripted gateways, a checked content snapshot). */
export interface ServerParts {
  /** The content folder as loadContent read it (config.contentDir). */
  content?: Content;
  gateways?: (database: Database) => AllGateways;
}

export async function startServer(config: Config, logger: Logger, parts: ServerParts = {}): Promise<RunningServer> {
  const database = await openCheckedDatabase(config.databasePath);
  // Set once the app's parts exist; a swap needs them, and none comes before run() below.
  let swapApp: (content: Content) => Promise<void> = () => Promise.reject(new Error('the server is not started yet'));
  let live: ContentLiveSite;
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    // Refuses (InvalidContentError) a content folder with problems: the server does not start.
    live = await openLiveSite({ dir: config.contentDir, database, logger, swap: (content) => swapApp(content), loaded: parts.content, checkOffThreadFromBytes: config.contentCheckThreadKb * 1024 });
  } catch (err) {
    await database.close();
    throw err;
  }
  // A live store whose forms would refuse every visitor does not start (./start-refused.ts).
  const captchaProblem = captchaKeysMissing(config.forms.recaptcha, config.production, live.current());
  if (captchaProblem) {
    await Promise.all([live.stop(), database.close()]);
    throw captchaProblem;
  }

  const { renderPage } = (await import(pathToFileURL(ssrEntry).href)) as { renderPage: RenderPage };
  const assets = readClientAssets(clientDir);

  // Unset, the allowlist is the dealer example's origin while it runs, known only once it listens.
  const allowedOrigins = new Set<string>(config.allowedOrigins ?? []);
  // The dealers file's `dealer-example` entry stands for the same origins, whatever ALLOWED_ORIGINS says.
  const dealerExampleOrigins: string[] = [];
  const mainServer = http.createServer();
  const dealerServer = config.examples.dealer ? http.createServer() : undefined;
  // Every listening server, so a stop closes them all.
  const servers = dealerServer ? [mainServer, dealerServer] : [mainServer];
  let bound: AddressInfo;
  try {
    bound = await listen(mainServer, config.port, config.host, 'PORT');
  } catch (err) {
    await Promise.all([live.stop(), database.close()]);
    throw err;
  }
  const port = bound.port;
  const localHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // Without PUBLIC_URL every loopback name of the listening address is the store, and the one printed
  // (the README's http://localhost:3000) comes first.
  const defaultOrigins = defaultStoreOrigins(config.host, bound.address, port);
  const publicUrl = config.publicUrl ?? defaultOrigins[0]!;
  const storeAliases = config.publicUrl ? [] : defaultOrigins;

  const gateways = parts.gateways ? parts.gateways(database) : createGateways(config.gateways, database);
  const mail = config.mail;
  const metricsOn = config.metrics.port !== null || config.metrics.token !== null;
  const metrics = metricsOn ? { store: new StoreMetrics({ database, contentVersion: () => live.appliedVersion() }), token: config.metrics.token } : undefined;
  const buildApp = (content: Content) =>
    createApp({ content, live, database, logger, publicUrl, storeAliases, allowedOrigins: () => allowedOrigins, dealerExampleOrigins: () => dealerExampleOrigins, renderPage, assets, gateways, mail, forms: config.forms, imageLimits: config.imageLimits, pageCacheSize: config.pageCacheSize, production: config.production, trustProxy: config.trustProxy, playground: config.examples.playground, metrics });
  // A request goes to the app of the moment; one already running keeps the app it started on.
  let handle = (await buildApp(live.current())).callback();
  mainServer.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => handle(req, res));
  swapApp = async (content) => {
    handle = (await buildApp(content)).callback();
  };

  let dealerUrl: string | null = null;
  let dealerPort = 0;
  if (dealerServer) {
    let dealerBound: AddressInfo;
    try {
      dealerBound = await listen(dealerServer, config.dealerPort, config.host, 'DEALER_PORT');
    } catch (err) {
      await close(mainServer);
      await Promise.all([live.stop(), database.close()]);
      throw err;
    }
    dealerPort = dealerBound.port;
    dealerUrl = defaultStoreOrigins(config.host, dealerBound.address, dealerPort)[0]!;
    dealerServer.on('request', createDealerApp(publicUrl).callback());
    dealerExampleOrigins.push(`http://localhost:${dealerPort}`, `http://127.0.0.1:${dealerPort}`);
    if (config.allowedOrigins === null) {
      allowedOrigins.add(`http://localhost:${dealerPort}`);
      allowedOrigins.add(`http://127.0.0.1:${dealerPort}`);
    }
  }
  let metricsUrl: string | null = null;
  if (metrics && config.metrics.port !== null) {
    const metricsServer = http.createServer(metrics.store.portHandler());
    try {
      const metricsBound = await listen(metricsServer, config.metrics.port, config.host, 'METRICS_PORT');
      metricsUrl = `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${metricsBound.port}/metrics`;
    } catch (err) {
      await Promise.all(servers.map(close));
      await Promise.all([live.stop(), database.close()]);
      throw err;
    }
    servers.push(metricsServer);
  }
  const mailWorker = mail.smtpUrl ? startMailWorker(database.q, smtpSender(mail.smtpUrl), mail, logger) : undefined;
  // The payment pages' change detection, once per store whatever the number of servers.
  const pageChecks = await startCheckSchedule({ q: database.q, mail, baseUrl: publicUrl, logger, everyHours: config.paymentPagesCheckEveryHours, pages: () => watchedPagePaths(live.current(), gateways.config) });

  logger.info({ url: publicUrl, port, ...(storeAliases.length > 1 ? { alsoAt: storeAliases.slice(1) } : {}) }, 'main site listening');
  if (dealerUrl) logger.info({ url: dealerUrl, port: dealerPort }, 'dealer example listening');
  if (metricsUrl) logger.info({ url: metricsUrl }, 'metrics listening (METRICS_PORT)');
  if (metrics?.token) logger.info({ url: `${publicUrl}/metrics` }, 'metrics served to the holder of METRICS_TOKEN');
  if (config.examples.playground) logger.info({ url: `${publicUrl}/playground/` }, 'widget playground served');
  if (config.allowedOrigins === null && !dealerServer) {
    logger.info({ allowedOrigins: [] }, "ALLOWED_ORIGINS is not set: no other site's page may call the API, except the dealers of the content's dealers.json");
  } else {
    logger.info({ allowedOrigins: [...allowedOrigins] }, 'other sites whose pages may call the API (ALLOWED_ORIGINS)');
  }
  for (const warning of productionWarnings(config, live.current())) logger.warn(warning);
  live.run({ pollMs: config.contentPollMs, watch: config.contentWatch });
  if (config.contentWatch) logger.info({ dir: config.contentDir }, 'watching the content folder: a change is checked and served at once');

  let stopping: Promise<void> | undefined;
  let endGrace = () => {};
  return {
    url: publicUrl,
    listenUrl: `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${port}`,
    dealerUrl,
    metricsUrl,
    live,
    database,
    stop() {
      if (stopping) {
        endGrace();
        return stopping;
      }
      stopping = (async () => {
        mailWorker?.stop();
        const checksStopped = pageChecks.stop();
        // No new poll, sync or reload; one under way (a publish in a request) ends before the database closes.
        const liveStopped = live.stop();
        const drained = Promise.all(servers.map(close));
        const graceOver = new Promise<'grace over'>((resolve) => {
          const timer = setTimeout(() => resolve('grace over'), config.shutdownGraceMs);
          endGrace = () => {
            clearTimeout(timer);
            resolve('grace over');
          };
        });
        const graceEnds = Date.now() + config.shutdownGraceMs;
        if ((await Promise.race([drained, graceOver])) === 'grace over') {
          logger.warn({ graceMs: config.shutdownGraceMs }, 'closing connections still open after the grace period');
          for (const server of servers) server.closeAllConnections();
        }
        endGrace();
        // Nothing holds a stop past its grace: work still running then (a request's transaction on a
        // starved machine, a publish, a query that hangs) gets a moment more and is then left to the
        // database, which rolls back a transaction whose connection closes; an order is acknowledged
        // only once committed, so its client's retry finds it or places it.
        const finished = (async () => {
          await drained;
          await liveStopped;
          await checksStopped;
          await database.close();
        })();
        const abandoned = await Promise.race([
          finished.then(() => false),
          new Promise<true>((resolve) => setTimeout(() => resolve(true), Math.max(graceEnds - Date.now(), 0) + AFTER_GRACE_MS)),
        ]);
        if (abandoned) logger.warn({ graceMs: config.shutdownGraceMs }, 'stopped with work still running after the grace period');
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}
