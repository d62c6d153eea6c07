/**
 * sitemap.xml and robots.txt, so search engines find every indexable page: the parameterless routes
 * (one URL per page: aliases are left out), and one URL per style, category, blog post, author, blog
 * category and gallery design of the store. Pages marked transactional or noindex, 404 routes and
 * routes whose parameters are not catalog values (order ids, tokens) are left out.
 */
import { blogCategorySlug } from '../../schemas/catalog/blog-categories.schema';
import type { Content } from '../content/load-content';

type Values = Record<string, string>;

/** Every set of parameter values a catalog route can take, or null when a parameter is not a catalog value. */
function parameterSets(params: string[], content: Content): Values[] | null {
  const store = content.store;
  const has = (re: RegExp) => params.some((p) => re.test(p));
  const only = (re: RegExp) => params.length === 1 && re.test(params[0]!);
  if (params.length === 2 && has(/style/i) && has(/categor/i)) {
    const style = params.find((p) => /style/i.test(p))!;
    const category = params.find((p) => p !== style)!;
    return store.categories.flatMap((c) => c.styles.filter((s) => s in store.styles).map((s) => ({ [category]: c.slug, [style]: s })));
  }
  if (only(/style/i)) return Object.keys(store.styles).map((s) => ({ [params[0]!]: s }));
  if (only(/author/i)) return store.authors.map((a) => ({ [params[0]!]: a.id }));
  if (only(/blogcategor/i)) return store.blogCategories.map((c) => ({ [params[0]!]: blogCategorySlug(c.name) }));
  if (only(/blog|path/i)) return store.blogs.map((b) => ({ [params[0]!]: b.path }));
  if (only(/design|gallery/i)) return store.gallery.map((d) => ({ [params[0]!]: d.slug }));
  if (only(/categor/i)) return store.categories.map((c) => ({ [params[0]!]: c.slug }));
  return null;
}

export function sitemapPaths(content: Content): string[] {
  const seenPages = new Set<string>();
  const paths: string[] = [];
  for (const route of content.routes) {
    const page = content.pages[route.page];
    if (!page || route.path.includes('*') || (route.status ?? 200) !== 200) continue;
    if (page.metadata.transactional || page.metadata.noindex) continue;
    const params = route.path.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));
    if (params.length === 0) {
      if (seenPages.has(route.page)) continue;
      seenPages.add(route.page);
      paths.push(route.path);
      continue;
    }
    for (const values of parameterSets(params, content) ?? []) {
      paths.push(route.path.replace(/:([^/]+)/g, (_s, name: string) => encodeURIComponent(values[name] ?? '')));
    }
  }
  return [...new Set(paths)];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${(publicUrl + p).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /checkout',
    'Disallow: /quote/',
    'Disallow: /payment/',
    'Disallow: /order/',
    'Disallow: /my-account/',
    'Disallow: /unsubscribe/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
