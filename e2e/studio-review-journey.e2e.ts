/**
 * A content team's journey, in Chromium: an editor makes a showroom page with formatted text typed
 * (a heading by the toolbar, bold by the keyboard, never HTML) and a photo uploaded with its alt
 * text, clicks a problem and lands in its place, and submits the page for review. A publisher opens
 * the change and sends it back with a comment; the editor reads the comment, fixes the text and
 * submits again; the publisher publishes, and a visitor sees the page with the photo's responsive
 * copies. The operators are seeded (their sign-in is another journey's); the store has a content
 * folder of its own.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signInOperator } from '../server/studio/studio-test-kit';
import { useShop } from './shop-fixture';
import { docShot, LAPTOP } from './studio-kit';
import { scaledMs } from '../scripts/test-calibration';

const shop = useShop({ CONTENT_POLL_MS: '0' }, { contentChanges: {} });
const ALT = 'The Dallas showroom: walnut cabinets around a quartz island';
const COMMENT = 'Please add that Sundays are by appointment.';

/** What axe finds serious or critical on the studio's own screen (the preview frame is the site's, checked elsewhere). */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** A browser page signed in as a new operator of `role` (the session seeded, as the sign-in is not what is tested). */
async function operatorPage(role: 'editor' | 'publisher'): Promise<{ page: Page; email: string; errors: string[] }> {
  const operator = await signInOperator(shop.server, role);
  const context = await shop.browser.newContext({ viewport: LAPTOP });
  const eq = operator.cookie.indexOf('=');
  await context.addCookies([{ name: operator.cookie.slice(0, eq), value: operator.cookie.slice(eq + 1), url: shop.server.url, httpOnly: true, sameSite: 'Strict' }]);
  // The studio's policy refuses inline styles and scripts: a violation is an error here.
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`csp: ${e.violatedDirective} ${e.blockedURI}`)));
  const page = await context.newPage();
  page.setDefaultTimeout(scaledMs(15_000));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.text().startsWith('csp:') && errors.push(m.text()));
  return { page, email: operator.email, errors };
}

/** Waits for the autosave of what was just typed. */
async function saved(page: Page): Promise<void> {
  await page.getByText(/Unsaved changes|Saving…/).first().waitFor({ state: 'detached', timeout: scaledMs(15_000) }).catch(() => {});
  await page.getByText(/^Draft saved at/).first().waitFor();
}

