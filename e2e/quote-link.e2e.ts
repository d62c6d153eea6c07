/**
 * The quote payment link (001 §2) carries its token in the address: the page answers with no
 * referrer, and moves the token out of the address bar into sessionStorage as soon as it runs.
 */
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
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
    await page.goto(`${shop.server.url}/quote/payment?quoteId=42&token=link-secret-123`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForFunction(() => !window.location.search.includes('token'));
    expect(new URL(page.url()).search).toBe('?quoteId=42');
    expect(await page.evaluate(() => sessionStorage.getItem('showroom:quote-link:42'))).toBe('link-secret-123');
    await page.waitForLoadState('networkidle');
    expect(referers.filter((r) => r.includes('link-secret-123'))).toEqual([]);
    expect(problems).toEqual([]);
    // The entry was replaced, not pushed: Back leaves the page instead of showing the token again.
    await page.goBack();
    expect(page.url()).not.toContain('link-secret-123');
    await page.close();
  });
});
