/**
 * Every route of the demo store's route list, in a real browser: each answers 200 (404 for the
 * not-found cases), shows its content before and after hydration, logs no console error and no
 * hydration warning, and carries the right JSON-LD. Parameter values (a style, a category, a blog,
 * an author, a gallery design) are read from the content at test time, so the test follows the
 * demo store as it grows. Screenshots for the README and the axe-core checks live here too.
 *
 * Each route is visited once: the page-level checks of that visit (status, headings, content,
 * JSON-LD, the console, and each island's hydration, e2e/island-hydration-check.ts) are read by
 * tests of their own, so a failure names its check and no page loads twice for two checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '../renderer/routing';
import { loadContent } from '../server/content/load-content';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { closeContextsAfterAll, pageSettled, watchConsole, workerBrowser } from './browser';
import { compareIslands, type IslandComparison } from './island-hydration-check';

const content = loadContent(path.resolve('examples/site'));
const store = content.store;

const slugify = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
// A style of the first category, so /products/:categorySlug/:styleName pairs them correctly.
const firstStyle = store.categories[0]?.styles.find((s) => s in store.styles) ?? Object.keys(store.styles)[0];
const firstCategory = store.categories[0]?.slug;
const firstBlog = store.blogs[0]?.path;
const firstAuthor = store.authors[0]?.id;
const firstBlogCategory = store.blogCategories[0] ? slugify(store.blogCategories[0].name) : undefined;
const firstDesign = store.gallery[0]?.slug;

/** A real value for a route parameter, chosen by the parameter's name and the page it belongs to. */
function paramValue(name: string, pageName: string): string {
  const n = name.toLowerCase();
  const pick = (value: string | undefined, what: string) => {
    if (!value) throw new Error(`The demo store has no ${what} for :${name} of page ${pageName}`);
    return value;
  };
  if (n === 'paymentmethod') return 'stripe';
  if (n.includes('token')) return 'demo-unsubscribe-token';
  if (n === 'id') return '1001';
  if (n.includes('style')) return pick(firstStyle, 'style');
  if (n.includes('author')) return pick(firstAuthor, 'author');
  if (pageName.includes('gallery') || n.includes('design')) return pick(firstDesign, 'gallery design');
  if (pageName.startsWith('blog') && n.includes('categor')) return pick(firstBlogCategory, 'blog category');
  if (pageName.startsWith('blog')) return pick(firstBlog, 'blog');
  if (n.includes('categor')) return pick(firstCategory, 'category');
  throw new Error(`storefront-routes.e2e.ts does not know a value for :${name} (page ${pageName}); add one to paramValue`);
}

function concretePath(pattern: string, pageName: string, bogus = false): string {
  return pattern
    .split('/')
    .map((seg) => (seg.startsWith(':') ? encodeURIComponent(bogus ? 'no-such-thing-404' : paramValue(seg.slice(1), pageName)) : seg))
    .join('/');
}

interface Visit {
  url: string;
  page: string;
  status: number;
}

const visits: Visit[] = [];
for (const route of content.routes) {
  if (route.path.includes('*')) {
    visits.push({ url: '/no/such/page', page: route.page, status: 404 });
    continue;
  }
  visits.push({ url: concretePath(route.path, route.page), page: route.page, status: route.status ?? 200 });
}
// The catalog's "not found" cases: an unknown style, blog, author, category or design answers 404.
const LOOKUP_PARAMS = /style|author|categor|design|slug|blog|path/i;
for (const route of content.routes) {
  const params = route.path.split('/').filter((s) => s.startsWith(':'));
  if (params.length && params.every((p) => LOOKUP_PARAMS.test(p))) {
    visits.push({ url: concretePath(route.path, route.page, true), page: route.page, status: 404 });
  }
}

/** The URL of the first route showing one of these pages, or a literal path if a route answers it. */
function urlOf(...candidates: string[]): string | undefined {
  for (const c of candidates) {
    if (c.startsWith('/')) {
      const m = matchRoute(content.routes, c);
      if (m && !m.route.path.includes('*')) return c;
      continue;
    }
    const route = content.routes.find((r) => r.page === c);
    if (route) return concretePath(route.path, route.page);
  }
  return undefined;
}

