/**
 * The usual setup of a browser test file: the whole store (server/testing/test-server.ts) and one
 * Chromium, started before the file's tests and stopped after them. Read `shop.server` and
 * `shop.browser` inside tests (they exist once beforeAll has run).
 *
 * Journeys open `shop.server.url`: the address the README prints, http://localhost:PORT, as
 * `npm start` serves it (listening on 127.0.0.1, no PUBLIC_URL). They ran at 127.0.0.1 before, and
 * that is how a store that refused every payment at the README's address passed them (issue 17).
 * `shop.server.listenUrl` is the other loopback name, for a journey that wants it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { launchBrowser } from './browser';

export interface Shop {
  server: TestServer;
  browser: Browser;
}

export function useShop(env: Record<string, string> = {}): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    [shop.server, shop.browser] = await Promise.all([startTestServer(env), launchBrowser()]);
    if (!env.PUBLIC_URL && !/^http:\/\/localhost:\d+$/.test(shop.server.url)) throw new Error(`journeys run at the README's http://localhost:PORT, not ${shop.server.url}`);
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.server?.stop();
  });
  return shop;
}
