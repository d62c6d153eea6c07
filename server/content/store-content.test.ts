import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveSearchItems } from '../../schemas/catalog/derive-search-items';
import { summarizeRatings, toFeedEntry, toHalfStars } from '../../schemas/catalog/review-summary';
import { formatProblem, InvalidContentError } from './definition-problem';
import { loadContent, readDefinitions } from './load-content';
import { isCatchAll, routeAnswers } from './lint/route-pattern';
import { sanitizeContentHtml } from './store-content';

const exampleSite = path.resolve('examples/site');
const tempDirs: string[] = [];

/** A copy of the demo store with some files replaced (JSON values are serialised). */
function siteWith(changes: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-store-'));
  tempDirs.push(dir);
  fs.cpSync(exampleSite, dir, { recursive: true });
  for (const [file, data] of Object.entries(changes)) fs.writeFileSync(path.join(dir, file), typeof data === 'string' ? data : JSON.stringify(data));
  return dir;
}

function readJson<T = Record<string, unknown>>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(exampleSite, file), 'utf8')) as T;
}

function problemsOf(dir: string): string[] {
  try {
    loadContent(dir);
  } catch (err) {
    if (err instanceof InvalidContentError) return err.problems.map(formatProblem);
    throw err;
  }
  return [];
}

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every catalog file of the demo store, relative to the content folder. */
function storeFileNames(): string[] {
  const styles = fs.readdirSync(path.join(exampleSite, 'catalog/styles')).map((f) => `catalog/styles/${f}`);
  return [...styles, 'catalog/categories.json', 'catalog/search-items.json', 'blogs/blogs.json', 'blogs/authors.json', 'blogs/categories.json', 'data/faqs.json', 'data/reviews.json', 'data/gallery.json'];
}

/** Every {src, altText} object anywhere in a JSON value. */
function imagesIn(value: unknown, out: Array<{ src: string; altText: unknown }> = []): Array<{ src: string; altText: unknown }> {
  if (Array.isArray(value)) value.forEach((v) => imagesIn(v, out));
  else if (value && typeof value === 'object') {
    const rec = value as Record<string, unknown>;
    if (typeof rec.src === 'string') out.push({ src: rec.src, altText: rec.altText });
    Object.values(rec).forEach((v) => imagesIn(v, out));
  }
  return out;
}

