/**
 * Every e-mail the store sends, drawn by Chromium as a mail client's reading pane would: the HTML
 * part of each, with the longest realistic data (server/mail/testing/longest-mails.ts) and the demo
 * store's name and colours, at 600 px (a desktop pane) and 390 px (a phone). Nothing scrolls
 * sideways, nothing sticks out of the screen, and the one thing to do (the button) is on screen.
 * Full-page screenshots go to test-results/screenshots (or SCREENSHOTS_DIR: docs/screenshots) as
 * mail-{name}-{width}.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../schemas/site-settings.schema';
import { mailBrandOf, PLAIN_BRAND, setMailBrand } from '../server/mail/mail-brand';
import { longestMails, STORE_URL } from '../server/mail/testing/longest-mails';
import { closeContextsAfterAll, workerBrowser } from './browser';

const shots = path.resolve(process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots');
const settings = JSON.parse(fs.readFileSync(path.resolve('examples/site/site.json'), 'utf8')) as SiteSettings;

setMailBrand(mailBrandOf(settings, STORE_URL));
const mails = longestMails();
setMailBrand(PLAIN_BRAND);

closeContextsAfterAll();

describe('the e-mails in Chromium', () => {
  for (const width of [600, 390]) {
    it(`at ${width} px: every mail fits the width, its button on screen`, async () => {
      fs.mkdirSync(shots, { recursive: true });
      const context = await (await workerBrowser()).newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
      const page = await context.newPage();
      for (const { name, mail, links } of mails) {
        await page.setContent(mail.html, { waitUntil: 'load' });
        const layout = await page.evaluate(() => {
          const root = document.scrollingElement!;
          const wider = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).map((el) => el.outerHTML.slice(0, 120));
          return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, wider };
        });
        expect(layout.scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(layout.innerWidth);
        expect(layout.wider, `${name}: elements past the right edge at ${width} px`).toEqual([]);
        await expect.poll(() => page.getByText('Oak & Hearth Cabinetry').first().isVisible()).toBe(true);
        if (links.length) {
          const button = page.locator(`a[href="${links[0]}"]`).first();
          const box = (await button.boundingBox())!;
          expect(box.x + box.width, `${name}: its button reaches past ${width} px`).toBeLessThanOrEqual(width);
        }
        await page.screenshot({ path: path.join(shots, `mail-${name}-${width}.png`), fullPage: true });
      }
      await context.close();
    });
  }
});
