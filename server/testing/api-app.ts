/**
 * The whole app (createApp) on a loopback port for the API test harnesses (commerce-harness,
 * scripted-shop, the payment-holds invariant): no page renderer (pages answer 404), no allowed
 * origins, silent logs. The caller owns the database, the gateways and the mail settings, and closes
 * them after `close`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '../app';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import type { Database } from '../db/database';
import type { AllGateways } from '../gateways/create-gateways';
import { createLogger } from '../logger';
import type { MailConfig } from '../mail/mail-config';

export interface ApiAppOptions {
  database: Database;
  gateways: AllGateways;
  mail: MailConfig;
  /** The site's content; CONTENT_DIR or the example site by default. */
  contentDir?: string;
  production?: boolean;
}

export interface ListeningApiApp {
  url: string;
  /** Stops listening and drops open connections (keep-alive ones too). */
  close(): Promise<void>;
}

export async function listenApiApp(options: ApiAppOptions): Promise<ListeningApiApp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = await createApp({
    content: loadContent(options.contentDir ?? process.env.CONTENT_DIR ?? path.join(projectRoot, 'examples', 'site')),
    database: options.database,
    logger: createLogger('silent'),
    publicUrl: url,
    allowedOrigins: () => new Set(),
    renderPage: () => ({ status: 404, html: '<!doctype html><title>Not found</title>' }) as never,
    assets: { entry: '', css: [], preload: [] },
    gateways: options.gateways,
    mail: options.mail,
    production: options.production ?? false,
  });
  server.on('request', app.callback());
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
