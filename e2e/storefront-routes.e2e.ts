/**
 * Every route of the demo store's route list, in a real browser, each visited once per width
 * (e2e/page-visit.ts): each answers 200 (404 for the not-found cases), shows its content before and
 * after hydration, logs no console error and no hydration warning, and carries the right JSON-LD.
 * On the same visit, where the route calls for it: each island renders in the browser as the server
 * wrote it, the page stays still while it loads, the visual rules hold, axe finds nothing serious
 * (and nothing at all for the rules that once bit there), and the README's screenshots are taken.
 * Every route is visited at 1280 px; at 390 px, the routes a phone's checks need. Parameter values
 * (a style, a category, a blog, an author, a gallery design) are read from the content at test
 * time, so the test follows the demo store as it grows.
 *
 * Tests of their own read what one visit saw, so a failure names its check and no page loads twice
 * for two checks.
 */
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '../renderer/routing';
import { loadContent } from '../server/content/load-content';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { closeContextsAfterAll, workerBrowser } from './browser';
import { CLS_BUDGET, cumulativeShift } from './layout-shift';
import { axeFindings, standInForThirdParties, visitPage, type PageVisit, type VisitPlan } from './page-visit';
import { PHONE_AND_LAPTOP, screenshotsDir } from './phone-and-laptop';

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
  await standInForThirdParties(context, server.url);
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

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

/** Routes with a form a visitor fills: the visual rules run on them at both widths. */
const FORM_PAGES = ['/', '/contact', '/become-dealer', '/book-appointment', '/claim', '/free-kitchen-design', '/estimator', '/register', '/my-account/login', '/my-account/forgot-password', '/order-samples', '/payment/fail'];

/**
 * Axe rules checked at every impact where they once found something (everywhere else, serious and
 * critical findings fail): the name of a control starts with the words it shows
 * (label-content-name-mismatch, an experimental rule) on a style page, every target is 24 px or
 * spaced (target-size) on the home page, and headings go down one level at a time (heading-order)
 * on the listing pages.
 */
const RULE_ROUTES: [rule: string, routes: string[]][] = [
  ['label-content-name-mismatch', ['/products/kitchen-cabinets/hartford-shaker', '/products/kitchen-cabinets/georgetown-inset']],
  ['target-size', ['/']],
  ['heading-order', ['/order-samples', '/privacy-policy', '/terms-and-conditions', '/blogs/category/kitchen-design', '/products', '/products/kitchen-cabinets', '/products/bathroom-vanities', '/blogs', '/inspiration-gallery', '/reviews', '/faqs', '/search?q=shaker']],
];

/** Pages whose late content once pushed them down while they loaded. */
const STILL_PAGES = ['/order-samples', '/products/kitchen-cabinets/hartford-shaker'];

const unique = (urls: (string | undefined)[]) => [...new Set(urls.filter((u): u is string => !!u))];
const keyUrls = Object.values(keyPages);
const axeUrls = unique([...keyUrls, ...RULE_ROUTES.flatMap(([, routes]) => routes)]);
/** What a phone's checks need; every route is visited at the laptop's width. */
const phoneUrls = unique([...axeUrls, ...FORM_PAGES, ...STILL_PAGES]);
const laptopUrls = unique([...visits.map((v) => v.url), ...HYDRATION_ROUTES, TAMPERED, ...phoneUrls]);
const [PHONE, LAPTOP] = PHONE_AND_LAPTOP;
const statusOf = (url: string) => visits.find((v) => v.url === url)?.status ?? 200;

/** What the visit of `url` at `width` runs besides the basic checks. */
function planOf(url: string, width: number, height: number): VisitPlan {
  const key = Object.entries(keyPages).find(([, u]) => u === url)?.[0];
  return {
    url,
    width,
    height,
    notFound: statusOf(url) === 404,
    hydration: width !== LAPTOP.width ? undefined : url === TAMPERED ? 'tampered' : HYDRATION_ROUTES.includes(url) ? 'compare' : undefined,
    layoutShift: STILL_PAGES.includes(url),
    visual: FORM_PAGES.includes(url),
    axe: axeUrls.includes(url),
    // The category page's screenshot is not in the README.
    screenshot: key && key !== 'category' ? key : undefined,
  };
}

const pageVisits = new Map<string, Promise<PageVisit>>();

