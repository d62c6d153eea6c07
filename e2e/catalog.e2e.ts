/**
 * The content and catalog pages in Chromium: each route answers with its status, shows its content
 * from the server (before scripts), hydrates without console errors or hydration warnings, and the
 * main interactions work (finish picker, sample cart, FAQ tabs, blog search, listing query).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();

async function open(path: string): Promise<{ page: Page; status: number | undefined; errors: string[] }> {
  const page = await shop.browser.newPage();
  const errors = watchConsole(page);
  // Nothing from the internet: a request to another origin fails the page.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => {
    errors.push(`external request: ${route.request().url()}`);
    return route.abort();
  });
  const response = await page.goto(shop.server.url + path);
  await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
  return { page, status: response?.status(), errors };
}

const routes: [path: string, status: number, text: string][] = [
  ['/blogs', 200, 'Latest articles'],
  ['/blogs/rta-vs-assembled-cabinets', 200, 'Recent articles'],
  ['/blogs/no-such-post', 404, 'Blog not found'],
  ['/blogs/authors/claire-donovan', 200, 'Articles by'],
  ['/blogs/authors/nobody', 404, 'Blog Author Not Found'],
  ['/blogs/category/kitchen-design', 200, 'Kitchen Design'],
  ['/blogs/category/nothing-here', 404, 'Blog Category Not Found'],
  ['/products', 200, 'Shop by category'],
  ['/products/kitchen-cabinets', 200, 'Hartford Shaker'],
  ['/products/doors', 404, 'Category "doors" not found in data'],
  ['/products/kitchen-cabinets/custom-kitchen-cabinets', 200, 'Kitchen cabinet styles'],
  ['/products/kitchen-cabinets/hartford-shaker', 200, 'Specifications'],
  ['/products/kitchen-cabinets/no-such-style', 404, 'We are sorry, but we could not find any data.'],
  ['/faqs', 200, 'How can we help?'],
  ['/reviews', 200, 'Every review'],
  ['/order-samples', 200, 'Pick a style and a finish'],
  ['/visualizer', 200, 'Design your kitchen'],
  ['/inspiration-gallery', 200, 'Recent projects'],
  ['/inspiration-gallery/sage-farmhouse-kitchen', 200, 'See this style'],
  ['/inspiration-gallery/no-such-design', 404, 'Design not found'],
  ['/search?query=shaker', 200, 'Hartford Shaker'],
  ['/search?query=sh', 200, 'Please enter at least 3 characters to search.'],
  ['/search?query=granite-xyz', 200, 'No results found.'],
];

describe('catalog and content routes', () => {
  for (const [path, status, text] of routes) {
    it(`${path} answers ${status} with its content and hydrates cleanly`, async () => {
      const { page, status: got, errors } = await open(path);
      expect(got).toBe(status);
      expect(await page.locator('main').textContent()).toContain(text);
      // 404 pages log the failed document request; anything else is an error of ours.
      expect(errors.filter((e) => !(status === 404 && /404/.test(e)))).toEqual([]);
      await page.close();
    });
  }
});

describe('style page', () => {
  it('preselects ?type=&value=, switches finishes, orders a sample into the sample cart', async () => {
    const { page, errors } = await open('/products/kitchen-cabinets/hartford-shaker?type=painted&value=sage-green');
    await expect(page.getByRole('button', { name: 'Sage Green', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Navy Blue', exact: true }).click();
    expect(new URL(page.url()).search).toBe('?type=painted&value=navy-blue');
    await page.getByRole('button', { name: 'Order Now' }).first().click();
    await page.getByText('Sample added to your cart.').waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('showroom:sample-cart') ?? '{}') as { items?: { finish?: { value: string } }[] });
    expect(stored.items?.[0]?.finish?.value).toBe('navy-blue');
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join('\n')).toContain('"AggregateRating"');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('search popup and visualizer', () => {
  it('suggests as the visitor types and Enter goes to the search page', async () => {
    const { page, errors } = await open('/search');
    await page.getByRole('button', { name: 'Quick search' }).click();
    const input = page.getByRole('dialog').getByRole('searchbox');
    await input.fill('so');
    await page.getByRole('dialog').getByText('Please enter at least 3 characters to search.').waitFor();
    await input.fill('soho');
    await page.getByRole('dialog').getByRole('link', { name: /SoHo Slab/ }).first().waitFor();
    await input.press('Enter');
    await page.waitForURL(/\/search\?query=soho/);
    expect(await page.locator('.search-page__list').textContent()).toContain('SoHo Slab');
    expect(errors).toEqual([]);
    await page.close();
  });
  it('orders the sample shown in the visualizer', async () => {
    const { page, errors } = await open('/visualizer');
    await page.getByRole('button', { name: 'Order this sample' }).click();
    await page.getByText('Sample added to your cart.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('faq and blog interactions', () => {
  it('filters questions by tab and opens one at a time', async () => {
    const { page, errors } = await open('/faqs');
    await page.getByRole('button', { name: 'Shipping', exact: true }).click();
    const questions = page.locator('.faq-block .accordion__button');
    const first = questions.first();
    await first.click();
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    await first.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });
  it('loads more posts by infinite scroll on the blog', async () => {
    const { page, errors } = await open('/blogs');
    const cards = page.locator('.blog-grid > li');
    expect(await cards.count()).toBe(6);
    await page.locator('.pagination__sentinel').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('.blog-grid > li').length > 6);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(errors).toEqual([]);
    await page.close();
  });
  it('searches the blog in place', async () => {
    const { page, errors } = await open('/blogs');
    await page.getByRole('searchbox').fill('plywood');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing results for: plywood').waitFor();
    expect(new URL(page.url()).searchParams.get('query')).toBe('plywood');
    expect(errors).toEqual([]);
    await page.close();
  });
});
