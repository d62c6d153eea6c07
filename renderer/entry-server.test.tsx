import { describe, expect, it } from 'vitest';
import type { PageDefinition } from '../schemas/page.schema';
import type { RouteEntry } from '../schemas/routes.schema';
import { renderPage, renderPageWith, type RenderInput } from './entry-server';
import { testSettings } from './testing/page-fixture';

const routes: RouteEntry[] = [
  { path: '/', page: 'home' },
  { path: '/about-us', page: 'about' },
  { path: '/aboutus', page: 'about' },
  { path: '/products', page: 'products' },
  { path: '/products/:styleName', page: 'style' },
  { path: '/checkout', page: 'checkout' },
  { path: '/order/split-payment', page: 'checkout', secretQuery: ['email'] },
  { path: '/*', page: 'not-found', status: 404 },
];
const meta = (title: string, extra: Partial<PageDefinition['metadata']> = {}) => ({ title, description: `${title} description`, ...extra });
const pages: Record<string, PageDefinition> = {
  home: { metadata: meta('Home'), blocks: [{ type: 'promotions' }] },
  about: { metadata: meta('About Us'), blocks: [{ type: 'title-banner' }] },
  products: { metadata: meta('All products', { breadcrumbTitle: 'Products' }), blocks: [] },
  style: { metadata: meta('Style'), blocks: [{ type: 'breadcrumb' }, { type: 'placeholder', title: 'Style', message: 'x' }] },
  checkout: { metadata: meta('Checkout', { transactional: true }), blocks: [{ type: 'placeholder', title: 'Checkout', message: 'x' }] },
  'not-found': { metadata: meta('Page not found'), blocks: [{ type: 'not-found' }] },
};
const input = (url: string): RenderInput => ({ url, routes, pages, settings: testSettings, cookieHeader: undefined, publicUrl: 'https://shop.example' });
const types = (r: { structuredData: { '@type': string }[] }) => r.structuredData.map((d) => d['@type']);

describe('renderPage', () => {
  it('renders the route, the title with the site name, and Organization JSON-LD', () => {
    const r = renderPage(input('/'));
    expect(r.status).toBe(200);
    expect(r.title).toBe('Home | Test Cabinets');
    expect(types(r)).toEqual(['Organization']);
    expect(r.structuredData[0]).toMatchObject({ '@context': 'https://schema.org', name: 'Test Cabinets', url: 'https://shop.example/' });
  });

  it('gives aliases the canonical path of the first route and a breadcrumb from the route list', () => {
    const r = renderPage(input('/aboutus'));
    expect(r.canonicalPath).toBe('/about-us');
    expect(r.state.breadcrumb).toEqual([{ label: 'Home', path: '/' }, { label: 'About Us' }]);
    expect(types(r)).toEqual(['Organization', 'BreadcrumbList']);
    expect(r.html).toContain('About Us');
  });

  it('answers the catch-all with the not-found page and 404, noindex, no breadcrumb data', () => {
    const r = renderPage(input('/no/such/page'));
    expect(r.status).toBe(404);
    expect(r.noindex).toBe(true);
    expect(r.html).toContain('Go to home');
    expect(types(r)).toEqual(['Organization']);
  });

  it('runs selectData per block: data in the state, 404, metadata, breadcrumb and structured data', () => {
    const r = renderPageWith(input('/products/ghost?type=color&value=white'), (block, ctx) => {
      if (block.type !== 'placeholder') return undefined;
      expect(ctx.params).toEqual({ styleName: 'ghost' });
      expect(ctx.query.get('value')).toBe('white');
      ctx.notFound();
      ctx.setMetadata({ title: 'Ghost style', image: '/images/ghost.svg' });
      ctx.setBreadcrumb([{ label: 'Home', path: '/' }, { label: 'Products', path: '/products' }, { label: 'Ghost' }]);
      ctx.addStructuredData({ '@type': 'Product', name: 'Ghost' });
      ctx.addStructuredData({ '@type': 'FAQPage', mainEntity: [] });
      return { found: false };
    });
    expect(r.status).toBe(404);
    expect(r.title).toBe('Ghost style | Test Cabinets');
    expect(r.image).toBe('/images/ghost.svg');
    expect(r.state.blockData).toEqual([null, { found: false }]);
    expect(r.html).toContain('Ghost');
    expect(types(r)).toEqual(['Organization', 'Product', 'FAQPage']);
  });

  it('uses the breadcrumbTitle of ancestors in the route trail', () => {
    const r = renderPageWith(input('/products/shaker'), () => undefined);
    expect(r.state.breadcrumb).toEqual([{ label: 'Home', path: '/' }, { label: 'Products', path: '/products' }, { label: 'Shaker' }]);
    expect(types(r)).toEqual(['Organization', 'BreadcrumbList']);
  });

  it('keeps FAQ, breadcrumb and video data off transactional pages', () => {
    const r = renderPageWith(input('/checkout'), (_block, ctx) => {
      ctx.addStructuredData({ '@type': 'FAQPage' });
      ctx.addStructuredData({ '@type': 'VideoObject' });
      return undefined;
    });
    expect(r.status).toBe(200);
    expect(r.noindex).toBe(true);
    expect(types(r)).toEqual(['Organization']);
  });

  it('leaves out a block whose selectData throws, and still renders the rest of the page', () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const r = renderPageWith(input('/products/shaker'), (block) => {
        if (block.type === 'placeholder') throw new Error('catalog file unreadable');
        return undefined;
      });
      expect(r.status).toBe(200);
      expect(r.state.failedBlocks).toEqual([1]);
      expect(r.html).toContain('Breadcrumb');
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });

  it('skips a block type it does not know instead of crashing', () => {
    const odd = { metadata: meta('Odd'), blocks: [{ type: 'no-such-block' } as unknown as PageDefinition['blocks'][number], { type: 'promotions' as const, title: 'x' }] };
    const r = renderPage({ ...input('/'), pages: { ...pages, home: odd } });
    expect(r.status).toBe(200);
  });
});

