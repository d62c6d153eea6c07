/**
 * The usual setup of a browser test file: the whole store (server/testing/test-server.ts) and one
 * Chromium, started before the file's tests and stopped after them. Read `shop.server` and
 * `shop.browser` inside tests (they exist once beforeAll has run).
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
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.server?.stop();
  });
  return shop;
}
