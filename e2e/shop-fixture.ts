/**
 * The usual setup of a browser test file: the whole store (server/testing/test-server.ts), started
 * before the file's tests and stopped after them, and the test process's Chromium (./browser.ts).
 * Read `shop.server` and `shop.browser` inside tests (they exist once beforeAll has run).
 *
 * Journeys open `shop.server.url`: the address the README prints, http://localhost:PORT, as
 * `npm start` serves it (listening on 127.0.0.1, no PUBLIC_URL). They ran at 127.0.0.1 before, and
 * that is how a store that refused every payment at the README's address passed them.
 * `shop.server.listenUrl` is the other loopback name, for a journey that wants it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../server/testing/test-server';
import { closeContextsAfterAll, workerBrowser } from './browser';

export interface Shop {
  server: TestServer;
  browser: Browser;
}

/** `env` and `options` as startTestServer takes them (options.contentChanges: a content folder of the store's own, for a file that publishes). */
export function useShop(env: Record<string, string> = {}, options: TestServerOptions = {}): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    [shop.server, shop.browser] = await Promise.all([startTestServer(env, options), workerBrowser()]);
    if (!env.PUBLIC_URL && !/^http:\/\/localhost:\d+$/.test(shop.server.url)) throw new Error(`journeys run at the README's http://localhost:PORT, not ${shop.server.url}`);
  });
  closeContextsAfterAll();
  afterAll(async () => {
    await shop.server?.stop();
  });
  return shop;
}
