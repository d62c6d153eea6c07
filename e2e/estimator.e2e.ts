/**
 * The estimator in Chromium: the /estimator page's block on the main site (live range, Print
 * downloading a PDF that holds the estimate and its range, Submit e-mailing the range the server
 * computed, seen in /dev/mail), and <showroom-estimator> on a page of another origin under a strict
 * Content-Security-Policy (scripts only from that origin and the store's, style-src without
 * 'unsafe-inline'), where no violation may be reported.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EstimatorPricing } from '../schemas/estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../schemas/estimator/estimator-template.schema';
import { estimatePrice } from '../schemas/evaluators/estimator-pricing';
import type { FormField } from '../schemas/forms/form-field.schema';
import { loadContent } from '../server/content/load-content';
import { findEstimator } from '../server/services/estimate-submission';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { workerBrowser, watchConsole, closeContextsAfterAll } from './browser';
import { printEstimate } from './estimate-pdf';
import { nextSection } from './estimator-steps';

const read = <T>(file: string) => JSON.parse(fs.readFileSync(new URL(`../examples/site/${file}`, import.meta.url), 'utf8')) as T;
const template = read<EstimatorTemplate>('estimator/kitchen-estimator.json');
const pricing = read<EstimatorPricing>('data/estimator-pricing.json');
/** The catalog's numbers for the template's cabinet mix, as the store serves them with the template. */
const cabinets = findEstimator(loadContent(fileURLToPath(new URL('../examples/site', import.meta.url))), 'kitchen-estimator')!.cabinets;

/** The answers the tests give, and the range they must come to. */
const answers = {
  kitchenSize: 'large',
  cabinetLine: 'semi-custom',
  doorStyle: 'inset',
  finish: 'stained',
  countertop: 'granite',
  backsplash: 'none',
  flooring: 'keep-existing',
  installation: 'yes',
};
const expected = estimatePrice(template.fields as FormField[], answers, pricing, cabinets);
const partial = estimatePrice(template.fields as FormField[], { kitchenSize: 'large', cabinetLine: 'semi-custom', backsplash: 'none', flooring: 'keep-existing' }, pricing, cabinets);

let browser: Browser;
closeContextsAfterAll();
beforeAll(async () => {
  browser = await workerBrowser();
});

const grandTotal = (root: Locator) => root.locator('[data-total="grand"]');

/** Fills the estimator section by section with Next, as a visitor would; checks the range on the way. */
async function fill(root: Locator, notes: string) {
  await expect.poll(() => grandTotal(root).textContent()).toBe('$0.00 - $0.00');
  await root.getByRole('radio', { name: /^Large/ }).check();
  await root.getByLabel(/^Cabinet line/).selectOption('semi-custom');
  await expect.poll(() => grandTotal(root).textContent()).toBe(partial.display.final);
  await nextSection(root.getByRole('button', { name: 'Next: cabinet style' }), root, 'style');
  await root.getByRole('radio', { name: /^Inset/ }).check();
  await root.getByLabel(/^Finish/).selectOption('stained');
  await nextSection(root.getByRole('button', { name: 'Next: countertops and floors' }), root, 'surfaces');
  await root.getByLabel(/^Countertop material/).selectOption('granite');
  await root.getByRole('button', { name: 'Next: installation and extras' }).click();
  const dialog = root.getByRole('dialog');
  await dialog.getByRole('radio', { name: /^Yes, install it for me/ }).check();
  await nextSection(dialog.getByRole('button', { name: 'Next: your details' }), root, 'contact');
  await root.getByLabel(/^First name/).fill('Rosa');
  await root.getByLabel(/^Last name/).fill('Diaz');
  await root.getByLabel(/^E-mail/).fill('rosa.diaz@example.com');
  await root.getByLabel(/^ZIP code/).fill('78701');
  await root.getByLabel(/^Notes for the designer/).fill(notes);
  await expect.poll(() => grandTotal(root).textContent()).toBe(expected.display.final);
}


function checkPdf(pdf: { name: string; text: string; raw: string }) {
  // A4 (595.28 x 841.89 pt), with the logo drawn as an image.
  expect(pdf.raw).toMatch(/\/MediaBox \[0 0 595\.2\d+ 841\.8\d+\]/);
  expect(pdf.raw).toContain('/Subtype /Image');
  expect(pdf.name).toMatch(/^estimate-\d{2}-\d{2}-\d{4}\.pdf$/);
  expect(pdf.text).toContain('Kitchen size: Large');
  expect(pdf.text).toContain('Door style: Inset');
  expect(pdf.text).toContain(`Estimated total: ${expected.display.final}`);
  expect(pdf.text).toContain(`Materials: ${expected.display.product}`);
  expect(pdf.text).toMatch(/Valid until: \d{2}\/\d{2}\/\d{4}/);
  // hideInPDF fields are left out.
  expect(pdf.text).not.toContain('Notes for the designer');
}

