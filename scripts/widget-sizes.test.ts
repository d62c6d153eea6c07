/**
 * The widget size budgets, on the built files: `npm test` builds before it runs Vitest, so
 * dist/widgets is the build of the code under test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgetsDir } from '../server/build-output';
import { elementModules } from '../widgets/element-names';
import { gzipSize, measureWidgetSizes, ownCodeTogether, SAMPLE_ORDERING_MODULES, staticImports, WIDGET_BUDGETS } from './widget-sizes';

const modules = Object.values(elementModules);
/** The estimator's own code (its module and its static chunks, not the runtime nor jsPDF). */
const ESTIMATOR_OWN_BUDGET = 25 * 1024;
/** <showroom-order-result>'s own code (verify, success and failure views). */
const ORDER_RESULT_OWN_BUDGET = 8 * 1024;
/** Quote payment and split payment, each of its own code (shared payment chunks included). */
const MONEY_PAGE_OWN_BUDGET = 15 * 1024;
const MONEY_PAGE_MODULES = ['quote-payment', 'split-payment'] as const;
/** The checkout's own code with the test gateway's card form chunk (each provider's client is loaded only when chosen). */
const CHECKOUT_WITH_CARD_FORM_BUDGET = 30 * 1024;

describe('widget bundles (dist/widgets)', () => {
  const sizes = measureWidgetSizes(widgetsDir, modules);

  it('keep the loader at most 2 kB gzip, in both builds', () => {
    expect(sizes.loader).toBeLessThanOrEqual(WIDGET_BUDGETS.loader);
    expect(sizes.loaderModule).toBeLessThanOrEqual(WIDGET_BUDGETS.loader);
  });

  it('keep the shared runtime at most 15 kB gzip', () => {
    expect(sizes.runtime).toBeLessThanOrEqual(WIDGET_BUDGETS.runtime);
  });

  it('keep the estimator at most 25 kB gzip of its own, jsPDF excluded (a chunk loaded only for Print)', () => {
    const estimator = sizes.elements.find((e) => e.module === 'estimator')!;
    expect(estimator.own).toBeLessThanOrEqual(ESTIMATOR_OWN_BUDGET);
    expect(fs.readdirSync(path.join(widgetsDir, 'esm')).some((f) => /^jspdf[\w.-]*\.js$/.test(f))).toBe(true);
  });

  it('keep order-result at most 8 kB gzip of its own', () => {
    const orderResult = sizes.elements.find((e) => e.module === 'order-result')!;
    expect(orderResult.own).toBeLessThanOrEqual(ORDER_RESULT_OWN_BUDGET);
  });

  it('keep the first element on a page at most 40 kB gzip in all', () => {
    for (const element of sizes.elements) {
      expect(sizes.loader + sizes.runtime + element.own, element.module).toBeLessThanOrEqual(WIDGET_BUDGETS.firstElementInAll);
    }
  });

  it('keep order-samples plus sample-cart at most 12 kB gzip of their own', () => {
    const sampleOrdering = sizes.elements.filter((e) => (SAMPLE_ORDERING_MODULES as readonly string[]).includes(e.module));
    expect(sampleOrdering.map((e) => e.module).sort()).toEqual([...SAMPLE_ORDERING_MODULES].sort());
    expect(ownCodeTogether(widgetsDir, sampleOrdering)).toBeLessThanOrEqual(WIDGET_BUDGETS.sampleOrdering);
  });

  // Quote payment and split payment: each at most 15 kB gzip of its own code, the chunks it
  // shares with the other money pages counted in full for each; the shared code is one chunk, not copies.
  it('keep quote-payment and split-payment at most 15 kB gzip each of their own, sharing the payment-pages chunk', () => {
    for (const module of MONEY_PAGE_MODULES) {
      const element = sizes.elements.find((e) => e.module === module)!;
      expect(element.own, module).toBeLessThanOrEqual(MONEY_PAGE_OWN_BUDGET);
      expect(element.files.some((f) => /^payment-pages-[\w-]+\.js$/.test(f)), module).toBe(true);
      // The gateways' clients stay lazy: none is a static import of a money page.
      expect(element.files.some((f) => /^(TestGateway|Stripe|PayPal|AcceptJs)Entry-/.test(f)), module).toBe(false);
    }
    // The method selector alone does not pay: it must not drag the money pages' chunk along.
    const methods = sizes.elements.find((e) => e.module === 'payment-methods')!;
    expect(methods.files.some((f) => f.startsWith('payment-pages-'))).toBe(false);
  });

  it('keep the checkout at most 30 kB gzip of its own, with the test gateway card form chunk', () => {
    const checkout = sizes.elements.find((e) => e.module === 'checkout')!;
    const esm = path.join(widgetsDir, 'esm');
    const files = new Set(checkout.files);
    const visit = (file: string) => {
      if (files.has(file) || file === sizes.runtimeFile) return;
      files.add(file);
      for (const dep of staticImports(path.join(esm, file))) visit(dep);
    };
    const cardForm = fs.readdirSync(esm).filter((f) => /^TestGatewayEntry-[\w-]+\.js$/.test(f));
    expect(cardForm).toHaveLength(1);
    visit(cardForm[0]!);
    const together = [...files].reduce((sum, file) => sum + gzipSize(path.join(esm, file)), 0);
    expect(together).toBeLessThanOrEqual(CHECKOUT_WITH_CARD_FORM_BUDGET);
    // The providers' clients stay out of the checkout's static graph.
    expect([...files].some((f) => /^(StripeEntry|PayPalEntry|AcceptJsEntry)-/.test(f))).toBe(false);
  });

  it('keep the catalog out of the sample elements: they read it from the store', () => {
    for (const module of SAMPLE_ORDERING_MODULES) {
      const code = fs.readFileSync(path.join(widgetsDir, 'esm', `${module}.js`), 'utf8');
      // A SKU of the demo catalog would show a copy bundled in.
      expect(code).not.toMatch(/-DS["']/);
    }
  });

  it('have every element module import the one runtime chunk instead of bundling preact and r2wc', () => {
    const runtime = fs.readFileSync(path.join(widgetsDir, 'esm', sizes.runtimeFile), 'utf8');
    // Markers of preact's DOM diff and of r2wc, to prove the runtime holds them and elements do not.
    const frameworkMarkers = ['http://www.w3.org/2000/svg', 'dangerouslySetInnerHTML', 'r2wc.props'];
    for (const marker of frameworkMarkers) expect(runtime.includes(marker), marker).toBe(true);
    for (const element of sizes.elements) {
      expect(element.imports, element.module).toContain(sizes.runtimeFile);
      const code = fs.readFileSync(path.join(widgetsDir, 'esm', `${element.module}.js`), 'utf8');
      // 'dangerouslySetInnerHTML' is also a prop an element's own JSX may pass (the form engine's fields
      // do, in the estimator): only preact's and r2wc's own strings prove a bundled copy.
      for (const marker of frameworkMarkers.filter((m) => m !== 'dangerouslySetInnerHTML')) expect(code.includes(marker), `${element.module}: ${marker}`).toBe(false);
    }
  });

  it('keep element code out of the loader', () => {
    const loader = fs.readFileSync(path.join(widgetsDir, 'showroom.js'), 'utf8');
    expect(loader.includes('http://www.w3.org/2000/svg')).toBe(false);
    expect(loader).toContain('showroom-payment-methods');
  });
});
