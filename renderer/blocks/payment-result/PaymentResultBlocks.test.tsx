/**
 * The result pages as the server renders them, from the example site's own definitions: the frame
 * only (the order number and the failure reason live in the browser tab), no FAQ, breadcrumb or
 * video structured data (none on transactional pages), and the verify page's method from the route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageDefinition } from '../../../schemas/page.schema';
import type { RouteEntry } from '../../../schemas/routes.schema';
import { renderPage, type RenderInput } from '../../entry-server';
import { testSettings } from '../../testing/page-fixture';

const page = (name: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples/site/pages', `${name}.json`), 'utf8')) as PageDefinition;
const routes: RouteEntry[] = [
  { path: '/payment/verify/:paymentMethod', page: 'payment-verify' },
  { path: '/payment/fail', page: 'payment-failure' },
  { path: '/order/success', page: 'order-success' },
];
const pages = { 'payment-verify': page('payment-verify'), 'payment-failure': page('payment-failure'), 'order-success': page('order-success') };
const input = (url: string): RenderInput => ({ url, routes, pages, settings: testSettings, cookieHeader: undefined, publicUrl: 'https://shop.example' });
const types = (r: { structuredData: { '@type': string }[] }) => r.structuredData.map((d) => d['@type']);

describe('the payment result pages on the server', () => {
  it('/payment/verify/{method}: the progress state, hydrated at once, with the route method in its data', () => {
    const r = renderPage(input('/payment/verify/stripe?payment_intent=pi_1'));
    expect(r.status).toBe(200);
    expect(r.html).toContain('<h1 class="sr-result__title">Confirming your payment</h1>');
    expect(r.html).toMatch(/<p role="status" class="sr-status">Verifying your payment…<\/p>/);
    expect(r.html).toContain('aria-busy="true"');
    expect(r.html).toContain('prefers-reduced-motion');
    expect(JSON.stringify(r.state)).toContain('"method":"stripe"');
    expect(types(r)).toEqual(['Organization']);
    expect(r.noindex).toBe(true);
  });

  it('/order/success: icon, title and actions, but no order number nor content before the browser reads it', () => {
    const r = renderPage(input('/order/success'));
    expect(r.html).toContain('Thank you for your order');
    expect(r.html).toContain('class="sr-result__icon"');
    expect(r.html).toContain('href="/order-samples"');
    // The content waits for the browser (its text is only in the island's props).
    expect(r.html).toContain('<div class="sr-result__content" aria-live="polite"></div>');
    expect(r.html).not.toContain('<strong>');
    expect(types(r)).toEqual(['Organization']);
  });

  it('/payment/fail: title, useful content and links', () => {
    const r = renderPage(input('/payment/fail'));
    expect(r.html).toContain('<h1 class="sr-result__title">Payment failed</h1>');
    expect(r.html).toContain('it is kept');
    expect(r.html).toContain('href="/checkout"');
    expect(r.html).toContain('href="/contact"');
    expect(types(r)).toEqual(['Organization']);
  });
});
