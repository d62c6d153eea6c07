import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/load-content';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap';

const content = loadContent(path.resolve('examples/site'));

describe('sitemap', () => {
  const paths = sitemapPaths(content);

  it('lists each indexable page once, without aliases, transactional, noindex or 404 routes', () => {
    expect(paths).toContain('/');
    expect(paths).toContain('/about-us');
    expect(paths).not.toContain('/aboutus');
    for (const p of ['/checkout', '/quote/payment', '/payment/fail', '/order/success', '/test-page', '/my-account/addresses']) expect(paths).not.toContain(p);
    expect(paths.some((p) => p.includes(':') || p.includes('*'))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists one URL per style, blog, author and gallery design of the store', () => {
    const store = content.store;
    const firstCategory = store.categories[0]!;
    if (content.routes.some((r) => /:style/i.test(r.path))) {
      expect(paths.some((p) => p.endsWith(`/${firstCategory.styles[0]}`))).toBe(true);
    }
    if (content.routes.some((r) => r.page === 'blog-detail')) {
      for (const blog of store.blogs) expect(paths.some((p) => p.endsWith(`/${blog.path}`))).toBe(true);
    }
    if (content.routes.some((r) => /:author/i.test(r.path))) {
      for (const author of store.authors) expect(paths.some((p) => p.endsWith(`/${author.id}`))).toBe(true);
    }
  });

  it('writes escaped XML and a robots.txt that points at it', () => {
    const xml = sitemapXml('https://shop.example', ['/', '/a?b=1&c=2']);
    expect(xml).toContain('<loc>https://shop.example/</loc>');
    expect(xml).toContain('<loc>https://shop.example/a?b=1&amp;c=2</loc>');
    const robots = robotsTxt('https://shop.example');
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(robots).toContain('Disallow: /checkout');
  });
});