/** The one visit of `url` at this width (the first check to ask makes it; the others read what it saw). */
function visitOnce(url: string, width: number, height: number): Promise<PageVisit> {
  const id = `${width} ${url}`;
  let visit = pageVisits.get(id);
  if (!visit) {
    visit = visitPage(browser, server.url, planOf(url, width, height), screenshotsDir);
    pageVisits.set(id, visit);
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

  it('has every key page the screenshots and the axe sweep visit', () => {
    // The demo store has every key page; a missing one fails rather than skips.
    expect(Object.entries(keyPages).filter(([, url]) => !url).map(([name]) => name)).toEqual([]);
  });
});

describe.each([LAPTOP, PHONE])('each route visited once at $width px ($name)', ({ width, height }) => {
  const urls = width === LAPTOP.width ? laptopUrls : phoneUrls;
  const visit = (url: string) => visitOnce(url, width, height);

  // The hydration list's own addresses (a quote or an order that does not exist) are only hydrated.
  for (const url of urls.filter((u) => visits.some((v) => v.url === u) || phoneUrls.includes(u))) {
    const status = statusOf(url);
    it(`${url} answers ${status} with its content, no console error and no hydration warning`, async () => {
      const seen = await visit(url);
      expect(seen.status).toBe(status);
      // Server-rendered content is there before any script ran.
      expect(seen.html).toMatch(status === 404 ? /<h[12][\s>]/ : /<h1[\s>]/);
      expect(seen.heading, `heading of ${url}`).toBeTruthy();
      expect(seen.mainText.length).toBeGreaterThan(40);
      expect(seen.ldTypes).toContain('Organization');
      const page = content.routes.find((r) => matchRoute([r], url.split('?')[0]!))?.page;
      if (page && content.pages[page]?.metadata.transactional) {
        expect(seen.ldTypes.filter((t) => ['FAQPage', 'BreadcrumbList', 'VideoObject'].includes(t))).toEqual([]);
      }
      // The browser itself reports the page's own 404 status as a console error; that one is expected.
      // So is the 404 of the unsubscribe and newsletter-confirmation pages' API call for this made-up
      // token (the page says the link is not valid; e2e/forms.e2e.ts tests both with real tokens).
      const expected404 = status === 404 || url.startsWith('/unsubscribe/') || url.startsWith('/newsletter/confirm/');
      expect(seen.problems.filter((p) => !(expected404 && /status of 404/.test(p)))).toEqual([]);
    });
  }

  // Preact, which the site ships, does not report a mismatch while hydrating (it keeps the server's
  // attributes); this comparison is what catches one (e2e/island-hydration-check.ts).
  if (width === LAPTOP.width) {
    for (const url of [...HYDRATION_ROUTES, TAMPERED]) {
      it(url === TAMPERED ? 'hydration: catches a difference (the header rendered with other props)' : `${url}: every island renders in the browser as on the server`, async () => {
        const seen = await visit(url);
        const islands = seen.islands!;
        expect(islands.islands.length).toBeGreaterThan(0);
        if (url === TAMPERED) {
          expect(islands.differences.map((d) => d.island)).toEqual(['header#header']);
          expect(islands.differences[0]!.client).toContain('(changed)');
        } else expect(islands.differences).toEqual([]);
        expect(seen.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
      });
    }
  }

  for (const url of urls.filter((u) => axeUrls.includes(u))) {
    it(`${url}: no serious or critical axe finding`, async () => {
      const { axe } = await visit(url);
      expect(axeFindings(axe!, (impact) => impact === 'serious' || impact === 'critical')).toEqual([]);
    });
  }
  for (const [rule, routes] of RULE_ROUTES) {
    for (const url of routes.filter((u) => urls.includes(u))) {
      it(`${rule} on ${url}, at every impact`, async () => {
        const { axe } = await visit(url);
        expect(axeFindings(axe!, (_impact, id) => id === rule)).toEqual([]);
        // The rule did look at something (a typo in its name would pass silently).
        expect([...axe!.passes, ...axe!.violations, ...axe!.incomplete].some((r) => r.id === rule)).toBe(true);
      });
    }
  }

  for (const url of urls.filter((u) => FORM_PAGES.includes(u))) {
    it(`${url}: the visual rules (no sideways scroll, fingers' targets, themed controls, nothing at the edge)`, async () => {
      expect((await visit(url)).visual).toEqual([]);
    });
  }

  for (const url of urls.filter((u) => STILL_PAGES.includes(u))) {
    it(`${url}: CLS <= ${CLS_BUDGET} while it loads`, async () => {
      const { shifts } = await visit(url);
      expect(cumulativeShift(shifts!), JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(CLS_BUDGET);
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
