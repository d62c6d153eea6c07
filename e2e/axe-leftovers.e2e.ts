/**
 * The accessibility rules that remained after the routes' serious-and-critical sweep
 * (e2e/storefront-routes.e2e.ts), run here at every impact: the name of a control starts with the
 * words it shows (label-content-name-mismatch, an experimental axe rule, enabled by name) on a style
 * page, every target is 24 px or spaced (target-size) on the home page, and headings go down one level
 * at a time (heading-order) on the listing pages, at a phone's and a laptop's width. A sample is in
 * the cart, so the header's sample badge ("Samples 1") is checked with the rest.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CART_KEY } from '../widgets/cart-store/sample-cart';
import { pageSettled } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();

const CHECKS: [rule: string, routes: string[]][] = [
  ['label-content-name-mismatch', ['/products/kitchen-cabinets/hartford-shaker', '/products/kitchen-cabinets/georgetown-inset']],
  ['target-size', ['/']],
  ['heading-order', ['/order-samples', '/privacy-policy', '/terms-and-conditions', '/blogs/category/kitchen-design', '/products', '/products/kitchen-cabinets', '/products/bathroom-vanities', '/blogs', '/inspiration-gallery', '/reviews', '/faqs', '/search?q=shaker']],
];

describe.each([390, 1280])('axe at %i px', (width) => {
  for (const [rule, routes] of CHECKS) {
    it.each(routes)(`${rule} on %s`, async (route) => {
      const context = await shop.browser.newContext({ viewport: { width, height: 844 } });
      await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url }]);
      await context.addInitScript(([key, cart]) => localStorage.setItem(key!, cart!), [SAMPLE_CART_KEY, JSON.stringify({ expiresAt: Date.now() + 3_600_000, items: [{ name: 'Hartford Shaker: Sage Green', sku: 'HS-SAMPLE-SG', qty: 1 }] })]);
      const page = await context.newPage();
      await page.goto(shop.server.url + route);
      await page.locator('.header__samples').waitFor();
      await pageSettled(page);
      const results = await new AxeBuilder({ page }).withRules([rule]).analyze();
      const found = results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`));
      expect(found).toEqual([]);
      // The rule did look at something (a typo in its name would pass silently).
      expect(results.passes.length + results.violations.length + results.incomplete.length).toBeGreaterThan(0);
      await context.close();
    });
  }
});
