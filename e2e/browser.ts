/**
 * Debian's Chromium driven by playwright-core, with the flags this closed network needs. One
 * Chromium serves every test file of a test process (`workerBrowser`): files run one after another
 * in a process, each in contexts of its own, and the contexts a file leaves open are closed after it
 * (`closeContexts`). Playwright ends the browsers it launched when the process exits.
 */
import { afterAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { scaledMs } from '../scripts/test-calibration';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Journeys open http://localhost:PORT while the store listens on 127.0.0.1 only: Chromium resolves
 * `localhost` itself to both loopback addresses (::1 and 127.0.0.1, whatever /etc/hosts says) and
 * tries the next when one refuses, so it reaches the store whichever comes first.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * How long a step (a click, a wait, a navigation) may take before it fails: Playwright's 30 s,
 * scaled to this machine's pace (scripts/test-calibration.ts), so a slow or busy machine is not
 * taken for a broken page. A test that wants a shorter limit scales its own with `scaledMs`.
 */
export const STEP_TIMEOUT_MS = scaledMs(30_000);

/** Every context of this browser (and every page `newPage` opens, each in a context) gets the step limit. */
function withStepTimeout(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    return context;
  };
  return browser;
}

let shared: Promise<Browser> | undefined;

/** This test process's Chromium, launched on first use (and again if it went away). */
export function workerBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then(withStepTimeout).then((browser) => {
    browser.once('disconnected', () => (shared = undefined));
    return browser;
  });
  shared.catch(() => (shared = undefined));
  return shared;
}

/** After the calling file's tests: closes the contexts they left open in the process's Chromium. */
export function closeContextsAfterAll(): void {
  afterAll(async () => {
    const browser = await shared;
    await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
  });
}

/**
 * The page settled as a visitor first sees it: loaded (its stylesheets, scripts, and the images on
 * screen), every island due at once hydrated, and the fonts ready. What a screenshot or an
 * accessibility check reads, without waiting for half a second of network quiet.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Collects console errors, React hydration warnings and uncaught page errors for one page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' || /hydrat/i.test(text)) problems.push(`${msg.type()}: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}
