/**
 * The studio's shell in Chromium: /studio answers with its own strict CSP and no inline
 * script or style, and no storefront bundle carries studio code; a new operator's set-up (password,
 * the authenticator app's key, recovery codes); sign-in by keyboard alone, with the one refusal for
 * a wrong code; a viewer sees no Publish; an admin adds an operator and sees the set-up link once;
 * axe finds no serious violation; the file list is a drawer at 390 px with no sideways scroll.
 * Screenshots at 390 and 1280 px go to STUDIO_SHOTS_DIR (default test-results/studio-shots).
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_INVALID_CREDENTIALS } from '../schemas/api/studio';
import { clientDir, distDir, widgetsDir } from '../server/build-output';
import { openDatabase } from '../server/db/database';
import { STUDIO_POLICY } from '../server/studio/studio-page';
import { addOperator, signInOperator, totpCode } from '../server/studio/studio-test-kit';
import type { OperatorRole } from '../schemas/api/studio';
import { useShop } from './shop-fixture';
import { scaledMs } from '../scripts/test-calibration';

// The history's test publishes: the store gets a content folder of its own, never the demo's.
const shop = useShop({}, { contentChanges: {} });
const shots = path.resolve(process.env.STUDIO_SHOTS_DIR ?? 'test-results/studio-shots');
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 860 };
/** Text that only the studio's bundle has. */
const STUDIO_ONLY = 'Undo this version';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

/** A page whose Content-Security-Policy violations are collected (the script runs outside the page's policy). */
async function newPage(viewport = LAPTOP, role?: OperatorRole): Promise<{ page: Page; violations: () => Promise<string[]>; email?: string }> {
  const context = await shop.browser.newContext({ viewport });
  contexts.push(context);
  let email: string | undefined;
  if (role) {
    const operator = await signInOperator(shop.server, role);
    const [name, value] = [operator.cookie.slice(0, operator.cookie.indexOf('=')), operator.cookie.slice(operator.cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: shop.server.url, httpOnly: true, sameSite: 'Strict' }]);
    email = operator.email;
  }
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  page.setDefaultTimeout(scaledMs(10_000));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const violations = async () => [...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)), ...errors];
  return { page, violations, ...(email ? { email } : {}) };
}

/**
 * Frames are left out: the editor's preview is a sandboxed frame where no script may run, and axe
 * waits for ever on one it cannot run in (`iframes: false` does not stop it; excluding does). The
 * storefront's pages have their own axe tests.
 */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

function filesUnder(dir: string, ext: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => path.join(dir, f));
}

