/**
 * The setup of a browser test file about a dealer page on a third origin (e2e/dealer-third-site.ts):
 * the third site, the whole store and one Chromium, started before the file's tests and stopped
 * after them. `startStore` gets the third origin's address (to allow it, or not). Read the fields
 * inside tests (they exist once beforeAll has run).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { TestServer } from '../server/testing/test-server';
import { workerBrowser, closeContextsAfterAll } from './browser';
import { startThirdSite, type ThirdSite } from './dealer-third-site';

export interface ThirdSiteShop {
  server: TestServer;
  third: ThirdSite;
  browser: Browser;
}

export function useThirdSiteShop(startStore: (thirdUrl: string) => Promise<TestServer>): ThirdSiteShop {
  const shop = {} as ThirdSiteShop;
  closeContextsAfterAll();
  beforeAll(async () => {
    let storeUrl = '';
    shop.third = await startThirdSite(() => storeUrl);
    [shop.server, shop.browser] = await Promise.all([startStore(shop.third.url), workerBrowser()]);
    storeUrl = shop.server.url;
  });
  afterAll(async () => {
    await shop.server?.stop();
    await shop.third?.close();
  });
  return shop;
}