const styleUrl = content.routes.find((r) => /:style/i.test(r.path)) ? concretePath(content.routes.find((r) => /:style/i.test(r.path))!.path, 'style') : undefined;
const keyPages = {
  home: '/',
  category: urlOf(`/products/${firstCategory ?? 'kitchen-cabinets'}`, 'product-category'),
  style: styleUrl,
  blog: urlOf('blog-detail'),
  faq: urlOf('/faqs', 'faqs'),
};

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

closeContextsAfterAll();
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), workerBrowser()]);
  context = await browser.newContext();
  await standInForThirdParties(context);
});

/** Nothing leaves the machine: third-party frames (the scheduler) get a local stand-in. */
async function standInForThirdParties(ctx: BrowserContext): Promise<void> {
  await ctx.route(
    (url) => !url.href.startsWith(server.url),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Stand-in</title><p>Third-party stand-in</p>' }),
  );
}
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

async function ldTypes(page: Page): Promise<string[]> {
  return page.$$eval('script[type="application/ld+json"]', (els) => els.map((e) => (JSON.parse(e.textContent ?? '{}') as { '@type': string })['@type']));
}

/** The routes whose islands are compared with the server's HTML (with the props a visitor's URL gives them). */
const HYDRATION_ROUTES = [
  '/',
  '/about-us',
  '/faqs',
  '/blogs',
  '/blogs/rta-vs-assembled-cabinets',
  '/products',
  '/products/kitchen-cabinets',
  '/products/kitchen-cabinets/hartford-shaker?type=painted&value=sage-green',
  '/order-samples',
  '/visualizer',
  '/inspiration-gallery',
  '/search?query=shaker',
  '/reviews',
  '/book-appointment',
  // The forms (each page also has the footer's newsletter island) and the unsubscribe page.
  '/contact',
  '/claim',
  '/become-dealer',
  '/free-kitchen-design',
  '/unsubscribe/no-such-token',
  '/estimator',
  '/checkout',
  // Payment result pages. /payment/verify/{method} and /order/success leave
  // at once without this tab's pending payment or stored number (e2e/payment-result.e2e.ts).
  '/payment/fail',
  // Quote payment and split payment
  '/quote/payment?quoteId=1',
  '/order/split-payment?orderId=1&email=someone%40example.com',
  '/no/such/page',
  // Customer accounts: the account forms (the signed-in pages redirect a visitor without a
  // session).
  '/register',
  '/my-account/login',
  '/my-account/forgot-password',
];
/** A route checked with the header's props altered, to prove a difference is caught. */
const TAMPERED = '/about-us?tampered';

/** What one visit of a route saw: everything each page-level check reads. */
interface PageVisit {
  status: number | undefined;
  html: string;
  heading: string | undefined;
  mainText: string;
  ldTypes: string[];
  /** Console errors, hydration warnings and page errors, from the load to the end of the checks. */
  problems: string[];
  /** The hydration check's findings, on the routes it runs on. */
  islands: IslandComparison | undefined;
}

const pageVisits = new Map<string, Promise<PageVisit>>();

/** The one visit of `url` (the first check to ask makes it; the others read what it saw). */
function visitOnce(url: string, notFound: boolean): Promise<PageVisit> {
  let visit = pageVisits.get(url);
  if (!visit) {
    visit = (async () => {
      // A context of its own: no cookie or storage of another visit.
      const visitor = await browser.newContext();
      await standInForThirdParties(visitor);
      const page = await visitor.newPage();
      try {
        const problems = watchConsole(page);
        const response = await page.goto(server.url + url);
        // Server-rendered content, before any script ran.
        const html = (await response?.text()) ?? '';
        await page.waitForSelector('html[data-hydrated="true"]');
        // Every page has a main heading; a catalog block's own not-found message may use a lower level.
        const heading = (await page.locator(notFound ? 'main :is(h1, h2)' : 'main h1').first().textContent())?.trim();
        const mainText = (await page.locator('main').innerText()) ?? '';
        const types = await ldTypes(page);
        // Only where the page stays: the payment result pages leave at once without a payment of this tab's.
        const islands = HYDRATION_ROUTES.includes(url) || url === TAMPERED ? await compareIslands(page, html, url === TAMPERED) : undefined;
        return { status: response?.status(), html, heading, mainText, ldTypes: types, problems, islands };
      } finally {
        await visitor.close();
      }
    })();
    pageVisits.set(url, visit);
  }
  return visit;
}