describe('islands in the rendered page', () => {
  const islands = (html: string) => [...html.matchAll(/<showroom-island data-island="([^"]+)" data-id="([^"]+)" data-hydrate="([^"]+)"/g)].map((m) => `${m[1]}#${m[2]}@${m[3]}`);

  it('wraps the shell and interactive blocks as islands, each with its props in an inert JSON script', () => {
    const r = renderPage(input('/no/such/page'));
    expect(islands(r.html)).toEqual(['header#header@load', 'alerts#alerts@load', 'not-found#b0@interaction', 'back-to-top#back-to-top@load']);
    const props = /<script type="application\/json" id="b0-props">([^<]*)<\/script><showroom-island data-island="not-found"/.exec(r.html)?.[1];
    expect(JSON.parse(props!)).toEqual({ props: { block: { type: 'not-found' }, data: { variant: 'v1' } }, page: { url: '/no/such/page' } });
    // No executable inline script anywhere in the page body.
    expect([...r.html.matchAll(/<script([^>]*)>/g)].every((m) => m[1]!.includes('type="application/json"'))).toBe(true);
  });

  it("never writes a link's token, nor the parameters its route marks secret, into the page or its islands' props", () => {
    const seen: string[] = [];
    const select = (_block: unknown, ctx: { query: URLSearchParams }) => {
      seen.push(ctx.query.toString());
      return undefined;
    };
    const quote = renderPageWith(input('/no/such/page?quoteId=1&token=SECRET&Token=SECRET2'), select);
    expect(quote.html).not.toContain('SECRET');
    expect(quote.state.url).toBe('/no/such/page?quoteId=1');
    expect(JSON.parse(/id="b0-props">([^<]*)</.exec(quote.html)![1]!).page).toEqual({ url: '/no/such/page?quoteId=1' });
    const split = renderPageWith(input('/order/split-payment?orderId=7&email=jane%40example.com&token=SECRET'), select);
    expect(split.state.url).toBe('/order/split-payment?orderId=7');
    expect(split.html).not.toMatch(/jane|SECRET/);
    // selectData sees the same query as the islands: a block cannot copy a secret into the page either.
    expect(seen.every((q) => !/SECRET|jane/.test(q))).toBe(true);
    expect(seen).toContain('orderId=7');
  });

  it('renders static blocks as plain HTML: no island, no props', () => {
    const r = renderPage(input('/'));
    expect(islands(r.html).map((i) => i.split('#')[0])).toEqual(['header', 'alerts', 'back-to-top']);
    expect(r.html).not.toContain('"type":"promotions"');
  });

  it('gives the header only the settings it reads', () => {
    const r = renderPage(input('/'));
    const props = JSON.parse(/<script type="application\/json" id="header-props">([^<]*)<\/script>/.exec(r.html)![1]!) as { props: { settings: object } };
    expect(Object.keys(props.props.settings).sort()).toEqual(['navigation', 'siteName']);
  });

  it('draws for the studio only when asked: each block marked with its index, or the blocks alone', () => {
    const visitor = renderPage(input('/products/shaker'));
    expect(visitor.html).not.toContain('data-studio-block');
    const marked = renderPage({ ...input('/products/shaker'), studio: { markBlocks: true } });
    expect([...marked.html.matchAll(/data-studio-block="(\d+)" style="display:contents"/g)].map((m) => m[1])).toEqual(['0', '1']);
    // The marks wrap the blocks and change nothing else of the page.
    expect(marked.html.replace(/<div data-studio-block="\d+" style="display:contents">|<\/div>/g, '')).toBe(visitor.html.replace(/<\/div>/g, ''));
    const alone = renderPage({ ...input('/products/shaker'), studio: { blocksOnly: true } });
    expect(islands(alone.html)).toEqual([]);
    expect(alone.html).not.toContain('<footer');
    expect(alone.html).toContain('Style');
  });
});