describe('the studio is its own app', () => {
  it('answers /studio with its strict CSP, no-store and noindex, and its HTML has no inline script or style', async () => {
    for (const url of ['/studio', '/studio/sign-in', '/studio/edit/pages/home.json']) {
      const res = await fetch(shop.server.url + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(STUDIO_POLICY);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
      const html = await res.text();
      // Every script has a src; no <style> element, no style attribute, no inline event handler.
      expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\bsrc=/.test(tag))).toBe(true);
      expect(html).not.toMatch(/<style\b/i);
      expect(html).not.toMatch(/\sstyle=/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
    // The storefront keeps its own policy.
    const home = await fetch(`${shop.server.url}/`);
    expect(home.headers.get('content-security-policy')).not.toBe(STUDIO_POLICY);
  });

  it('no storefront bundle (client, SSR, widgets) carries studio code; the studio bundle does', () => {
    const storefront = [...filesUnder(clientDir, /\.js$/), ...filesUnder(path.join(distDir, 'ssr'), /\.js$/), ...filesUnder(widgetsDir, /\.js$/)];
    expect(storefront.length).toBeGreaterThan(0);
    for (const file of storefront) expect(fs.readFileSync(file, 'utf8').includes(STUDIO_ONLY), file).toBe(false);
    const studio = filesUnder(path.join(distDir, 'studio', 'assets'), /\.js$/);
    expect(studio.some((file) => fs.readFileSync(file, 'utf8').includes(STUDIO_ONLY))).toBe(true);
    for (const file of studio) {
      const code = fs.readFileSync(file, 'utf8');
      // The editor's validators are compiled at build time: the strict CSP allows no eval.
      expect(/\beval\(/.test(code), file).toBe(false);
      expect(code.includes('new Function'), file).toBe(false);
    }
  });
});

describe('set-up and sign-in', () => {
  let setupLink = '';

  it('an admin adds an operator and sees the set-up link once, with a copy button', async () => {
    const { page, violations } = await newPage(LAPTOP, 'admin');
    await page.goto(`${shop.server.url}/studio/operators`);
    await page.getByRole('heading', { level: 1, name: 'Operators' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await page.getByLabel('E-mail').fill('new.editor@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Add and make a set-up link' }).click();
    const box = page.getByRole('region', { name: 'Set-up link for new.editor@example.com' });
    await box.waitFor();
    setupLink = (await box.locator('code').textContent()) ?? '';
    expect(setupLink).toMatch(/\/studio\/setup#token=\S+$/);
    await expect.poll(() => box.getByRole('button', { name: 'Copy the link' }).isVisible()).toBe(true);
    // The new operator is in the list, waiting for set-up.
    await expect.poll(() => page.getByRole('row', { name: /new\.editor@example\.com/ }).textContent()).toContain('Set-up pending');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'operators');
    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await shoot(page, 'operators');
    expect(await violations()).toEqual([]);
  });

  it('the new operator sets a password, adds the key to an app, proves it, and gets ten recovery codes', async () => {
    expect(setupLink).not.toBe('');
    const { page, violations } = await newPage(PHONE);
    await page.goto(setupLink.replace(/^https?:\/\/[^/]+/, shop.server.url));
    await page.getByRole('heading', { level: 1, name: 'Set up your studio account' }).waitFor();
    // The token leaves the address bar at once.
    expect(new URL(page.url()).hash).toBe('');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'setup-password');
    await page.setViewportSize(LAPTOP);
    await shoot(page, 'setup-password');
    await page.setViewportSize(PHONE);
    await page.getByLabel('New password').fill('too short');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByText(/Use at least 12 characters\. This one has 9\./).waitFor();
    await page.getByLabel('New password').fill('maple drawers for ever');
    await page.getByLabel('Repeat the password').fill('maple drawers for ever');
    await page.getByRole('button', { name: 'Set the password' }).click();

    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    // Drawn as an image: it has a size, and no SVG markup of the server's is in the page.
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('svg').count()).toBe(0);
    const secret = ((await page.locator('.secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'setup-app');
    await page.setViewportSize(LAPTOP);
    await shoot(page, 'setup-app');

    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Check the code' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.locator('li').count()).toBe(10);
    await shoot(page, 'setup-codes');
    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await shoot(page, 'setup-codes');
    await page.getByLabel('I have saved them').check();
    await page.getByRole('link', { name: 'Sign in to the studio' }).click();
    await page.waitForURL('**/studio/sign-in');
    expect(await violations()).toEqual([]);
  });

  it('signs in by keyboard alone, with the one refusal for a wrong code', async () => {
    const database = openDatabase(shop.server.databaseUrl);
    let operator: Awaited<ReturnType<typeof addOperator>>;
    try {
      operator = await addOperator(database, { role: 'publisher' });
    } finally {
      await database.close();
    }
    const { page, violations } = await newPage(PHONE);
    await page.goto(`${shop.server.url}/studio`);
    await page.waitForURL('**/studio/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Sign in to the studio' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'sign-in');

    const right = totpCode(operator.totpSecret);
    const wrong = right === '000000' ? '111111' : '000000';
    // From the top of the page: Tab to each field, type, Enter.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.keyboard.type(operator.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(operator.password);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('inputmode'))).toBe('numeric');
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: STUDIO_INVALID_CREDENTIALS });
    await alert.waitFor();
    expect(await page.getByText(STUDIO_INVALID_CREDENTIALS).count()).toBe(1);
    // The focus ring shows where the keyboard is.
    expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'sign-in-refused');

    // The code field was emptied; type the right one.
    await page.getByLabel('Code').focus();
    await page.keyboard.type(right);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/studio');
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(operator.email);
    expect(await page.getByRole('banner').textContent()).toContain('Publisher');
    await page.setViewportSize(LAPTOP);
    await page.goto(`${shop.server.url}/studio/sign-in`);
    // Signed in already: the sign-in page leads to the studio.
    await page.waitForURL((url) => url.pathname === '/studio');
    expect(await violations()).toEqual([]);
  });

  it('the sign-in page at 1280 px', async () => {
    const { page } = await newPage(LAPTOP);
    await page.goto(`${shop.server.url}/studio/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to the studio' }).waitFor();
    await shoot(page, 'sign-in');
  });
});

describe('the signed-in studio', () => {
  beforeAll(async () => {
    // A publisher's draft with a problem: a new page whose form block names a form that does not exist.
    const publisher = await signInOperator(shop.server, 'publisher', { email: 'pia.publisher@example.com' });
    const page = { $schema: '../../../schemas/json/page.schema.json', metadata: { title: 'Austin showroom', description: 'Visit us in Austin.' }, blocks: [{ type: 'form', id: 'visit', form: 'contakt' }] };
    const res = await fetch(`${shop.server.url}/api/studio/draft`, {
      method: 'PUT',
      headers: { ...publisher.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: 'pages/showroom-austin.json', text: `${JSON.stringify(page, null, 2)}\n`, baseHash: null }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const problems = ((await res.json()) as { data: { problems: unknown[] } }).data.problems;
    expect(problems.length).toBeGreaterThan(0);
    publisherCookie = publisher.cookie;
  });
  let publisherCookie = '';

  async function asPublisher(viewport: { width: number; height: number }) {
    const context = await shop.browser.newContext({ viewport });
    contexts.push(context);
    const eq = publisherCookie.indexOf('=');
    await context.addCookies([{ name: publisherCookie.slice(0, eq), value: publisherCookie.slice(eq + 1), url: shop.server.url, httpOnly: true, sameSite: 'Strict' }]);
    const page = await context.newPage();
    page.setDefaultTimeout(scaledMs(10_000));
    return page;
  }

  it("a viewer sees the files and the editor but no Publish, and no operators' pages", async () => {
    const { page, violations } = await newPage(LAPTOP, 'viewer');
    await page.goto(`${shop.server.url}/studio/edit/pages/home.json`);
    await page.getByRole('heading', { level: 1, name: /pages\/home\.json/ }).waitFor();
    await page.getByRole('navigation', { name: 'Content files' }).getByRole('link', { name: /^Kitchen Cabinets, Countertops & Flooring/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
    await page.getByText(/drafting needs the editor role/).waitFor();
    expect(await page.getByRole('link', { name: 'Operators' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New page' }).count()).toBe(0);
    expect(await violations()).toEqual([]);
  });

  it('a publisher with a draft that has a problem cannot publish, and sees why (1280 and 390 px)', async () => {
    const page = await asPublisher(LAPTOP);
    await page.goto(`${shop.server.url}/studio/edit/pages/showroom-austin.json`);
    await page.getByRole('heading', { level: 1, name: /pages\/showroom-austin\.json/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Content files' });
    await expect.poll(() => nav.getByRole('link', { name: /^showroom-austin/ }).textContent()).toContain('draft');
    const publish = page.getByRole('button', { name: /^Publish/ });
    // The panel knows the draft; its problems come with the first autosave or a refused publish.
    expect(await page.locator('.publish__count').textContent()).toContain('1 draft');
    if (await publish.isEnabled()) await publish.click();
    expect(await publish.isDisabled()).toBe(true);
    await page.locator('.publish__reason').filter({ hasText: 'Fix the problems first' }).waitFor();
    const details = page.locator('.publish__details');
    if (!(await details.isVisible())) await page.getByRole('button', { name: /problem/ }).first().click();
    await details.getByRole('link', { name: 'pages/showroom-austin.json' }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'studio-file');

    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await shoot(page, 'studio-file');
    // The file list is a drawer: opened by its button, closed with Escape, focus back on the button.
    const toggle = page.getByRole('button', { name: 'Files', exact: true });
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('filter');
    await page.keyboard.type('austin');
    await shoot(page, 'studio-drawer');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

  });

  it('an editor opens a file: the editor area, its preview, and Submit for review in place of Publish (1280 and 390 px)', async () => {
    const { page, violations } = await newPage(LAPTOP, 'editor');
    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${shop.server.url}/studio/edit/pages/contact.json`);
      await page.getByRole('heading', { level: 1, name: /pages\/contact\.json/ }).waitFor();
      // An editor submits for review where a publisher publishes.
      await page.getByRole('button', { name: 'Submit for review' }).waitFor();
      expect(await page.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
      // The preview is the editor's; the shot waits for it a while, but the shell is what is checked here.
      await page.locator('iframe').first().waitFor({ timeout: scaledMs(8_000) }).catch(() => {});
      await noSidewaysScroll(page);
      await shoot(page, 'studio-contact');
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await violations()).toEqual([]);
  });

  it('history: versions newest first and one with its diff (after a publish by the API)', async () => {
    // A version to look at: a publisher publishes a small change to the FAQs.
    const operator = await signInOperator(shop.server, 'publisher');
    const file = (await (await fetch(`${shop.server.url}/api/studio/file?path=data%2Ffaqs.json`, { headers: operator.headers })).json()) as { data: { published: { text: string; hash: string } } };
    const text = file.data.published.text.replace(/"question": "([^"]+)"/, '"question": "$1 (updated)"');
    const saved = await fetch(`${shop.server.url}/api/studio/draft`, {
      method: 'PUT',
      headers: { ...operator.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: 'data/faqs.json', text, baseHash: file.data.published.hash }),
    });
    expect(saved.status).toBe(200);
    const published = await fetch(`${shop.server.url}/api/studio/publish`, {
      method: 'POST',
      headers: { ...operator.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'A clearer FAQ question' }),
    });
    expect(published.status, await published.clone().text()).toBe(201);
    const version = ((await published.json()) as { data: { version: number } }).data.version;

    const page = await asPublisher(LAPTOP);
    await page.goto(`${shop.server.url}/studio/history/${version}`);
    await page.getByRole('heading', { level: 2, name: `Version ${version}` }).waitFor();
    const lines = page.getByLabel('Changes to data/faqs.json');
    await lines.waitFor();
    expect(await lines.locator('.diff__line--add').count()).toBeGreaterThan(0);
    expect(await lines.locator('.diff__line--remove').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: STUDIO_ONLY }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'history');
    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await shoot(page, 'history');
  });
});