describe('every route of the route list', () => {
  it('has a page definition for each name of 000 §2.1', () => {
    const names = `about-us become-dealer blog-author blog-category blog-detail blogs book-appointment checkout claim custom-millworks
      flooring-and-more red-beard-remedy contact faqs free-kitchen-design home inspiration-gallery kitchen-finance-options
      kitchen-installation not-found order-samples order-success payment-failure payment-verify privacy-policy product-category
      product-category-detail product-styles products quote-payment register return-and-cancellation-policy reviews search
      shipping-policy terms-and-conditions unsubscribe-newsletter visualizer`.split(/\s+/);
    expect(names.filter((n) => !content.pages[n])).toEqual([]);
  });

  it('answers every route of 000 §2.2 and the account and estimator routes of 002 (not with the catch-all)', () => {
    const required = [
      '/', '/about-us', '/aboutus', '/contact', '/become-dealer', '/products', '/products/kitchen-cabinets',
      '/products/kitchen-cabinets/custom-kitchen-cabinets', `/products/${firstCategory}/${firstStyle}`, '/search', '/free-kitchen-design',
      '/order-samples', '/kitchen-finance-options', '/kitchen-installation', '/inspiration-gallery', `/inspiration-gallery/${firstDesign}`,
      '/how-to-buy-kitchen', '/visualizer', '/register', '/terms-and-conditions', '/privacy-policy', '/faqs', '/claim', '/shipping-policy',
      '/return-and-cancellation-policy', '/unsubscribe/abc123', '/checkout', '/quote/payment', '/payment/verify/stripe', '/payment/fail',
      '/order/success', '/order/split-payment', '/custom-millworks', '/flooring-and-more', '/test-page', '/estimator',
      `/blogs/authors/${firstAuthor}`, `/blogs/category/${firstBlogCategory}`, `/blogs/${firstBlog}`, '/blogs',
      '/my-account/orders/7', '/my-account/quotes/7', '/my-account/addresses', '/my-account/address/edit/7', '/my-account/address/new',
      '/my-account/addresses/add', '/my-account', '/my-account/login', '/my-account/forgot-password', '/my-account/reset-password',
      '/my-account/orders', '/my-account/quotes',
    ];
    const unanswered = required.filter((u) => {
      // The older add link answers with a redirect to the new one (routes.json "redirects").
      if (content.redirects.some((r) => r.from === u)) return false;
      const m = matchRoute(content.routes, u);
      return !m || m.route.path.includes('*');
    });
    expect(unanswered).toEqual([]);
  });

  for (const visit of visits) {
    it(`${visit.url} answers ${visit.status} with its content, no console error and no hydration warning`, async () => {
      const seen = await visitOnce(visit.url, visit.status === 404);
      expect(seen.status).toBe(visit.status);
      // Server-rendered content is there before any script ran.
      expect(seen.html).toMatch(visit.status === 404 ? /<h[12][\s>]/ : /<h1[\s>]/);
      expect(seen.heading, `heading of ${visit.url}`).toBeTruthy();
      expect(seen.mainText.length).toBeGreaterThan(40);
      expect(seen.ldTypes).toContain('Organization');
      if (content.pages[visit.page]?.metadata.transactional) {
        expect(seen.ldTypes.filter((t) => ['FAQPage', 'BreadcrumbList', 'VideoObject'].includes(t))).toEqual([]);
      }
      // The browser itself reports the page's own 404 status as a console error; that one is expected.
      // So is the 404 of the unsubscribe and newsletter-confirmation pages' API call for this made-up
      // token (the page says the link is not valid; e2e/forms.e2e.ts tests both with real tokens).
      const expected404 = visit.status === 404 || visit.url.startsWith('/unsubscribe/') || visit.url.startsWith('/newsletter/confirm/');
      const unexpected = seen.problems.filter((p) => !(expected404 && /status of 404/.test(p)));
      expect(unexpected).toEqual([]);
    });
  }
});

