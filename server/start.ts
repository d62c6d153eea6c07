/**
 * Starts Showroom: content checked and loaded, database migrated, the main site on PORT and the
 * dealer example on DEALER_PORT. Returns a handle that stops both, then closes the database: a stop
 * drains requests in flight for at most SHUTDOWN_GRACE_MS, then closes the connections still open,
 * so it always ends.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createApp } from './app';
import { clientDir, ssrEntry } from './build-output';
import type { Config } from './config';
import { loadContent } from './content/load-content';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createDealerApp } from './dealer-app';
import { createGateways } from './gateways/create-gateways';
import { defaultStoreOrigins } from './http/store-origins';
import type { Logger } from './logger';
import { readClientAssets } from './ssr/client-assets';
import type { RenderPage } from './ssr/page-route';

export interface RunningServer {
  /** PUBLIC_URL, or when there is none the address it prints: http://localhost:{port} on loopback (../http/store-origins.ts). */
  url: string;
  /** The address the main site listens on (behind a proxy, not what visitors use). */
  listenUrl: string;
  dealerUrl: string;
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

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const content = loadContent(config.contentDir);
  const database = openDatabase(config.databasePath);
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');

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

  const gateways = createGateways(config.gateways, database);
  const app = await createApp({ content, database, logger, publicUrl, storeAliases, allowedOrigins: () => allowedOrigins, dealerExampleOrigins: () => dealerExampleOrigins, renderPage, assets, gateways, trustProxy: config.trustProxy });
  mainServer.on('request', app.callback());

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

  let stopping: Promise<void> | undefined;
  let endGrace = () => {};
  const servers = [mainServer, dealerServer];
  return {
    url: publicUrl,
    listenUrl: `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${port}`,
    dealerUrl,
    stop() {
      if (stopping) {
        endGrace();
        return stopping;
      }
      stopping = (async () => {
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
        await database.close();
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}
