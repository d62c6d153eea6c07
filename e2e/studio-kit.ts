/**
 * What the studio's journeys share: a page signed in as a new operator of a role (the session
 * seeded: signing in is not what they test), and docs/studio.md's pictures of a screen at 1280 px
 * and on a 390 px phone, taken only with STUDIO_DOCS_SHOTS set (`npm run screenshots:studio`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { OperatorRole } from '../schemas/api/studio';
import { signInOperator } from '../server/studio/studio-test-kit';
import type { Shop } from './shop-fixture';
import { scaledMs } from '../scripts/test-calibration';

export const LAPTOP = { width: 1280, height: 900 };

/** A page of a new browser context, signed in to the studio as a new operator of `role`, at 1280 px. */
export async function operatorPage(shop: Shop, role: Exclude<OperatorRole, 'admin'>): Promise<Page> {
  const operator = await signInOperator(shop.server, role);
  const context = await shop.browser.newContext({ viewport: LAPTOP });
  const eq = operator.cookie.indexOf('=');
  await context.addCookies([{ name: operator.cookie.slice(0, eq), value: operator.cookie.slice(eq + 1), url: shop.server.url, httpOnly: true, sameSite: 'Strict' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(scaledMs(15_000));
  return page;
}

/**
 * With STUDIO_DOCS_SHOTS set (docs/studio.md's pictures), the page at 1280 px and on a 390 px
 * phone: its first screen, or the screen that starts at `from`.
 */
export async function docShot(page: Page, name: string, from?: Locator): Promise<void> {
  const dir = process.env.STUDIO_DOCS_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const shoot = async (width: number) => {
    // Below the studio's bar where it stays on screen (at 1280 px), not under it.
    if (from)
      await from.evaluate((el) => {
        const bar = [...document.querySelectorAll('header')].find((h) => ['sticky', 'fixed'].includes(getComputedStyle(h).position));
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - (bar?.offsetHeight ?? 0) - 12);
      });
    await page.screenshot({ path: path.join(dir, `studio-${name}-${width}.png`) });
  };
  await shoot(LAPTOP.width);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(390);
  await page.setViewportSize(LAPTOP);
}