describe('the demo store', () => {
  const { store, routes } = loadContent(exampleSite);
  const styles = Object.values(store.styles);

  it('has 3 categories and 8 styles, each with at least 6 finishes and a priced, weighed sample per finish', () => {
    expect(store.categories.map((c) => c.slug)).toEqual(['kitchen-cabinets', 'bathroom-vanities', 'rta-cabinets']);
    expect(styles).toHaveLength(8);
    for (const style of styles) {
      const finishes = style.finishes.flatMap((g) => g.items.map((f) => `${g.name}/${f.value}`));
      expect(finishes.length, style.name).toBeGreaterThanOrEqual(6);
      expect(style.items.map((i) => `${i.finish.type}/${i.finish.value}`).sort(), style.name).toEqual([...finishes].sort());
      for (const item of style.items) {
        expect(item.isSample).toBe(true);
        expect(item.price, item.sku).toBeGreaterThanOrEqual(9.99);
        expect(item.price, item.sku).toBeLessThanOrEqual(19.99);
        expect(Math.round(item.price * 100) / 100, `${item.sku} has at most two decimals`).toBe(item.price);
        expect(item.weight, item.sku).toBeGreaterThan(0);
      }
    }
  });

  it('has 12 blogs in 4 categories by 3 authors, each with a sanitised body', () => {
    expect(store.blogs).toHaveLength(12);
    expect(store.blogCategories).toHaveLength(4);
    expect(store.authors).toHaveLength(3);
    for (const category of store.blogCategories) expect(store.blogs.some((b) => b.blogCategory === category.id), category.id).toBe(true);
    for (const author of store.authors) expect(store.blogs.some((b) => b.author === author.id), author.id).toBe(true);
    const dates = store.blogs.map((b) => b.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const blog of store.blogs) {
      const words = blog.content.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;
      expect(words, blog.path).toBeGreaterThanOrEqual(280);
      expect(words, blog.path).toBeLessThanOrEqual(650);
    }
    expect(new Set(store.blogs.map((b) => b.path)).size).toBe(12);
  });

  it('has at least 20 FAQs, some tied to styles, covering samples, shipping, financing, assembly, returns and warranty', () => {
    expect(store.faqs.length).toBeGreaterThanOrEqual(20);
    expect(store.faqs.filter((f) => f.styles?.length).length).toBeGreaterThanOrEqual(3);
    const text = store.faqs.map((f) => `${f.question} ${f.answer}`).join(' ');
    for (const phrase of ['sample', '$3500 and over', '0% APR for 12 months', 'assemble', 'return', 'warranty']) expect(text).toContain(phrase);
  });

  it('has at least 15 reviews in half stars, an overall rating and a rating on every reviewed style', () => {
    expect(store.reviews.length).toBeGreaterThanOrEqual(15);
    expect(store.reviews.some((r) => r.rating % 1 === 0.5)).toBe(true);
    expect(store.reviewSummary).toEqual(summarizeRatings(store.reviews));
    expect(store.reviewSummary.reviewCount).toBe(store.reviews.length);
    for (const style of styles) {
      const own = store.reviews.filter((r) => r.style === style.name);
      if (own.length) expect(style.rating, style.name).toEqual(summarizeRatings(own));
    }
  });

  it('has 6 gallery designs whose style and finish exist', () => {
    expect(store.gallery).toHaveLength(6);
    for (const design of store.gallery) {
      const style = store.styles[design.style];
      expect(style, design.slug).toBeDefined();
      expect(style!.finishes.some((g) => g.items.some((f) => f.value === design.finish)), design.slug).toBe(true);
      expect(new Set(design.images.map((i) => (i.width / i.height).toFixed(2))).size, `${design.slug} mixes aspect ratios`).toBeGreaterThan(1);
    }
  });

  it('refers only to things that exist: categories, styles, finishes', () => {
    const styleNames = new Set(styles.map((s) => s.name));
    for (const style of styles) {
      expect(store.categories.some((c) => c.slug === style.category), style.name).toBe(true);
      const finishKeys = new Set(style.finishes.flatMap((g) => g.items.map((f) => `${g.name}/${f.value}`)));
      for (const item of style.items) expect(finishKeys.has(`${item.finish.type}/${item.finish.value}`), item.sku).toBe(true);
    }
    for (const category of store.categories) for (const name of category.styles) expect(styleNames.has(name), `${category.slug} lists ${name}`).toBe(true);
    for (const faq of store.faqs) for (const name of faq.styles ?? []) expect(styleNames.has(name), faq.question).toBe(true);
    for (const review of store.reviews) if (review.style) expect(styleNames.has(review.style), review.name).toBe(true);
  });

  it('names each style file after the style', () => {
    for (const file of fs.readdirSync(path.join(exampleSite, 'catalog/styles'))) {
      expect(readJson(`catalog/styles/${file}`).name).toBe(file.replace(/\.json$/, ''));
    }
  });

  it('ships every image it refers to, each with alternative text', () => {
    for (const file of storeFileNames()) {
      const images = imagesIn(readJson(file));
      if (!/categories\.json$|faqs\.json$|reviews\.json$/.test(file) || file === 'catalog/categories.json') expect(images.length, file).toBeGreaterThan(0);
      for (const image of images) {
        expect(fs.existsSync(path.join(exampleSite, image.src)), `${file} refers to ${image.src}`).toBe(true);
        expect(typeof image.altText === 'string' && image.altText.length > 0, `${file}: ${image.src} has alt text`).toBe(true);
      }
    }
    for (const blog of store.blogs) {
      for (const [, src] of blog.content.matchAll(/<img[^>]*src="([^"]+)"/g)) expect(fs.existsSync(path.join(exampleSite, src!)), src).toBe(true);
    }
  });

  it('names the $schema of every file, and the schema file exists', () => {
    for (const file of storeFileNames()) {
      const ref = readJson(file).$schema;
      expect(typeof ref, file).toBe('string');
      expect(fs.existsSync(path.resolve(exampleSite, path.dirname(file), ref as string)), `${file} -> ${String(ref)}`).toBe(true);
    }
  });

  it('links from blog bodies, FAQ answers and category actions only to pages that exist', () => {
    const links: Array<[where: string, href: string]> = [
      ...store.blogs.flatMap((b) => [...b.content.matchAll(/href="([^"]+)"/g)].map((m) => [`blog ${b.path}`, m[1]!] as [string, string])),
      ...store.faqs.flatMap((f) => [...f.answer.matchAll(/href="([^"]+)"/g)].map((m) => [`FAQ ${f.question}`, m[1]!] as [string, string])),
      ...store.categories.flatMap((c) => (c.action ? [[`category ${c.slug}`, c.action.path] as [string, string]] : [])),
    ];
    expect(links.length).toBeGreaterThan(20);
    for (const [where, href] of links) {
      if (!href.startsWith('/')) continue;
      const pathname = href.split(/[?#]/)[0]!;
      expect(routes.some((r) => !isCatchAll(r) && routeAnswers(r.path, pathname)), `${where} links to ${href}`).toBe(true);
      const [, first, second, third] = pathname.split('/');
      if (first === 'products' && second && !third) expect(store.categories.some((c) => c.slug === second), `${where}: ${href}`).toBe(true);
      if (first === 'products' && second && third) expect(store.styles[third]?.category === second || store.categories.some((c) => c.slug === second && c.styles.includes(third)), `${where}: ${href}`).toBe(true);
      if (first === 'blogs' && second && !['authors', 'category'].includes(second)) expect(store.blogs.some((b) => b.path === second), `${where}: ${href}`).toBe(true);
    }
  });

  it('keeps acronyms upper-case in display text', () => {
    const text = JSON.stringify([store.styles, store.categories, store.faqs, store.blogs.map((b) => [b.title, b.description, b.content])]);
    for (const acronym of ['RTA', 'DIY', 'MDF', 'PVC']) {
      expect(text).not.toMatch(new RegExp(`\\b(${acronym[0]}${acronym.slice(1).toLowerCase()})\\b`));
    }
  });

  it('derives search items for every category, style and sample SKU, and adds the pages of catalog/search-items.json', () => {
    const skus = styles.flatMap((s) => s.items.map((i) => i.sku));
    expect(store.searchItems.filter((i) => i.type === 'sample').map((i) => i.sku).sort()).toEqual([...skus].sort());
    expect(store.searchItems.filter((i) => i.type === 'style')).toHaveLength(8);
    expect(store.searchItems.filter((i) => i.type === 'category')).toHaveLength(3);
    expect(store.searchItems.find((i) => i.path === '/kitchen-finance-options')).toMatchObject({ type: 'page', title: 'Kitchen Financing: 0% APR for 12 Months' });
    const hartfordSage = store.searchItems.find((i) => i.sku === 'HS-SG-DS');
    expect(hartfordSage).toMatchObject({ title: 'Hartford Shaker Door Sample - Sage Green', path: '/products/kitchen-cabinets/hartford-shaker?type=painted&value=sage-green' });
    expect(deriveSearchItems([], [])).toEqual([]);
  });
});

describe('search items under another category path', () => {
  it('follow site.json categoryPath', () => {
    const site = readJson('site.json');
    site.categoryPath = '/shop';
    const { store } = loadContent(siteWith({ 'site.json': site }));
    expect(store.searchItems.find((i) => i.sku === 'SS-WG-DS')?.path).toBe('/shop/kitchen-cabinets/soho-slab?type=woodgrain&value=walnut-grain');
    expect(store.searchItems.find((i) => i.type === 'category')?.path).toBe('/shop/kitchen-cabinets');
  });
});

describe('catalog definitions that are broken', () => {
  it('points at a sample price that is not a number', () => {
    const style = readJson<{ items: Array<Record<string, unknown>> }>('catalog/styles/hartford-shaker.json');
    style.items[2]!.price = '14.99';
    expect(problemsOf(siteWith({ 'catalog/styles/hartford-shaker.json': style }))).toContainEqual(
      expect.stringMatching(/^catalog\/styles\/hartford-shaker\.json#\/items\/2\/price should be a? ?number$/),
    );
  });

  it('points at a finish swatch without alternative text', () => {
    const style = readJson<{ finishes: Array<{ items: Array<{ swatchImage: Record<string, unknown> }> }> }>('catalog/styles/soho-slab.json');
    delete style.finishes[1]!.items[0]!.swatchImage.altText;
    expect(problemsOf(siteWith({ 'catalog/styles/soho-slab.json': style }))).toContain(
      'catalog/styles/soho-slab.json#/finishes/1/items/0/swatchImage/altText must be filled in',
    );
  });

  it('points at an unknown layout and a misspelt property', () => {
    const style = readJson('catalog/styles/georgetown-inset.json');
    style.layout = 'V3';
    style.colour = 'green';
    const problems = problemsOf(siteWith({ 'catalog/styles/georgetown-inset.json': style }));
    expect(problems).toContain('catalog/styles/georgetown-inset.json#/colour is not a setting this definition knows (check its spelling)');
    expect(problems).toContain('catalog/styles/georgetown-inset.json#/layout should be one of: "V1", "V2"');
  });

  it('points at a review rating that is not in half stars, and a blog date that is not a date', () => {
    const reviews = readJson<{ reviews: Array<Record<string, unknown>> }>('data/reviews.json');
    reviews.reviews[0]!.rating = 4.3;
    const blogs = readJson<{ blogs: Array<Record<string, unknown>> }>('blogs/blogs.json');
    blogs.blogs[3]!.publishDate = 'last Tuesday';
    const problems = problemsOf(siteWith({ 'data/reviews.json': reviews, 'blogs/blogs.json': blogs }));
    expect(problems).toContain('data/reviews.json#/reviews/0/rating must be multiple of 0.5');
    expect(problems.some((p) => p.startsWith('blogs/blogs.json#/blogs/3/publishDate '))).toBe(true);
  });

  it('points at a blog whose body file is missing', () => {
    const blogs = readJson<{ blogs: Array<Record<string, unknown>> }>('blogs/blogs.json');
    blogs.blogs[5]!.contentPath = 'content/no-such-article.html';
    expect(problemsOf(siteWith({ 'blogs/blogs.json': blogs }))).toContain(
      'blogs/blogs.json#/blogs/5/contentPath names the body file blogs/content/no-such-article.html, which does not exist',
    );
  });

  it('loads a store without catalog files as empty lists', () => {
    // Without a catalog, the estimator prices no cabinet mix (the next test: with one, it is told).
    const { cabinetMix: _mix, ...estimator } = readJson<Record<string, unknown>>('estimator/kitchen-estimator.json');
    const dir = siteWith({ 'estimator/kitchen-estimator.json': estimator });
    for (const sub of ['catalog', 'blogs']) fs.rmSync(path.join(dir, sub), { recursive: true });
    // Nor does it offer the kitchen planner, whose definition names the catalog's styles and codes.
    fs.rmSync(path.join(dir, 'planner'), { recursive: true });
    for (const file of ['faqs.json', 'reviews.json', 'gallery.json']) fs.rmSync(path.join(dir, 'data', file));
    const { problems } = readDefinitions(dir);
    expect(problems.map(formatProblem).filter((p) => /catalog|blogs|faqs|reviews|gallery/.test(p))).toEqual([]);
  });

  it("tells an estimator's cabinet mix that the store has no cabinet line to price it", () => {
    const dir = siteWith({});
    fs.rmSync(path.join(dir, 'catalog', 'cabinets'), { recursive: true });
    const { problems } = readDefinitions(dir);
    expect(problems.map(formatProblem).filter((p) => p.includes('cabinetMix'))).toEqual([
      'estimator/kitchen-estimator.json#/cabinetMix/low/style names the style "hartford-shaker" for the low end, but catalog/cabinets/ has no cabinet line for it',
      'estimator/kitchen-estimator.json#/cabinetMix/high/style names the style "georgetown-inset" for the high end, but catalog/cabinets/ has no cabinet line for it',
    ]);
  });
});

describe('the style file name and image checks', () => {
  it('points at an image that is not in the content folder', () => {
    const gallery = readJson<{ designs: Array<{ images: Array<{ src: string }> }> }>('data/gallery.json');
    gallery.designs[4]!.images[1]!.src = '/images/gallery/forest-green-inset-pantry-9.svg';
    const style = readJson<{ finishes: Array<{ items: Array<{ doorImage: { src: string } }> }> }>('catalog/styles/nantucket-beadboard.json');
    style.finishes[0]!.items[2]!.doorImage.src = '/images/styles/nantucket-beadboard/door-sage.svg';
    expect(problemsOf(siteWith({ 'data/gallery.json': gallery, 'catalog/styles/nantucket-beadboard.json': style }))).toEqual([
      'catalog/styles/nantucket-beadboard.json#/finishes/0/items/2/doorImage/src names the image /images/styles/nantucket-beadboard/door-sage.svg, which is not in the content folder (looked for images/styles/nantucket-beadboard/door-sage.svg)',
      'data/gallery.json#/designs/4/images/1/src names the image /images/gallery/forest-green-inset-pantry-9.svg, which is not in the content folder (looked for images/gallery/forest-green-inset-pantry-9.svg)',
    ]);
  });

  it('points at a style file named after another style', () => {
    const style = readJson('catalog/styles/soho-slab.json');
    style.name = 'soho-flat';
    expect(problemsOf(siteWith({ 'catalog/styles/soho-slab.json': style }))).toContain(
      'catalog/styles/soho-slab.json#/name is "soho-flat", but a style file must be named after its style: rename the file to soho-flat.json or the style to "soho-slab"',
    );
  });
});

describe('blog and FAQ HTML', () => {
  it('loses scripts, event handlers and javascript: links, and keeps the article', () => {
    const dirty = [
      '<h2 id="intro">Intro</h2>',
      '<p onclick="steal()">Shaker <strong>doors</strong><script>alert(1)</script></p>',
      '<img src="/images/blogs/kitchen-budget.svg" alt="Chart" onerror="alert(2)">',
      '<a href="javascript:alert(3)">bad</a> <a href="/order-samples" target="_blank">samples</a>',
      '<iframe src="https://example.com"></iframe><style>body{display:none}</style>',
    ].join('');
    const clean = sanitizeContentHtml(dirty);
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<style|alert/);
    expect(clean).toContain('<h2 id="intro">Intro</h2>');
    expect(clean).toContain('<p>Shaker <strong>doors</strong></p>');
    expect(clean).toContain('<img src="/images/blogs/kitchen-budget.svg" alt="Chart" />');
    expect(clean).toContain('<a href="/order-samples" target="_blank" rel="noopener noreferrer">samples</a>');
  });

  it('are sanitised when the server loads the content folder', () => {
    const blogs = readJson<{ blogs: Array<{ contentPath: string; path: string }> }>('blogs/blogs.json');
    const target = blogs.blogs[0]!;
    const body = fs.readFileSync(path.join(exampleSite, 'blogs', target.contentPath), 'utf8');
    const faqs = readJson<{ faqs: Array<{ answer: string }> }>('data/faqs.json');
    faqs.faqs[0]!.answer = '<p>Order samples<img src="x" onerror="alert(1)"></p><script>alert(2)</script>';
    const dir = siteWith({
      [`blogs/${target.contentPath}`]: `${body}<script>document.cookie</script><img src="/images/blogs/kitchen-budget.svg" alt="" onerror="alert(1)">`,
      'data/faqs.json': faqs,
    });
    const { store } = loadContent(dir);
    const blog = store.blogs.find((b) => b.path === target.path)!;
    expect(blog.content).not.toMatch(/<script|onerror|document\.cookie/);
    expect(blog.content).toContain('<h2');
    expect(store.faqs[0]!.answer).toBe('<p>Order samples<img src="x" /></p>');
  });
});

describe('rating helpers', () => {
  it('average to one decimal, round to half stars, and give the feed form', () => {
    expect(summarizeRatings([{ rating: 5 }, { rating: 4.5 }, { rating: 4 }])).toEqual({ avgRating: 4.5, reviewCount: 3 });
    expect(summarizeRatings([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({ avgRating: 4.3, reviewCount: 3 });
    expect(summarizeRatings([])).toEqual({ avgRating: 0, reviewCount: 0 });
    expect(toHalfStars(4.3)).toBe(4.5);
    expect(toHalfStars(4.2)).toBe(4);
    expect(toFeedEntry({ name: 'Megan R.', rating: 5, platform: 'Google', reviewText: 'Lovely.', date: '2026-11-02' })).toEqual({
      rating: 5,
      reviewer: { nickname: 'Megan R.' },
      rdate: '2026-11-02',
      comments: 'Lovely.',
    });
  });
});
