/**
 * A publisher's first look at a change, in Chromium: signed in, Review straight from the menu (no
 * file opened before, so the editor's own stylesheet is not loaded), the change opened. The preview
 * shows the page as it will look, its frame no taller than the screen's preview area, and what the
 * change changes is on the page below it, at 1280 px and on a 390 px phone. (The preview's frame
 * once took its height from a box whose height was the frame's: it grew to millions of pixels and
 * drew nothing, until a file had been opened and brought the editor's stylesheet.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useShop } from './shop-fixture';
import { docShot, LAPTOP, operatorPage } from './studio-kit';
import { scaledMs } from '../scripts/test-calibration';

const shop = useShop({ CONTENT_POLL_MS: '0' }, { contentChanges: {} });
const PHONE = { width: 390, height: 844 };
const NEW_TITLE = 'About Oak & Hearth, since 2009';

/** An editor's change of the About page's banner title, submitted for review through the studio's API. */
async function submitChange(editor: Page): Promise<number> {
  await editor.goto(`${shop.server.url}/studio/history`);
  return editor.evaluate(async (title) => {
    const json = async (res: Response) => {
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return (await res.json()).data;
    };
    const send = (method: string, url: string, body: unknown) => fetch(url, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) }).then(json);
    const path = 'pages/about-us.json';
    const file = await fetch(`/api/studio/file?path=${encodeURIComponent(path)}`).then(json);
    const page = JSON.parse(file.published.text);
    page.blocks[0].title = title;
    await send('PUT', '/api/studio/draft', { path, text: JSON.stringify(page, null, 2), baseHash: file.published.hash });
    const submitted = await send('POST', '/api/studio/reviews', { note: 'A longer title for About', paths: [path] });
    return submitted.review.id as number;
  }, NEW_TITLE);
}

/** The publisher's first visit: the studio's home, then Review in the menu, then the change. */
async function firstLook(page: Page, changeId: number): Promise<void> {
  await page.goto(`${shop.server.url}/studio`);
  await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: /^Review/ }).click();
  await page.locator(`a.version__link[href$="/reviews/${changeId}"]`).click();
  await page.getByRole('heading', { name: `Change ${changeId}` }).waitFor();
}

/** The preview's frame as laid out: its height on screen and its own height (before scaling). */
async function frameHeights(page: Page): Promise<{ onScreen: number; own: number; viewport: number; document: number }> {
  return page.locator('iframe[title^="Preview of"]').evaluate((frame: HTMLIFrameElement) => ({
    onScreen: frame.getBoundingClientRect().height,
    own: frame.offsetHeight,
    viewport: window.innerHeight,
    document: document.documentElement.scrollHeight,
  }));
}

describe("a publisher's first look at a change, straight from the menu", () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`shows the page as it will look and what it changes, at ${viewport.width} px`, async () => {
      const editor = await operatorPage(shop, 'editor');
      const changeId = await submitChange(editor);
      const page = await operatorPage(shop, 'publisher');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setViewportSize(viewport);
      await firstLook(page, changeId);

      // The page as it will look: the new title inside the frame, on screen once scrolled to.
      const preview = page.frameLocator('iframe[title^="Preview of"]');
      const heading = preview.getByRole('heading', { name: NEW_TITLE });
      await heading.waitFor();
      await page.locator('iframe[title^="Preview of"]').scrollIntoViewIfNeeded();
      expect(await heading.isVisible()).toBe(true);
      const box = (await heading.boundingBox())!;
      expect(box.height).toBeGreaterThan(10);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

      // The frame is bounded by the preview's area, which fits on the screen; it does not grow.
      const first = await frameHeights(page);
      expect(first.onScreen).toBeGreaterThan(200);
      expect(first.onScreen).toBeLessThanOrEqual(first.viewport);
      expect(first.own).toBeLessThan(4 * first.viewport);
      expect(first.document).toBeLessThan(6 * first.viewport);
      // Two frames later it is the same: nothing feeds the frame's height back into it.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await frameHeights(page)).toEqual(first);

      // What it changes, below the preview: the file and the title's change in the form's words.
      const change = page.locator('.change', { hasText: 'pages/about-us.json' });
      const lines = change.locator('.change-lines');
      await lines.scrollIntoViewIfNeeded();
      expect(await lines.isVisible()).toBe(true);
      expect(await lines.textContent()).toContain(NEW_TITLE);
      expect(await page.locator('.version__files', { hasText: 'pages/about-us.json' }).first().isVisible()).toBe(true);

      if (viewport === LAPTOP) await docShot(page, 'review-first-look', page.getByRole('heading', { name: `Change ${changeId}` }));
      expect(errors).toEqual([]);
      await page.context().close();
      await editor.context().close();
    }, scaledMs(60_000));
  }
});