describe('an editor and a publisher put a new showroom page on the site through review', () => {
  it('typed text and an uploaded photo, sent back once, published, seen by a visitor', async () => {
    const editor = await operatorPage('editor');
    const publisher = await operatorPage('publisher');
    const page = editor.page;

    // A new page, its title and address.
    await page.goto(`${shop.server.url}/studio`);
    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByLabel('Name of the new page').fill('showroom-dallas');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { level: 1, name: /pages\/showroom-dallas\.json/ }).waitFor();
    await page.locator('#def_metadata_title').fill('Dallas showroom');
    await page.locator('#def_metadata_description').fill('Cabinets, countertops and flooring to see and touch in Dallas, Texas.');
    await page.getByLabel('Add an address').fill('/showrooms/dallas');
    await page.getByRole('button', { name: 'Add address' }).click();

    const addBlock = async (type: string) => {
      await page.getByRole('button', { name: '+ Add a block' }).click();
      await page.locator(`[data-block-type="${type}"]`).click();
    };

    // A banner with a photo uploaded from the picker, its alt text typed once.
    await addBlock('banner');
    const banner = page.locator('.studio-block').nth(0);
    await banner.getByLabel(/^Title/).first().fill('Visit us in Dallas');
    await banner.getByRole('button', { name: 'Choose…' }).click();
    const photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#7a5a3a' } }).jpeg({ quality: 80 }).toBuffer();
    await banner.getByLabel('Picture to upload').setInputFiles({ name: 'Dallas showroom.jpg', mimeType: 'image/jpeg', buffer: photo });
    await banner.getByLabel(/^Alt text: what the image shows/).fill(ALT);
    await banner.getByRole('button', { name: 'Upload', exact: true }).click();
    // The photo is made ready on the server (turned upright, its copies made): a moment.
    await expect.poll(() => banner.locator('input[id$="image_src"]').inputValue(), { timeout: scaledMs(15_000) }).toMatch(/^\/images\/uploads\/dallas-showroom-[0-9a-f]{10}\.jpg$/);
    await expect.poll(() => banner.locator('input[id$="image_alt"]').inputValue(), { timeout: scaledMs(5_000) }).toBe(ALT);
    // The banner's form in an editor's words: its picture, its buttons, the rest under More.
    await docShot(page, 'banner-block', banner);

    // Formatted text, typed: a heading from the toolbar, bold by Ctrl+B.
    await addBlock('rich-text');
    const text = page.locator('.studio-block').nth(1);
    const area = text.getByRole('textbox', { name: /Text|Html/i });
    await area.click();
    await text.getByRole('button', { name: /^Heading/ }).click();
    await page.keyboard.type('Opening hours');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Monday to Saturday, ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('9 to 6');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('.');
    await docShot(page, 'formatted-text');

    // A problem (the banner's title emptied), clicked: the cursor goes to its place in the file.
    await banner.getByLabel(/^Title/).first().fill('');
    // The problem worded once: in the list, at the field, over the preview.
    const list = page.getByRole('region', { name: 'Problems in this file' });
    await list.getByText(/^Block 1 \(Banner\) · Title: This field is required\.$/).waitFor();
    await banner.locator('.error-detail').getByText('This field is required.').first().waitFor();
    await docShot(page, 'problems', list);
    await page.getByRole('button', { name: 'Raw JSON' }).click();
    const problem = page.locator('.studio-raw__problems li').filter({ hasText: '/blocks/0/title' }).first();
    await problem.getByRole('button').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? ''), { timeout: scaledMs(5_000) }).toContain('studio-raw__text');
    // The title is missing: the cursor is at the banner it is missing from.
    const atCaret = await page.evaluate(() => {
      const el = document.activeElement as HTMLTextAreaElement;
      return el.value.slice(el.selectionStart, el.selectionStart + 300);
    });
    expect(atCaret).toMatch(/^\{[^}]*"type": "banner"/);
    await page.getByRole('button', { name: 'Form', exact: true }).click();
    await page.locator('.studio-block').nth(0).getByLabel(/^Title/).first().fill('Visit us in Dallas');
    await saved(page);

    // Submitted for review, with a note.
    await page.getByLabel('Note for the publisher').fill('New Dallas showroom page');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    const submitted = await page.getByText(/Submitted for review as change (\d+)/).textContent();
    const changeId = Number(/change (\d+)/.exec(submitted ?? '')![1]);

    // The publisher finds it waiting, reads what it changes, and sends it back.
    const pub = publisher.page;
    await pub.goto(`${shop.server.url}/studio/reviews`);
    await pub.getByRole('link', { name: /New Dallas showroom page/ }).click();
    await pub.locator('.change__title', { hasText: 'pages/showroom-dallas.json' }).waitFor();
    await pub.locator('.facts').getByText('New Dallas showroom page').waitFor();
    // The page as it would look, with the change's files in place.
    const preview = pub.frameLocator('iframe[title^="Preview of"]');
    await preview.getByRole('heading', { name: 'Opening hours' }).waitFor();
    await docShot(pub, 'review');
    expect(await seriousAxeViolations(pub)).toEqual([]);
    await pub.getByLabel('Comment for the author').fill(COMMENT);
    await pub.getByRole('button', { name: 'Send back' }).click();
    await pub.getByText(`Sent change ${changeId} back to ${editor.email}.`).waitFor();

    // The editor reads the comment at the file, fixes the text and submits again.
    await page.goto(`${shop.server.url}/studio/edit/pages/showroom-dallas.json`);
    await page.getByRole('note').filter({ hasText: COMMENT }).waitFor();
    const again = page.locator('.studio-block').nth(1).getByRole('textbox', { name: /Text|Html/i });
    await again.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Sundays by appointment.');
    await saved(page);
    await page.getByLabel('Note for the publisher').fill('Sundays added');
    await page.getByRole('button', { name: 'Submit again' }).click();
    await page.getByText(`Submitted for review as change ${changeId}`).waitFor();

    // The publisher publishes it.
    await pub.goto(`${shop.server.url}/studio/reviews/${changeId}`);
    await pub.locator('.facts').getByText('Sundays added').waitFor();
    await pub.locator('.review__thread').getByText(COMMENT).waitFor();
    await pub.getByRole('button', { name: 'Publish this change' }).click();
    await pub.getByText(new RegExp(`Published change ${changeId} as version \\d+`)).waitFor();

    // A visitor sees it, the photo with its alt text and its copies for phones.
    const visitorContext = await shop.browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    expect((await visitor.goto(`${shop.server.url}/showrooms/dallas`))?.status()).toBe(200);
    expect(await visitor.getByRole('heading', { name: 'Opening hours' }).count()).toBe(1);
    expect(await visitor.locator('strong', { hasText: '9 to 6' }).count()).toBe(1);
    expect(await visitor.getByText('Sundays by appointment.').count()).toBe(1);
    const img = visitor.getByRole('img', { name: ALT });
    expect(await img.getAttribute('srcset')).toMatch(/-480w\.webp 480w, .*-960w\.webp 960w, .*-1600w\.webp 1600w, .*\.jpg 1800w$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: scaledMs(10_000) }).toBe(true);

    // The library says where the photo is used.
    await page.goto(`${shop.server.url}/studio/images`);
    await page.getByLabel('Search by name, alt text or page').fill('dallas');
    await page.locator('.image-card').filter({ hasText: 'Used on Dallas showroom (/showrooms/dallas)' }).waitFor();
    await docShot(page, 'images');
    expect(await seriousAxeViolations(page)).toEqual([]);

    expect(editor.errors).toEqual([]);
    expect(publisher.errors).toEqual([]);
    await visitorContext.close();
    // Two operators through ten steps, an image made ready and two axe checks: about 40 s alone on two
    // cores, more while other lanes run (158 s measured with eight lanes at a load of 20).
  }, scaledMs(240_000));
});
