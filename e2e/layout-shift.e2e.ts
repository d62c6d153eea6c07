/**
 * Pages that stay still while they load: the cumulative layout shift of /order-samples (its sample
 * form and cart used to arrive after the page and push it down: Lighthouse CLS 0.64) and of a style
 * page, measured in Chromium as Lighthouse does (every 'layout-shift' entry without recent input,
 * buffered from the start, until the page is hydrated and the network quiet), at 390 and 1280 px.
 * Lighthouse itself is not installable on this closed network; the measure is the same browser API.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useShop } from './shop-fixture';

const shop = useShop();
const CLS_BUDGET = 0.05;

const PAGES = ['/order-samples', '/products/kitchen-cabinets/hartford-shaker'];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface Shift {
  value: number;
  sources: string[];
}

/** The page's layout shifts so far, each with the elements that moved. */
function shifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        const seen: Shift[] = [];
        const describe = (n: Node | null) => (n instanceof Element ? `<${n.tagName.toLowerCase()} class="${n.getAttribute('class') ?? ''}">` : String(n?.nodeName));
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
            if (!e.hadRecentInput) seen.push({ value: e.value, sources: e.sources.map((s) => describe(s.node)) });
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // The buffered entries arrive in the observer's first task.
        setTimeout(() => {
          observer.disconnect();
          resolve(seen);
        }, 0);
      }),
  );
}

describe.each(WIDTHS)('layout shift at $width px', ({ width, height }) => {
  it.each(PAGES)(`%s: CLS <= ${CLS_BUDGET} while it loads`, async (route) => {
    const context = await shop.browser.newContext({ viewport: { width, height } });
    await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url }]);
    // A returning visitor: samples in the cart, so the header's badge and the cart block have something to draw.
    await context.addInitScript(() => {
      if (!localStorage.getItem('showroom:sample-cart')) {
        const items = [{ name: 'Hartford Shaker Sage Green Door Sample', sku: 'HS-SG-DS', qty: 1, finish: { type: 'paint', value: 'sage-green' } }];
        localStorage.setItem('showroom:sample-cart', JSON.stringify({ expiresAt: Date.now() + 3_600_000, items }));
      }
    });
    const page = await context.newPage();
    await page.goto(shop.server.url + route);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForLoadState('networkidle');
    const seen = await shifts(page);
    const cls = seen.reduce((sum, s) => sum + s.value, 0);
    expect(cls, JSON.stringify(seen, null, 1)).toBeLessThanOrEqual(CLS_BUDGET);
    await context.close();
  });
});
