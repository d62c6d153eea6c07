/**
 * One visit of a storefront page, and every page-level check read on it: the status and the
 * server's HTML, the main heading and text, the JSON-LD, the console, each island's hydration
 * (e2e/island-hydration-check.ts), the layout shifts while it loads (e2e/layout-shift.ts), the
 * visual rules (e2e/visual-rules.ts), axe, and a screenshot. A plan says which of the costlier
 * checks a visit runs; e2e/storefront-routes.e2e.ts makes one visit per route and width and its
 * tests read what the visit saw, so a failure names its check and no page loads twice.
 *
 * The visitor is a returning one, as most of the store's visitors are: the cookie choice made
 * (accepted) and a door sample in the cart, so the header's sample badge is there for every check.
 * A first visit (the consent banner, the JavaScript it loads) is e2e/site.e2e.ts's and
 * e2e/size-budget.e2e.ts's.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { SAMPLE_CART_KEY } from '../widgets/cart-store/sample-cart';
import { pageSettled, watchConsole } from './browser';
import { compareIslands, type IslandComparison } from './island-hydration-check';
import { layoutShifts, type LayoutShift } from './layout-shift';
import { readDefaultLooks, visualProblems, type DefaultLooks } from './visual-rules';

export interface VisitPlan {
  url: string;
  width: number;
  height: number;
  /** A not-found answer: its heading may be an h2 of a catalog block. */
  notFound: boolean;
  /** Compare each island with the server's HTML; 'tampered' alters the header's props first (the check of the check). */
  hydration?: 'compare' | 'tampered';
  /** Measure the layout shifts once the network is quiet. */
  layoutShift?: boolean;
  /** Run the visual rules at the page's top. */
  visual?: boolean;
  /** Run axe: every rule, with the experimental label-content-name-mismatch and WCAG 2.2's target-size, off by default. */
  axe?: boolean;
  /** Write a screenshot under this name (`${name}-${width}.png` in `screenshotsDir`). */
  screenshot?: string;
}

export interface PageVisit {
  status: number | undefined;
  html: string;
  heading: string | undefined;
  mainText: string;
  ldTypes: string[];
  /** Console errors, hydration warnings and page errors, from the load to the end of the checks. */
  problems: string[];
  islands?: IslandComparison;
  shifts?: LayoutShift[];
  visual?: string[];
  axe?: AxeResults;
}

/** The returning visitor's sample, in the cart's own storage format. */
const SAMPLE = { name: 'Hartford Shaker Sage Green Door Sample', sku: 'HS-SG-DS', qty: 1, finish: { type: 'paint', value: 'sage-green' } };

let defaults: Promise<DefaultLooks> | undefined;

async function returningVisitor(browser: Browser, baseUrl: string, width: number, height: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: baseUrl }]);
  await context.addInitScript(([key, cart]) => localStorage.setItem(key!, cart!), [SAMPLE_CART_KEY, JSON.stringify({ expiresAt: Date.now() + 3_600_000, items: [SAMPLE] })]);
  await standInForThirdParties(context, baseUrl);
  return context;
}

/** Nothing leaves the machine: third-party frames (the scheduler) get a local stand-in. */
export async function standInForThirdParties(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.route(
    (url) => !url.href.startsWith(baseUrl),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Stand-in</title><p>Third-party stand-in</p>' }),
  );
}

async function ldTypes(page: Page): Promise<string[]> {
  return page.$$eval('script[type="application/ld+json"]', (els) => els.map((e) => (JSON.parse(e.textContent ?? '{}') as { '@type': string })['@type']));
}

/** The page at its top, the sticky header back in its place: content under a scrolled header would count as crowding it. */
async function atTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0 && !document.querySelector('.header--sticky, .header--show'));
}

export async function visitPage(browser: Browser, baseUrl: string, plan: VisitPlan, screenshotsDir: string): Promise<PageVisit> {
  const looks = plan.visual ? await (defaults ??= readDefaultLooks(browser)) : undefined;
  const context = await returningVisitor(browser, baseUrl, plan.width, plan.height);
  const page = await context.newPage();
  try {
    const problems = watchConsole(page);
    const response = await page.goto(baseUrl + plan.url);
    // Server-rendered content, before any script ran.
    const html = (await response?.text()) ?? '';
    await page.waitForSelector('html[data-hydrated="true"]');
    await pageSettled(page);
    // Every page has a main heading; a catalog block's own not-found message may use a lower level.
    const heading = (await page.locator(plan.notFound ? 'main :is(h1, h2)' : 'main h1').first().textContent())?.trim();
    const visit: PageVisit = { status: response?.status(), html, heading, mainText: (await page.locator('main').innerText()) ?? '', ldTypes: await ldTypes(page), problems };
    if (plan.layoutShift) {
      // Lighthouse's window: until the page is hydrated and the network quiet.
      await page.waitForLoadState('networkidle');
      visit.shifts = await layoutShifts(page);
    }
    if (plan.hydration) visit.islands = await compareIslands(page, html, plan.hydration === 'tampered');
    if (plan.screenshot || plan.visual) await atTop(page);
    if (plan.screenshot) {
      fs.mkdirSync(screenshotsDir, { recursive: true });
      await page.screenshot({ path: path.join(screenshotsDir, `${plan.screenshot}-${plan.width}.png`) });
    }
    if (looks) visit.visual = (await visualProblems(page, { phone: plan.width < 600, defaults: looks })).map((p) => `${plan.url} @${plan.width}: ${p}`);
    if (plan.axe) {
      // The header's sample badge is part of what is checked (on a page with the store's header).
      await page.locator('header.header .header__samples, body:not(:has(header.header))').first().waitFor();
      visit.axe = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } }).analyze();
    }
    return visit;
  } finally {
    await context.close();
  }
}

/** One line per axe finding, for an assertion whose failure reads as a list of what to fix. */
export function axeFindings(results: AxeResults, keep: (impact: string | null | undefined, rule: string) => boolean): string[] {
  return results.violations
    .filter((v) => keep(v.impact, v.id))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`));
}
