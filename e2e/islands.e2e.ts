/**
 * Islands in Chromium: a page downloads the code of its interactive parts only, a static block's
 * code never, and a below-the-fold slider's chunk only when it scrolls into view.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clientDir } from '../server/build-output';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();

const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const chunkOf = (source: string) => `/${manifest[source]!.file}`;
/** The one chunk of what every page runs at once: bootstrap, runtime, header, alerts, back-to-top (vite.config.ts). */
const shellChunk = chunkOf(Object.keys(manifest).find((key) => /^_shell-[\w-]+\.js$/.test(key))!);

/** Opens a page and records every script it requests, in order. */
async function openRecording(url: string, width = 1280, height = 800, cookies: { name: string; value: string }[] = []): Promise<{ page: Page; scripts: string[]; problems: string[] }> {
  const page = await shop.browser.newPage({ viewport: { width, height } });
  if (cookies.length) await page.context().addCookies(cookies.map((c) => ({ ...c, url: shop.server.url })));
  const problems = watchConsole(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(shop.server.url + url);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.waitForLoadState('networkidle');
  return { page, scripts, problems };
}

describe('islands on the home page', () => {
  it('never requests the code of a static block type', async () => {
    const { page, scripts, problems } = await openRecording('/');
    // The home page has steps, text, promotions and address blocks: static, rendered by the shop.server.
    expect(await page.locator('main .steps').count()).toBe(1);
    expect(await page.locator('main .address-contact').count()).toBe(1);
    for (const source of Object.keys(manifest)) {
      expect(/\/(Steps|TextContent|AddressContact|Promotions|Banner|Breadcrumb|TitleBanner)\.tsx$/.test(source), source).toBe(false);
    }
    // And no script the page ran holds a static block's markup.
    for (const script of scripts) {
      const code = fs.readFileSync(path.join(clientDir, script), 'utf8');
      expect(code.includes('steps__number') || code.includes('steps__title'), script).toBe(false);
    }
    expect(await page.locator('showroom-island[data-island="steps"], showroom-island[data-island="text"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("requests the review slider's chunk only when it scrolls into view, then it works", async () => {
    // On a phone, where the review cards are a slider (a grid on wider screens).
    // This visitor has seen the home page's newsletter popup (its show-once cookie): scrolling to the
    // slider does not open it over the slider (e2e/forms.e2e.ts tests the popup).
    const { page, scripts, problems } = await openRecording('/', 390, 844, [{ name: 'showroom_popup_newsletter', value: '1' }]);
    const sliderChunk = chunkOf('renderer/blocks/reviews/ReviewBlocks.tsx');
    const island = page.locator('showroom-island[data-island="review-cards"]');
    expect(await island.getAttribute('data-hydrate')).toBe('visible');
    // Above the fold: the header and the banner slider are live at once, the header in the shell's
    // one file rather than a file per module (a round trip each on a phone's slow link).
    expect(scripts).toContain(shellChunk);
    expect(scripts.filter((script) => /\/(Header|AlertStack|BackToTop|preact|compat|jsxRuntime)[.-]/.test(script))).toEqual([]);
    expect(scripts).toContain(chunkOf('renderer/blocks/BannerSlider.tsx'));
    expect(scripts).not.toContain(sliderChunk);
    expect(await island.getAttribute('data-hydrated')).toBeNull();

    const requested = page.waitForRequest((r) => new URL(r.url()).pathname === sliderChunk);
    await page.locator('.review-cards').scrollIntoViewIfNeeded();
    await requested;
    await page.waitForSelector('showroom-island[data-island="review-cards"][data-hydrated="true"]');
    // The slider answers: its second dot makes the second slide current.
    const second = page.locator('.review-cards').getByRole('button', { name: 'Go to slide 2' });
    await second.click();
    await page.waitForFunction(() => document.querySelector('.review-cards [aria-label="Go to slide 2"]')?.getAttribute('aria-current') === 'true');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('islands that share state through stores', () => {
  it("shows a sample ordered in the sample grid in the header's cart link and in the grid", async () => {
    const page = await shop.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/order-samples`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.header__samples').count()).toBe(0);
    const card = page.locator('.sample-card').filter({ has: page.getByRole('button', { name: 'Order Now' }) }).first();
    // The grid sits below the first screen (under the order form the server draws whole): it
    // hydrates as it nears the viewport.
    await card.scrollIntoViewIfNeeded();
    await page.locator('showroom-island[data-island="sample-grid"][data-hydrated="true"]').waitFor();
    const swatch = card.locator('.swatch').first();
    if ((await swatch.count()) > 0) await swatch.click();
    await card.getByRole('button', { name: 'Order Now' }).click();
    await card.getByText('Sample added to your cart.').waitFor();
    // Two islands, one store: the header and the grid both follow the cart.
    await page.getByRole('link', { name: 'Samples 1 in your cart' }).waitFor();
    await page.getByText('1 sample in your cart.').waitFor();
    // A new page renders no count on the server, and shows it once the header is live.
    await page.goto(`${shop.server.url}/about-us`);
    await page.getByRole('link', { name: 'Samples 1 in your cart' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('interaction islands', () => {
  it("hydrates the not-found page's actions on the first tap and does not lose it", async () => {
    const page = await shop.browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/no/such/page`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('showroom-island[data-island="not-found"]').getAttribute('data-hydrated')).toBeNull();
    // This click starts the hydration; it is held back and replayed once the island is live. With
    // nothing to go back to (the visitor came from outside), 'Go back' leads home.
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(`${shop.server.url}/`);
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await page.close();
  });
});
