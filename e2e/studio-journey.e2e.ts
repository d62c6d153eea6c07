/**
 * The studio's whole journey, in Chromium on a copy of the demo content:
 * an operator is added by the command line and follows the printed set-up link (password, the
 * authenticator app, recovery codes), signs in, creates /showrooms/austin with a title banner, rich
 * text and the contact form, watches the preview change while typing, opens a block by a click in the
 * preview, cannot publish while a field
 * is wrong, publishes; a visitor in another browser context sees the page with no restart; then the
 * operator restores the site as it was before that version and the page is gone.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../server/build-output';
import { totpCode } from '../server/studio/studio-test-kit';
import { useShop } from './shop-fixture';
import { scaledMs } from '../scripts/test-calibration';

const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-studio-journey-'));
fs.cpSync(path.join(projectRoot, 'examples', 'site'), contentDir, { recursive: true });
const shop = useShop({ CONTENT_DIR: contentDir, CONTENT_WATCH: '0' });
afterAll(() => fs.rmSync(contentDir, { recursive: true, force: true }));

const EMAIL = 'dana.operator@example.com';
const PASSWORD = 'walnut island in austin';
const PAGE_TITLE = 'Austin showroom';

/** `npm run operator -- add …` as an operator runs it, on the shop's database and address. */
async function operatorCli(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server', 'operator-cli.ts'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: shop.server.databaseUrl, PUBLIC_URL: shop.server.url, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

/** With STUDIO_DOCS_SHOTS set (docs/studio.md's pictures: `npm run screenshots:studio`), the page at 1440 px. */
async function docShot(page: Page, name: string): Promise<void> {
  const dir = process.env.STUDIO_DOCS_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `studio-${name}-1440.png`) });
}

/** The preview frame's document, once it has rendered. */
async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title^="Preview of"]').elementHandle();
  const frame = await handle!.contentFrame();
  return frame!;
}

async function previewText(page: Page): Promise<string> {
  try {
    return (await (await previewFrame(page)).locator('body').textContent()) ?? '';
  } catch {
    return '';
  }
}

