/**
 * The estimator on the dealer's page: the dealer example on its own origin, under its
 * strict Content-Security-Policy, embeds `<showroom-estimator dealer="demo-dealer">`. With every CSP
 * violation collected from before the first script runs (there must be none), the estimator shows a
 * live range while the visitor fills it in; Print downloads a PDF that holds the range; Submit
 * e-mails the estimate with the range the server computed and the dealer it came from (seen in
 * /dev/mail, and stored with the dealer's id); showroom:estimate-changed and
 * showroom:estimate-submitted reach the host page's document.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EstimatorPricing } from '../schemas/estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../schemas/estimator/estimator-template.schema';
import { estimatePrice } from '../schemas/evaluators/estimator-pricing';
import type { FormField } from '../schemas/forms/form-field.schema';
import { loadContent } from '../server/content/load-content';
import { findEstimator } from '../server/services/estimate-submission';
import { watchConsole } from './browser';
import { withServerDatabase } from './server-database';
import { useShop } from './shop-fixture';
import { printEstimate } from './estimate-pdf';
import { nextSection } from './estimator-steps';

const read = <T>(file: string) => JSON.parse(fs.readFileSync(new URL(`../examples/site/${file}`, import.meta.url), 'utf8')) as T;
const template = read<EstimatorTemplate>('estimator/kitchen-estimator.json');
const pricing = read<EstimatorPricing>('data/estimator-pricing.json');
/** The catalog's numbers for the template's cabinet mix, as the store serves them with the template. */
const cabinets = findEstimator(loadContent(fileURLToPath(new URL('../examples/site', import.meta.url))), 'kitchen-estimator')!.cabinets;

const answers = { kitchenSize: 'medium', cabinetLine: 'assembled', doorStyle: 'shaker', finish: 'painted-white', countertop: 'quartz', backsplash: 'none', flooring: 'keep-existing', installation: 'yes' };
const expected = estimatePrice(template.fields as FormField[], answers, pricing, cabinets);
const partial = estimatePrice(template.fields as FormField[], { kitchenSize: 'medium', cabinetLine: 'assembled', backsplash: 'none', flooring: 'keep-existing' }, pricing, cabinets);

const shop = useShop();

const grandTotal = (root: Locator) => root.locator('[data-total="grand"]');

/** Fills the estimator section by section, as a visitor would, the range following on the way. */
async function fill(root: Locator) {
  await expect.poll(() => grandTotal(root).textContent()).toBe('$0.00 - $0.00');
  await root.getByRole('radio', { name: /^Medium/ }).check();
  await root.getByLabel(/^Cabinet line/).selectOption('assembled');
  await expect.poll(() => grandTotal(root).textContent()).toBe(partial.display.final);
  await nextSection(root.getByRole('button', { name: 'Next: cabinet style' }), root, 'style');
  await root.getByRole('radio', { name: /^Shaker/ }).check();
  await root.getByLabel(/^Finish/).selectOption('painted-white');
  await nextSection(root.getByRole('button', { name: 'Next: countertops and floors' }), root, 'surfaces');
  await root.getByLabel(/^Countertop material/).selectOption('quartz');
  await root.getByRole('button', { name: 'Next: installation and extras' }).click();
  const dialog = root.getByRole('dialog');
  await dialog.getByRole('radio', { name: /^Yes, install it for me/ }).check();
  // The popup covers the summary: the range the visitor is choosing shows in the dialog itself.
  await expect.poll(() => liveTotal(dialog).textContent()).toBe(expected.display.final);
  expect(await inViewport(liveTotal(dialog))).toBe(true);
  await nextSection(dialog.getByRole('button', { name: 'Next: your details' }), root, 'contact');
  await root.getByLabel(/^First name/).fill('Sam');
  await root.getByLabel(/^Last name/).fill('Okafor');
  await root.getByLabel(/^E-mail/).fill('sam.okafor@example.com');
  await root.getByLabel(/^ZIP code/).fill('30301');
  await expect.poll(() => grandTotal(root).textContent()).toBe(expected.display.final);
  // On a phone the summary sits far below Send; the range to be sent is on screen beside the button.
  const contact = root.locator('[data-section="contact"]');
  await contact.getByRole('button', { name: 'Send my estimate' }).scrollIntoViewIfNeeded();
  expect(await liveTotal(contact).textContent()).toBe(expected.display.final);
  expect(await inViewport(liveTotal(contact))).toBe(true);
}

const liveTotal = (scope: Locator) => scope.locator('[data-live-total]');
const inViewport = (l: Locator) => l.evaluate((el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
});


describe("the estimator on the dealer's page", () => {
  it('shows a live range on a phone, in the popup and beside Send, prints it, and e-mails the estimate attributed to the dealer, with no CSP violation', async () => {
    // A dealer's visitor on a phone: where the summary sits below the form.
    const page = await shop.browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[]; estimateEvents: unknown[] };
      w.cspViolations = [];
      w.estimateEvents = [];
      document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
      for (const name of ['showroom:estimate-changed', 'showroom:estimate-submitted']) document.addEventListener(name, (e) => w.estimateEvents.push({ name, detail: (e as CustomEvent).detail }));
    });
    await page.goto(shop.server.dealerUrl);
    expect(new URL(page.url()).origin).not.toBe(new URL(shop.server.url).origin);
    expect((await page.request.get(shop.server.dealerUrl)).headers()['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    const events = () => page.evaluate(() => (window as unknown as { estimateEvents: { name: string; detail: unknown }[] }).estimateEvents);

    const root = page.locator('showroom-estimator[dealer="demo-dealer"]');
    await grandTotal(root).waitFor();
    await fill(root);
    const range = { min: expected.finalMin, max: expected.finalMax };
    expect((await events()).at(-1)).toEqual({ name: 'showroom:estimate-changed', detail: { template: 'kitchen-estimator', range } });

    const pdf = await printEstimate(page, root);
    expect(pdf.name).toMatch(/^estimate-\d{2}-\d{2}-\d{4}\.pdf$/);
    expect(pdf.text).toContain('Kitchen size: Medium');
    expect(pdf.text).toContain(`Estimated total: ${expected.display.final}`);
    await root.getByText('PDF downloaded successfully').waitFor();

    await fill(root);
    // The estimate is e-mailed to the typed address, so the template asks for the captcha (offline: the test box).
    await root.getByLabel('I am not a robot (test captcha)').check();
    await root.getByRole('button', { name: 'Send my estimate' }).click();
    await root.getByText('Email sent successfully').waitFor();
    expect((await events()).filter((e) => e.name === 'showroom:estimate-submitted')).toEqual([{ name: 'showroom:estimate-submitted', detail: { template: 'kitchen-estimator', range } }]);

    // The e-mail holds the server's range and names the dealer; the row carries the dealer's id.
    const mail = await (await fetch(`${shop.server.url}/dev/mail`)).text();
    expect(mail).toContain('New form submission: Kitchen price estimator');
    expect(mail).toContain(expected.display.final);
    expect(mail).toContain('Riverside Home Center (demo-dealer)');
    const rows = await withServerDatabase(shop.server.databaseUrl, (q) =>
      q.all(q.db.selectFrom('form_submission').select(['dealer_id', 'data']).where('form_name', '=', 'kitchen-estimator').orderBy('id')),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dealer_id).toBe('demo-dealer');
    expect(JSON.parse(rows[0]!.data)).toMatchObject({ estimateTotal: expected.display.final, kitchenSize: 'medium' });

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
