/**
 * The quote payment link carries its token in the address (the token query parameter): the page
 * answers with no referrer, and moves the token out of the address bar into sessionStorage as soon
 * as it runs.
 */
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { createQuoteLink } from './quote-journey-kit';
import { useShop } from './shop-fixture';

const shop = useShop();

describe('the quote link page', () => {
  it('takes the token out of the address bar, keeps it for the payment calls, and sends no referrer', async () => {
    const page = await shop.browser.newPage();
    const problems = watchConsole(page);
    const referers: string[] = [];
    page.on('request', (request) => {
      const referer = request.headers()['referer'];
      if (referer) referers.push(referer);
    });
    // The quote payment block then opens the quote with the moved token as Bearer.
    const link = await createQuoteLink(shop.server);
    const quoteId = link.searchParams.get('quoteId')!;
    const token = link.searchParams.get('token')!;
    const authorizations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/quote') authorizations.push(request.headers()['authorization'] ?? '');
    });
    await page.goto(link.href);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForFunction(() => !window.location.search.includes('token'));
    expect(new URL(page.url()).search).toBe(`?quoteId=${quoteId}`);
    expect(await page.evaluate((id) => sessionStorage.getItem(`showroom:quote-link:${id}`), quoteId)).toBe(token);
    await page.getByRole('heading', { name: 'Quote #Q100001 (PO PO-2026-0142)' }).waitFor();
    expect(authorizations).toEqual([`Bearer ${token}`]);
    await page.waitForLoadState('networkidle');
    expect(referers.filter((r) => r.includes(token))).toEqual([]);
    expect(problems).toEqual([]);
    // The entry was replaced, not pushed: Back leaves the page instead of showing the token again.
    await page.goBack();
    expect(page.url()).not.toContain(token);
    await page.close();
  });
});