// Preact, which the site ships, does not report a mismatch while hydrating (it keeps the server's
// attributes); this comparison is what catches one (e2e/island-hydration-check.ts).
describe('islands hydrate to the HTML the server wrote', () => {
  for (const route of [...HYDRATION_ROUTES, TAMPERED]) {
    it(route === TAMPERED ? 'catches a difference (the header rendered with other props)' : `${route}: every island renders in the browser as on the server`, async () => {
      const notFound = visits.find((v) => v.url === route)?.status === 404 || route === '/no/such/page';
      const seen = await visitOnce(route, notFound);
      const islands = seen.islands!;
      expect(islands.islands.length).toBeGreaterThan(0);
      if (route === TAMPERED) {
        expect(islands.differences.map((d) => d.island)).toEqual(['header#header']);
        expect(islands.differences[0]!.client).toContain('(changed)');
      } else expect(islands.differences).toEqual([]);
      expect(seen.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    });
  }
});

describe('structured data and promotions', () => {
  it('names the promotions in metadata and on the pages that speak of them', async () => {
    for (const [url, words] of [
      ['/', ['0% APR for 12 months', 'free shipping on orders of $3500 and over']],
      ['/kitchen-finance-options', ['0% APR for 12 months']],
      ['/shipping-policy', ['free shipping on orders of $3500 and over']],
    ] as const) {
      const html = await (await fetch(server.url + url)).text();
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      for (const w of words) {
        expect((description + ' ' + title).toLowerCase().replace(/&#39;/g, "'")).toContain(w.toLowerCase());
        expect(html.toLowerCase()).toContain(w.toLowerCase().replace('$', '$'));
      }
    }
  });

  it('serves a sitemap of the indexable pages and a robots.txt', async () => {
    const xml = await (await fetch(server.url + '/sitemap.xml')).text();
    expect(xml).toContain(`<loc>${server.url}/about-us</loc>`);
    expect(xml).not.toContain('/checkout<');
    const robots = await (await fetch(server.url + '/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('gives aliases one canonical URL', async () => {
    const html = await (await fetch(server.url + '/aboutus')).text();
    expect(html).toContain(`<link rel="canonical" href="${server.url}/about-us">`);
  });
});

describe('header, drawer and not-found actions in the browser', () => {
  it("opens the 'Our Offerings' drawer on a phone, traps focus, and closes with Escape", async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.url + '/about-us');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Our Offerings' });
    await drawer.waitFor();
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
    await page.close();
  });

  it('on a phone: marks the header while scrolling down, shows it on scroll up, clears it at the top', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.url + '/terms-and-conditions');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.locator('header.header--scrolling-down').waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.locator('header.header--show').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('header')?.className === 'header');
    await page.close();
  });

  it('makes the desktop header sticky past 200 px and shows back-to-top', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(server.url + '/privacy-policy');
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('header.header--sticky').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.locator('header.header--sticky').waitFor();
    await page.getByRole('button', { name: 'Back to top' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.locator('header.header--sticky').waitFor({ state: 'detached' });
    await page.close();
  });

  it("shows the scheduler's loading text first, then the scheduler (a local stand-in here)", async () => {
    const page = await context.newPage();
    await page.goto(server.url + '/book-appointment');
    await page.getByRole('heading', { name: 'Select a Date & Time' }).waitFor();
    expect(await page.getByText('Loading available times...').count()).toBe(1);
    const frame = page.frameLocator('iframe[title="Select a Date & Time"]');
    await frame.getByText('Third-party stand-in').waitFor();
    expect(await page.getByText('Loading available times...').count()).toBe(0);
    await page.close();
  });

  it("'Go to home' on the not-found page leads home", async () => {
    const page = await context.newPage();
    await page.goto(server.url + '/no/such/page');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: 'Go to home' }).click();
    await page.waitForURL(server.url + '/');
  });
});

describe('screenshots and accessibility', () => {
  // test-results/ by default (ignored by git); `npm run screenshots` writes the README's copies.
  const shots = path.resolve(process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots');
  for (const [name, url] of Object.entries(keyPages)) {
    it(`${name} page: no serious or critical axe violation; screenshots at 390 and 1440 px`, async () => {
      // The demo store has every key page; a missing one fails rather than skips.
      expect(url, `no ${name} page in the demo store's routes`).toBeTruthy();
      const ctx = await browser.newContext();
      await ctx.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: server.url }]);
      await ctx.route((u) => !u.href.startsWith(server.url), (route) => route.fulfill({ status: 204, body: '' }));
      const page = await ctx.newPage();
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(server.url + url!);
        // Loaded (the images on screen too), so the next navigation does not abort their downloads mid-stream.
        await pageSettled(page);
        if (name !== 'category') {
          fs.mkdirSync(shots, { recursive: true });
          await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
        }
      }
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      expect(bad).toEqual([]);
      await ctx.close();
    });
  }
});
