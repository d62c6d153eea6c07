/**
 * The size budgets that keep pages quick on a phone, enforced by `npm test`: the JavaScript a page
 * loads before any interaction (gzip, measured in Chromium on a phone and a desktop screen) is at
 * most 35 kB on the home page and 25 kB on a blog post or the FAQ page; the page's CSS is at most
 * 20 kB.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDir } from '../server/build-output';
import { loadContent } from '../server/content/load-content';
import { DESKTOP, measurePageWeight, PHONE } from './page-weight';
import { useShop } from './shop-fixture';

const KB = 1000;
const CSS_BUDGET = 20 * KB;

const firstBlog = loadContent(path.resolve('examples/site')).store.blogs[0]?.path;
const budgets: [name: string, url: string, js: number][] = [
  ['home page', '/', 35 * KB],
  ['blog post', `/blogs/${firstBlog}`, 25 * KB],
  ['FAQ page', '/faqs', 25 * KB],
];

const shop = useShop();

describe('size budgets', () => {
  it('the demo store has a blog post to measure', () => {
    expect(firstBlog).toBeTruthy();
  });

  for (const [name, url, jsBudget] of budgets) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`${name} at ${viewport.width} px: JS before interaction <= ${jsBudget / KB} kB gzip, CSS <= ${CSS_BUDGET / KB} kB`, async () => {
        const weight = await measurePageWeight(shop.browser, shop.server.url + url, clientDir, viewport);
        const detail = `${url}: JS ${weight.js} B (${weight.scripts.join(', ')}), CSS ${weight.css} B`;
        // The bootstrap and the header are always there; the budget is about the rest.
        expect(weight.scripts.some((s) => s.includes('entry-client')), detail).toBe(true);
        expect(weight.js, detail).toBeLessThanOrEqual(jsBudget);
        expect(weight.css, detail).toBeLessThanOrEqual(CSS_BUDGET);
        expect(weight.stylesheets.length, detail).toBeGreaterThan(0);
      });
    }
  }
});