describe('an operator publishes a new page from the studio, and restores the site', () => {
  it('from the command line to a page visitors see, and back', async () => {
    // The operator is added by the command line, which prints a one-time set-up link.
    const printed = await operatorCli('add', EMAIL, '--role', 'publisher');
    const link = /https?:\/\/\S+\/studio\/setup#token=\S+/.exec(printed)?.[0];
    expect(link, printed).toBeDefined();

    const context = await shop.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(scaledMs(15_000));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Set-up: a password, the key into an authenticator app, a code from it, the recovery codes.
    await page.goto(link!);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = ((await page.locator('.secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Check the code' }).click();
    // The codes show once the server has checked the code: wait for them, then count.
    const recoveryCodes = page.getByRole('list', { name: 'Recovery codes' });
    await recoveryCodes.waitFor();
    expect(await recoveryCodes.locator('li').count()).toBe(10);
    await page.getByLabel('I have saved them').check();
    await page.getByRole('link', { name: 'Sign in to the studio' }).click();

    // Sign in. The set-up used this 30-second step's code; a code is good once, so the app's next one.
    await page.waitForURL('**/studio/sign-in');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Code').fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/studio');
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(EMAIL);

    // A new page.
    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByLabel('Name of the new page').fill('showroom-austin');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { level: 1, name: /pages\/showroom-austin\.json/ }).waitFor();

    // Its title, typed: the preview follows the typing.
    const title = page.locator('#def_metadata_title');
    await title.fill('');
    await title.pressSequentially(PAGE_TITLE, { delay: 20 });
    await page.locator('#def_metadata_description').fill('Cabinets, countertops and flooring to see and touch in Austin, Texas.');

    // A title banner, rich text and the contact form, from the catalogue.
    const addBlock = async (type: string) => {
      await page.getByRole('button', { name: '+ Add a block' }).click();
      await page.locator(`[data-block-type="${type}"]`).click();
    };
    await addBlock('title-banner');
    const banner = page.locator('.studio-block').nth(0);
    await banner.getByLabel(/^Title/).first().fill('Visit us in Austin');
    await expect.poll(() => previewText(page), { timeout: scaledMs(10_000) }).toContain('Visit us in Austin');
    // Typing on: the preview changes with each word.
    await banner.getByLabel(/^Title/).first().pressSequentially(', Texas', { delay: 30 });
    await expect.poll(() => previewText(page), { timeout: scaledMs(10_000) }).toContain('Visit us in Austin, Texas');
    // A click on the banner in the preview opens its block in the form, closed a moment before.
    const bannerToggle = banner.locator('.studio-block__toggle');
    await bannerToggle.click();
    expect(await bannerToggle.getAttribute('aria-expanded')).toBe('false');
    await (await previewFrame(page)).locator('[data-studio-block="0"]').getByText('Visit us in Austin, Texas').click();
    await expect.poll(() => bannerToggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => banner.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await addBlock('rich-text');
    // The HTML, one click from the formatted text: a script is not part of rich text, the site's
    // check says so, and nothing can be published.
    await page.locator('.studio-block').nth(1).getByRole('button', { name: 'Edit as HTML' }).click();
    const richText = page.locator('.studio-block').nth(1).locator('textarea').first();
    await richText.fill('<h2>Opening hours</h2><p>Monday to Saturday, <strong>9 to 6</strong>.</p><script>alert(1)</script>');

    await addBlock('form');
    await page.locator('.studio-block').nth(2).locator('select').filter({ has: page.locator('option[value="contact"]') }).first().selectOption('contact');

    // Its address: a draft of routes.json too.
    await page.getByLabel('Add an address').fill('/showrooms/austin');
    await page.getByRole('button', { name: 'Add address' }).click();

    const publish = page.getByRole('button', { name: /^Publish/ });
    await page.locator('.publish__reason').filter({ hasText: 'Fix the problems first' }).waitFor();
    expect(await publish.isDisabled()).toBe(true);
    await docShot(page, 'publish-blocked');

    // The problem fixed: Publish opens.
    await richText.fill('<h2>Opening hours</h2><p>Monday to Saturday, <strong>9 to 6</strong>.</p>');
    await expect.poll(() => publish.isEnabled(), { timeout: scaledMs(15_000) }).toBe(true);
    await expect.poll(() => previewText(page)).toContain('Opening hours');
    await docShot(page, 'editor');
    await publish.click();
    await page.getByText(/Published as version \d+/).waitFor();

    // A visitor, in another browser context, sees the page at once: no restart.
    const visitorContext = await shop.browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    const shown = await visitor.goto(`${shop.server.url}/showrooms/austin`);
    expect(shown?.status()).toBe(200);
    expect(await visitor.title()).toContain(PAGE_TITLE);
    expect(await visitor.getByRole('heading', { name: 'Visit us in Austin, Texas' }).count()).toBeGreaterThan(0);
    expect(await visitor.getByRole('heading', { name: 'Opening hours' }).count()).toBe(1);
    expect(await visitor.locator('script:not([src]):not([type])').filter({ hasText: 'alert(1)' }).count()).toBe(0);
    expect(await visitor.getByLabel(/E-?mail/).count()).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(contentDir, 'pages', 'showroom-austin.json'))).toBe(true);

    // History: undo that version; the page it added is gone.
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await page.getByRole('link', { name: /pages\/showroom-austin\.json/ }).first().click();
    await page.getByRole('button', { name: 'Undo this version' }).waitFor();
    await docShot(page, 'history');
    await page.getByRole('button', { name: 'Undo this version' }).click();
    await page.getByText(/pages\/showroom-austin\.json is removed/).waitFor();
    await page.getByRole('button', { name: /^Yes, undo version/ }).click();
    await page.getByText(/undone: version \d+ puts/).first().waitFor();

    const gone = await visitor.goto(`${shop.server.url}/showrooms/austin`);
    expect(gone?.status()).toBe(404);
    expect(fs.existsSync(path.join(contentDir, 'pages', 'showroom-austin.json'))).toBe(false);
    expect(errors).toEqual([]);
    await visitorContext.close();
    await context.close();
  });
});