describe('the estimator block on the main site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows a live range, prints a PDF of the estimate and e-mails the range the server computed', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/estimator`);
    const root = page.locator('.sr-estimator-block');
    await root.locator('[data-total="grand"]').waitFor();
    // A choice made before the island hydrates is the server's HTML's, which hydration redraws: wait for it.
    await expect.poll(() => root.evaluate((el) => el.closest('[data-island]')?.getAttribute('data-hydrated'))).toBe('true');
    await fill(root, 'Please keep the window.');
    const pdf = await printEstimate(page, root);
    checkPdf(pdf);
    await root.getByText('PDF downloaded successfully').waitFor();
    // A successful PDF clears the estimator.
    await expect.poll(() => grandTotal(root).textContent()).toBe('$0.00 - $0.00');

    await fill(root, 'Second visit.');
    // The estimate is e-mailed to the typed address, so the template asks for the captcha (offline: the test box).
    await root.getByLabel('I am not a robot (test captcha)').check();
    await root.getByRole('button', { name: 'Send my estimate' }).click();
    await root.getByText('Email sent successfully').waitFor();
    const mail = await (await fetch(`${server.url}/dev/mail`)).text();
    expect(mail).toContain('New form submission: Kitchen price estimator');
    expect(mail).toContain(expected.display.final);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('<showroom-estimator> on a page of another origin under a strict CSP', () => {
  let store: TestServer;
  let dealer: http.Server;
  let dealerUrl = '';
  let storeUrl = '';

  beforeAll(async () => {
    dealer = http.createServer((req, res) => {
      if (req.url === '/favicon.ico') return void res.writeHead(204).end();
      if (req.url !== '/') return void res.writeHead(404).end();
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': `default-src 'self'; script-src 'self' ${storeUrl}; connect-src 'self' ${storeUrl}; style-src 'self'; img-src 'self' ${storeUrl} data: blob:; object-src 'none'; base-uri 'none'`,
      });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A dealer</title>
<script src="${storeUrl}/widgets/showroom.js" defer></script></head>
<body><h1>Plan your kitchen</h1><showroom-estimator template="kitchen-estimator"></showroom-estimator></body></html>`);
    });
    await new Promise<void>((resolve) => dealer.listen(0, '127.0.0.1', resolve));
    dealerUrl = `http://127.0.0.1:${(dealer.address() as AddressInfo).port}`;
    store = await startTestServer({ ALLOWED_ORIGINS: dealerUrl });
    storeUrl = store.url;
  });
  afterAll(async () => {
    await new Promise((resolve) => dealer?.close(resolve));
    await store?.stop();
  });

  it('loads the template from the store, shows a live range, prints and sends, with no CSP violation', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[]; estimateEvents: unknown[] };
      w.cspViolations = [];
      w.estimateEvents = [];
      document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
      for (const name of ['showroom:estimate-changed', 'showroom:estimate-submitted']) document.addEventListener(name, (e) => w.estimateEvents.push({ name, detail: (e as CustomEvent).detail }));
    });
    await page.goto(dealerUrl);
    const root = page.locator('showroom-estimator');
    await root.locator('[data-total="grand"]').waitFor();
    await fill(root, 'From the dealer page.');
    const events = () => page.evaluate(() => (window as unknown as { estimateEvents: { name: string; detail: unknown }[] }).estimateEvents);
    expect((await events()).at(-1)).toEqual({ name: 'showroom:estimate-changed', detail: { template: 'kitchen-estimator', range: { min: expected.finalMin, max: expected.finalMax } } });

    checkPdf(await printEstimate(page, root));
    await root.getByText('PDF downloaded successfully').waitFor();

    await fill(root, 'Sending this time.');
    // The estimate is e-mailed to the typed address, so the template asks for the captcha (offline: the test box).
    await root.getByLabel('I am not a robot (test captcha)').check();
    await root.getByRole('button', { name: 'Send my estimate' }).click();
    await root.getByText('Email sent successfully').waitFor();
    expect((await events()).find((e) => e.name === 'showroom:estimate-submitted')).toEqual({
      name: 'showroom:estimate-submitted',
      detail: { template: 'kitchen-estimator', range: { min: expected.finalMin, max: expected.finalMax } },
    });
    const mail = await (await fetch(`${store.url}/dev/mail`)).text();
    expect(mail).toContain(expected.display.final);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
