/**
 * The forms in a real Chromium against the whole server: the demo forms on
 * their pages, the newsletter in the footer and in the home page's popup (with its confirmation
 * e-mail and page), and the unsubscribe page.
 * What is checked is what a visitor sees and what the server stored: the submission rows, the mail
 * outbox (and /dev/mail), the newsletter subscriptions.
 *
 * The form endpoint allows 10 posts a minute per address. The server trusts the loopback proxy
 * (TRUST_PROXY), and each test's browser context speaks as its own visitor (X-Forwarded-For), so the
 * tests never share a budget; no test sends more than a handful of posts.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDir } from '../server/build-output';
import { openDatabase, type Database } from '../server/db/database';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { workerBrowser, watchConsole, closeContextsAfterAll } from './browser';

let server: TestServer;
let browser: Browser;
let database: Database;
let visitor = 0;

closeContextsAfterAll();
beforeAll(async () => {
  const env: Record<string, string> = { TRUST_PROXY: 'loopback' };
  if (process.env.CONTENT_DIR) env.CONTENT_DIR = process.env.CONTENT_DIR;
  [server, browser] = await Promise.all([startTestServer(env), workerBrowser()]);
  database = openDatabase(server.databaseUrl);
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
});

interface Visit {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** A new visitor (its own address for the rate limit), with console errors and CSP reports collected. */
async function visit(options: { reducedMotion?: 'reduce' } = {}): Promise<Visit> {
  visitor += 1;
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor}` }, ...options });
  const page = await context.newPage();
  const problems = watchConsole(page);
  // A CSP violation is also logged as a console error; this catches any that is not.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return { context, page, problems };
}

/** Opens a page and waits until the island holding `selector` has hydrated. */
async function openForm(page: Page, path: string, selector: string): Promise<Locator> {
  const response = await page.goto(server.url + path);
  expect(response!.status()).toBe(200);
  const block = page.locator(selector);
  await block.scrollIntoViewIfNeeded();
  await waitHydrated(page, selector);
  return block;
}

/** Waits until the island around (or inside) `selector` has hydrated. */
async function waitHydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    const island = el?.closest('showroom-island') ?? el?.querySelector('showroom-island');
    return island?.getAttribute('data-hydrated') === 'true';
  }, selector);
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

// What the server stored, read through its own data interface on its SQLite file.
const submissions = (form: string) => database.q.all(database.q.db.selectFrom('form_submission').select(['id', 'status', 'steps_done', 'data']).where('form_name', '=', form).orderBy('id'));
const outboxCount = async () => (await database.q.first(database.q.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n'))))!.n;
const outbox = (type: string) => database.q.all(database.q.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'attachments']).where('type', '=', type).orderBy('id'));
const subscriber = (email: string) => database.q.first(database.q.db.selectFrom('newsletter_subscriber').select(['status', 'unsubscribe_token']).where('email', '=', email));

const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const popupChunk = `/${manifest['renderer/popups/Popup.tsx']!.file}`;

/** A real 1x1 PNG: the server reads the type from the bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('the contact form', () => {
  it('refuses an empty submit with the messages, focuses the first invalid field, then sends; stored and mailed', async () => {
    const { context, page, problems } = await visit();
    const form = await openForm(page, '/contact', '#contact-form');
    const before = (await submissions('contact')).length;

    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    const firstName = form.getByLabel('First name');
    await expect.poll(() => firstName.getAttribute('aria-invalid')).toBe('true');
    // Each required field says so, tied to its input.
    const required = form.getByText('This field is required');
    expect(await required.count()).toBe(5); // first and last name, e-mail, topic, message
    const describedBy = (await firstName.getAttribute('aria-describedby'))!.split(' ');
    const errorIds = await required.evaluateAll((els) => els.map((e) => e.id));
    expect(describedBy.some((id) => errorIds.includes(id))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await firstName.fill('Ann');
    await form.getByLabel('Last name').fill('Lee');
    await form.getByRole('textbox', { name: 'E-mail' }).fill('ann.e2e@example.com');
    await form.getByLabel('What is it about?').selectOption('samples');
    await form.getByLabel('Message').fill('Please send me three door samples.');
    await form.getByRole('button', { name: 'Send message' }).click();
    // The captcha (the offline test challenge: no site key) is asked for before anything is sent.
    await expect.poll(() => form.getByText('Please complete the reCAPTCHA verification').count()).toBe(1);
    expect((await submissions('contact')).length).toBe(before);
    await form.getByLabel('I am not a robot (test captcha)').check();
    await form.getByRole('button', { name: 'Send message' }).click();

    await form.getByText('We have received your message. Our Team will contact you soon.').waitFor();
    await form.getByText('Thank you!').waitFor();
    const rows = await submissions('contact');
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1)!;
    expect(row.status).toBe('submitted');
    expect(JSON.parse(row.data)).toMatchObject({ firstName: 'Ann', lastName: 'Lee', email: 'ann.e2e@example.com', topic: 'samples', source: 'contact-page' });
    // /dev/mail answers only to this machine, not through the proxy the browser speaks through.
    const mailbox = await (await fetch(`${server.url}/dev/mail`)).text();
    expect(mailbox).toContain(`New form submission: Get in touch #${row.id}`);
    expect(mailbox).toContain('ann.e2e@example.com');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the claim form', () => {
  it("refuses a 3 MB photo in the browser with the spec's message; a real photo is sent and stored", async () => {
    const { context, page, problems } = await visit();
    const form = await openForm(page, '/claim', '#claim-form');
    const before = (await submissions('claim')).length;
    const photos = form.getByLabel('Photos of the damage and the box label');
    await photos.setInputFiles({ name: 'damage.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(3 * 1024 * 1024, 0xff) });
    await form.getByText('File is too large, maximum allowed size is 2MB').waitFor();
    await form.getByRole('button', { name: 'Remove damage.jpg' }).click();
    await photos.setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: PNG });

    await form.getByLabel('Order number').fill('1020431');
    await form.getByLabel('E-mail used for the order').fill('claim.e2e@example.com');
    await form.getByLabel('Full name').fill('Ann Lee');
    await form.getByLabel('Phone').fill('9165550147');
    await form.getByLabel('Damaged in transit').check();
    await form.getByLabel('Wall cabinet').check();
    await form.getByLabel('Describe the problem').fill('Two wall cabinet doors arrived with cracked corners.');
    await form.getByLabel('I kept the original packaging').check();
    await form.getByLabel('I am not a robot (test captcha)').check();
    await form.getByRole('button', { name: 'Submit claim' }).click();
    await form.getByText('Your claim is in. We reply within two business days.').first().waitFor();

    const rows = await submissions('claim');
    expect(rows.length).toBe(before + 1);
    const uploads = await database.q.all(database.q.db.selectFrom('form_upload').select(['original_name', 'content_type']).where('submission_id', '=', rows.at(-1)!.id).orderBy('id'));
    expect(uploads).toEqual([{ original_name: 'label.png', content_type: 'image/png' }]);
    expect(JSON.parse((await outbox('form-notification')).at(-1)!.attachments)).toMatchObject([{ filename: 'label.png' }]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the free-kitchen-design form (multi-step)', () => {
  it('walks its steps, keeps its data across a reload, and sends its notification only at the end', async () => {
    const { context, page, problems } = await visit();
    let form = await openForm(page, '/free-kitchen-design', '#design-request');
    const mailsBefore = await outboxCount();
    const current = () => form.locator('[aria-current="step"]').textContent();

    expect(await form.locator('.sf-steps__number').allTextContents()).toEqual(['01', '02', '03']);
    await form.getByLabel('First name').fill('Bea');
    await form.getByLabel('Last name').fill('Cole');
    await form.getByLabel('E-mail').fill('bea.e2e@example.com');
    await form.getByLabel('Phone').fill('9165550100');
    await form.getByLabel('ZIP code of the project').fill('95814');
    await form.getByLabel('I am not a robot (test captcha)').check();
    await form.getByRole('button', { name: 'Next: your kitchen' }).click();
    await expect.poll(current).toContain('Your kitchen');
    const row = async () => (await submissions('free-kitchen-design')).at(-1)!;
    expect(await row()).toMatchObject({ status: 'in_progress', steps_done: 1 });
    expect(await outboxCount()).toBe(mailsBefore);

    await form.getByLabel('Remodel of an existing kitchen').check();
    await form.getByLabel('Layout').selectOption('galley');
    await form.getByLabel('Door styles you like').selectOption(['shaker']);
    await form.getByLabel('Yes', { exact: true }).check();
    await form.getByLabel('Floor plan or sketch with measurements').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Next: budget and timing' }).click();
    await expect.poll(current).toContain('Budget and timing');
    expect(await row()).toMatchObject({ status: 'in_progress', steps_done: 2 });
    expect(await outboxCount()).toBe(mailsBefore);

    await form.getByLabel('Cabinet budget').selectOption('10k-25k');
    await form.getByLabel('Anything our designer should know').fill('The window is on the long wall.');
    await page.reload();
    form = page.locator('#design-request');
    await waitHydrated(page, '#design-request');
    // Back where the visitor was, with what was typed.
    await expect.poll(current).toContain('Budget and timing');
    expect(await form.getByLabel('Cabinet budget').inputValue()).toBe('10k-25k');
    expect(await form.getByLabel('Anything our designer should know').inputValue()).toBe('The window is on the long wall.');
    expect(await outboxCount()).toBe(mailsBefore);

    await form.getByLabel('In 1 to 3 months').check();
    await form.getByRole('button', { name: 'Request my free design' }).click();
    await form.getByText('Thank you! A designer will contact you within one business day.').waitFor();
    expect(await row()).toMatchObject({ status: 'submitted', steps_done: 3 });
    expect(JSON.parse((await row()).data)).toMatchObject({ firstName: 'Bea', kitchenShape: 'galley', budget: '10k-25k', timeline: '1-3-months' });
    // The notification (with the floor plan) and the visitor's confirmation, now and only now.
    const notification = (await outbox('form-notification')).at(-1)!;
    expect(notification.subject).toMatch(/^New form submission: Free kitchen design #/);
    expect(JSON.parse(notification.attachments)).toMatchObject([{ filename: 'plan.png' }]);
    expect(await outboxCount()).toBe(mailsBefore + 2);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('free-kitchen-design')))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the newsletter popup on the home page', () => {
  it('appears on scroll, is closed by Esc, and does not come back until its cookie expires', async () => {
    const { context, page, problems } = await visit();
    // A fake clock: the popup's 20 s delay trigger never fires by itself; only the scroll does.
    await page.clock.install();
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto(server.url + '/');
    await page.waitForSelector('html[data-hydrated="true"]');
    const dialog = page.getByRole('dialog', { name: 'Get 10% off your first sample order' });
    expect(await dialog.count()).toBe(0);
    // The popup's code (and the form engine in it) loads only when it is about to show.
    expect(scripts).not.toContain(popupChunk);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
    await dialog.waitFor();
    expect(scripts).toContain(popupChunk);
    const email = dialog.getByLabel('E-mail');
    await expect.poll(() => page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement))).toBe(true);
    expect(await email.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await dialog.getByText('This field is required').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.clock.runFor(1000); // the closing animation (300 ms)
    await dialog.waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'showroom_popup_newsletter')!;
    // The popup's cookieExpiry is 7d.
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(cookie.expires * 1000 - Date.now()).toBeLessThanOrEqual(7 * 86_400_000 + 1000);

    // While the cookie lives: no scroll, delay or exit intent brings it back.
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(30_000);
    await page.mouse.move(10, 10);
    await page.mouse.move(10, -5);
    expect(await dialog.count()).toBe(0);

    // Its expiry reached (the cookie jar drops a cookie whose time has passed): it shows again.
    await context.addCookies([{ ...cookie, expires: Math.floor(Date.now() / 1000) - 1 }]);
    expect((await context.cookies()).some((c) => c.name === 'showroom_popup_newsletter')).toBe(false);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
    await dialog.waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('newsletter: the footer form, the confirmation e-mail and the unsubscribe page', () => {
  it('the footer form asks to confirm; the link of the e-mail (read at /dev/mail) confirms; the unsubscribe page toggles it', async () => {
    const { context, page, problems } = await visit();
    const footer = await openForm(page, '/about-us', '.footer__newsletter');
    await footer.getByLabel('E-mail').fill('news.e2e@example.com');
    await footer.getByLabel('I am not a robot (test captcha)').check();
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Check your inbox to confirm').waitFor();
    // Typing an address subscribes nobody: its owner has to confirm.
    expect((await subscriber('news.e2e@example.com'))!.status).toBe('pending');

    // The owner reads the e-mail in the dev mailbox (which answers only a browser on this machine,
    // without a proxy's header) and follows its link.
    const mailbox = await browser.newContext();
    const inbox = await mailbox.newPage();
    await inbox.goto(`${server.url}/dev/mail`);
    const confirmation = inbox.frameLocator('iframe[title="Confirm your newsletter subscription"]').first();
    const link = await confirmation.getByRole('link', { name: 'Confirm my subscription' }).getAttribute('href');
    expect(link).toMatch(new RegExp(`^${server.url}/newsletter/confirm/\\d+\\.[A-Za-z0-9_-]{43}$`));
    await mailbox.close();

    const confirmed = await openForm(page, new URL(link!).pathname, '.newsletter-confirm');
    await confirmed.getByText('Your subscription to our newsletter is confirmed.').waitFor();
    const stored = (await subscriber('news.e2e@example.com'))!;
    expect(stored.status).toBe('subscribed');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const block = await openForm(page, `/unsubscribe/${stored.unsubscribe_token}`, '.unsubscribe');
    await block.getByText('n***@example.com is subscribed to our newsletter.').waitFor();
    await block.getByRole('button', { name: 'Unsubscribe' }).click();
    await block.getByText('You have been unsubscribed from our newsletter.').waitFor();
    expect((await subscriber('news.e2e@example.com'))!.status).toBe('unsubscribed');
    await block.getByRole('button', { name: 'Subscribe again' }).click();
    await block.getByText('You are subscribed to our newsletter again.').waitFor();
    expect((await subscriber('news.e2e@example.com'))!.status).toBe('subscribed');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await openForm(page, '/unsubscribe/no-such-token-at-all', '.unsubscribe');
    await page.getByText(/This unsubscribe link is not valid: no subscription has this token\./).waitFor();
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    // The page's 404 call is the API's answer, not a page error.
    expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    await context.close();
  });
});

describe('analytics: the promotional links', () => {
  it('a click on a promotional link is pushed to the dataLayer, a click on another link is not', async () => {
    const { context, page, problems } = await visit();
    await page.goto(server.url + '/about-us');
    await page.waitForSelector('html[data-hydrated="true"]');
    const clicked = await page.evaluate(() => {
      const paths = ['/free-kitchen-design', '/about-us', '/order-samples'];
      for (const href of paths) {
        const a = document.createElement('a');
        a.href = href;
        a.addEventListener('click', (e) => e.preventDefault());
        document.body.append(a);
        a.click();
      }
      return ((window as unknown as { dataLayer?: { event: string; link_path: string }[] }).dataLayer ?? []).map((e) => `${e.event} ${e.link_path}`);
    });
    expect(clicked).toEqual(['promotional_link_click /free-kitchen-design', 'promotional_link_click /order-samples']);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('axe on every page with a form, with the errors shown', () => {
  for (const [path, selector] of [
    ['/contact', '#contact-form'],
    ['/claim', '#claim-form'],
    ['/become-dealer', '#dealer-application'],
    ['/free-kitchen-design', '#design-request'],
  ] as const) {
    it(`${path}: no serious or critical violation`, async () => {
      const { context, page, problems } = await visit();
      const form = await openForm(page, path, selector);
      await form.locator('button[type="submit"]').click();
      await form.getByText('This field is required').first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The footer's newsletter form too.
      const footer = page.locator('.footer__newsletter');
      await footer.scrollIntoViewIfNeeded();
      await waitHydrated(page, '.footer__newsletter');
      await footer.locator('button[type="submit"]').click();
      await footer.getByText('This field is required').first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
