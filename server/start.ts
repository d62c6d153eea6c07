/**
 * Starts Showroom: database migrated, content brought up to the published versions, checked and
 * loaded, the main site on PORT and the dealer example on DEALER_PORT. Returns a handle that stops
 * both, then closes the database: a stop drains requests in flight for at most SHUTDOWN_GRACE_MS,
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
import { openDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createDealerApp } from './dealer-app';
import { createGateways, type AllGateways } from './gateways/create-gateways';
import { defaultStoreOrigins } from './http/store-origins';
import type { Logger } from './logger';
import { smtpSender, startMailWorker } from './mail/mail-worker';
import { startCheckSchedule } from './payment-pages/check-schedule';
import { paymentPagePaths } from './payment-pages/page-check';
import { readClientAssets } from './ssr/client-assets';
import type { RenderPage } from './ssr/page-route';

export interface RunningServer {
  /** PUBLIC_URL, or when there is none the address it prints: http://localhost:{port} on loopback (../http/store-origins.ts). */
  url: string;
  /** The address the main site listens on (behind a proxy, not what visitors use). */
  listenUrl: string;
  dealerUrl: string;
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

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });
}

/** Stops accepting connections; resolves once every open one has ended. */
function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
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
  const database = openDatabase(config.databasePath);
  // Set once the app's parts exist; a swap needs them, and none comes before run() below.
  let swapApp: (content: Content) => Promise<void> = () => Promise.reject(new Error('the server is not started yet'));
  let live: ContentLiveSite;
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    // Refuses (InvalidContentError) a content folder with problems: the server does not start.
    live = await openLiveSite({ dir: config.contentDir, database, logger, swap: (content) => swapApp(content), loaded: parts.content });
  } catch (err) {
    await database.close();
    throw err;
  }

  const { renderPage } = (await import(pathToFileURL(ssrEntry).href)) as { renderPage: RenderPage };
  const assets = readClientAssets(clientDir);

  // The allowlist defaults to the dealer example's origin, known only once its server listens.
  const allowedOrigins = new Set<string>(config.allowedOrigins ?? []);
  // The dealers file's `dealer-example` entry stands for the same origins, whatever ALLOWED_ORIGINS says.
  const dealerExampleOrigins: string[] = [];
  const mainServer = http.createServer();
  const dealerServer = http.createServer();
  const bound = await listen(mainServer, config.port, config.host);
  const port = bound.port;
  const localHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // Without PUBLIC_URL every loopback name of the listening address is the store, and the one printed
  // (the README's http://localhost:3000) comes first.
  const defaultOrigins = defaultStoreOrigins(config.host, bound.address, port);
  const publicUrl = config.publicUrl ?? defaultOrigins[0]!;
  const storeAliases = config.publicUrl ? [] : defaultOrigins;

  const gateways = parts.gateways ? parts.gateways(database) : createGateways(config.gateways, database);
  const mail = config.mail;
  const buildApp = (content: Content) =>
    createApp({ content, live, database, logger, publicUrl, storeAliases, allowedOrigins: () => allowedOrigins, dealerExampleOrigins: () => dealerExampleOrigins, renderPage, assets, gateways, mail, forms: config.forms, pageCacheSize: config.pageCacheSize, production: config.production, trustProxy: config.trustProxy });
  // A request goes to the app of the moment; one already running keeps the app it started on.
  let handle = (await buildApp(live.current())).callback();
  mainServer.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => handle(req, res));
  swapApp = async (content) => {
    handle = (await buildApp(content)).callback();
  };
  const mailWorker = mail.smtpUrl ? startMailWorker(database.q, smtpSender(mail.smtpUrl), mail, logger) : undefined;
  // The payment pages' change detection, once per store whatever the number of servers.
  const pageChecks = startCheckSchedule({ q: database.q, mail, baseUrl: publicUrl, logger, everyHours: config.paymentPagesCheckEveryHours, pages: () => paymentPagePaths(live.current()) });

  const dealerBound = await listen(dealerServer, config.dealerPort, config.host);
  const dealerPort = dealerBound.port;
  const dealerUrl = defaultStoreOrigins(config.host, dealerBound.address, dealerPort)[0]!;
  dealerServer.on('request', createDealerApp(publicUrl).callback());
  dealerExampleOrigins.push(`http://localhost:${dealerPort}`, `http://127.0.0.1:${dealerPort}`);
  if (config.allowedOrigins === null) {
    allowedOrigins.add(`http://localhost:${dealerPort}`);
    allowedOrigins.add(`http://127.0.0.1:${dealerPort}`);
  }

  logger.info({ url: publicUrl, port, ...(storeAliases.length > 1 ? { alsoAt: storeAliases.slice(1) } : {}) }, 'main site listening');
  logger.info({ url: dealerUrl, port: dealerPort }, 'dealer example listening');
  live.run({ pollMs: config.contentPollMs, watch: config.contentWatch });
  if (config.contentWatch) logger.info({ dir: config.contentDir }, 'watching the content folder: a change is checked and served at once');

  let stopping: Promise<void> | undefined;
  let endGrace = () => {};
  const servers = [mainServer, dealerServer];
  return {
    url: publicUrl,
    listenUrl: `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${port}`,
    dealerUrl,
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
        if ((await Promise.race([drained, graceOver])) === 'grace over') {
          logger.warn({ graceMs: config.shutdownGraceMs }, 'closing connections still open after the grace period');
          for (const server of servers) server.closeAllConnections();
        }
        endGrace();
        await drained;
        await liveStopped;
        await checksStopped;
        await database.close();
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}
