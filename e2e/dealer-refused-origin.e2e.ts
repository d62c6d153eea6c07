/**
 * A refused dealer origin, as the dealer meets it: the dealer example's page published on an origin
 * the store knows nothing of (not in dealers.json, not in ALLOWED_ORIGINS), loading the widgets from
 * /widgets/v1/showroom.js. Every element says which origin was refused for which dealer and what to
 * ask the store, the console says it once, and the store's log names the refused origin once however
 * many calls the page made. Screenshots of the refusal at 390 px and 1280 px go to docs/screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../server/build-output';
import { startTestServer } from '../server/testing/test-server';
import { useThirdSiteShop } from './third-site-fixture';

const logLines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const shop = useThirdSiteShop(() => startTestServer({}, { log: pino({ level: 'warn' }, sink) }));

/** Every element of the dealer example's samples page. */
const ELEMENTS = ['showroom-cart-count', 'showroom-order-samples[style-name="hartford-shaker"]', 'showroom-order-samples[style-name="soho-slab"]', 'showroom-sample-cart', 'showroom-payment-methods', 'showroom-estimator'];

describe('a dealer page on an origin the store does not allow', () => {
  it('names the refused origin, the dealer and the fix in every element, once on the console and once in the log', async () => {
    const refusal = `The store does not allow this page's origin, ${shop.third.url}, for dealer demo-dealer. Ask the store to add ${shop.third.url} to dealer demo-dealer in dealers.json.`;
    for (const width of [390, 1280]) {
      logLines.length = 0;
      const context = await shop.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const consoleLines: string[] = [];
      page.on('console', (msg) => consoleLines.push(`${msg.type()}: ${msg.text()}`));
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(shop.third.url);

      for (const selector of ELEMENTS) {
        const message = page.locator(selector).locator('[part="message"]');
        await message.getByText(refusal).waitFor();
        expect(await message.textContent(), selector).toContain('the store refused this page.');
      }
      // Not the old, silent failure.
      expect(await page.getByText('The server could not be reached.', { exact: false }).count()).toBe(0);
      // The loader and the elements came from the versioned path.
      expect(scripts).toContain(`${shop.server.url}/widgets/v1/showroom.js`);
      expect(scripts.some((url) => url.startsWith(`${shop.server.url}/widgets/v1/esm/order-samples.js`))).toBe(true);

      expect(consoleLines.filter((line) => line.includes('dealers.json'))).toEqual([`error: Showroom: ${refusal}`]);
      // No version warning: the loader and the elements are of one build.
      expect(consoleLines.filter((line) => line.includes('version'))).toEqual([]);

      if (width === 390) {
        // The store logged the refused origin once, whatever the number of calls the page made.
        await expect.poll(() => logLines.filter((l) => l.msg === 'widget call refused: origin not allowed for dealer').length).toBe(1);
        expect(logLines.filter((l) => l.msg === 'widget call refused: origin not allowed for dealer')).toEqual([expect.objectContaining({ dealer: 'demo-dealer', origin: shop.third.url })]);
      }
      // The reader's view of the refusal, for the docs (looked at, not compared).
      const screenshots = process.env.SCREENSHOTS_DIR;
      if (screenshots) {
        fs.mkdirSync(path.join(projectRoot, screenshots), { recursive: true });
        await page.locator('#samples').screenshot({ path: path.join(projectRoot, screenshots, `dealer-refused-origin-${width}.png`) });
      }
      await context.close();
    }
  });
});
