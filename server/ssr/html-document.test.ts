import { describe, expect, it } from 'vitest';
import { htmlDocument } from './html-document';

const base = {
  html: '<main>Hi</main>',
  title: 'About Us | Shop',
  description: 'We make "cabinets" & more',
  canonicalUrl: 'https://shop.example/about-us',
  siteName: 'Shop',
  assets: { entry: '/assets/e.js', css: ['/assets/e.css'], preload: [] },
};

describe('htmlDocument', () => {
  it('writes title, description, canonical and Open Graph tags, escaped', () => {
    const doc = htmlDocument({ ...base, image: 'https://shop.example/images/a.svg' });
    expect(doc).toContain('<title>About Us | Shop</title>');
    expect(doc).toContain('<meta name="description" content="We make &quot;cabinets&quot; &amp; more">');
    expect(doc).toContain('<link rel="canonical" href="https://shop.example/about-us">');
    expect(doc).toContain('<meta property="og:title" content="About Us | Shop">');
    expect(doc).toContain('<meta property="og:image" content="https://shop.example/images/a.svg">');
    expect(doc).not.toContain('noindex');
  });

  it('writes each JSON-LD object in its own script, safe against closing tags; noindex when asked', () => {
    const doc = htmlDocument({ ...base, noindex: true, structuredData: [{ '@type': 'Organization', name: '</script>' }, { '@type': 'FAQPage' }] });
    expect(doc.match(/<script type="application\/ld\+json">/g)).toHaveLength(2);
    expect(doc).toContain('\\u003c/script>');
    expect(doc).toContain('<meta name="robots" content="noindex">');
  });

  it('has no inline executable script, only the bootstrap module from /assets/ (the page CSP is script-src self)', () => {
    const doc = htmlDocument({ ...base, html: '<script type="application/json" id="b1-props">{}</script>', structuredData: [{ '@type': 'Organization' }] });
    const scripts = [...doc.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    const executable = scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
    expect(executable).toEqual([' type="module" src="/assets/e.js"']);
  });

  it("overrides the stylesheet's colours with the store's, after the stylesheet, only those that differ", () => {
    const doc = htmlDocument({ ...base, colors: { accent: '#2F5D50', text: '#1f2421' } });
    expect(doc).toContain('<link rel="stylesheet" href="/assets/e.css">\n<style>:root{--color-accent:#2F5D50}</style>');
    expect(htmlDocument({ ...base, colors: { text: '#1f2421' } })).not.toContain('<style>');
    expect(htmlDocument(base)).not.toContain('<style>');
  });
});

describe('image preloads', () => {
  it("moves React's image preloads into the head, before the scripts, and keeps the rest of the page in the body", () => {
    const html = '<link rel="preload" as="image" href="/images/logo.svg"/><link rel="preload" href="/images/hero.svg" as="image" fetchPriority="high"/><a href="#main">Skip</a>';
    const doc = htmlDocument({ ...base, html, assets: { ...base.assets, preload: ['/assets/header.js'] } });
    const head = doc.slice(0, doc.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/e.css">\n<link rel="preload" as="image" href="/images/logo.svg"/>\n<link rel="preload" href="/images/hero.svg" as="image" fetchPriority="high"/>\n<link rel="modulepreload" href="/assets/header.js">');
    expect(doc).toContain('<div id="root"><a href="#main">Skip</a></div>');
  });

  it('leaves a page without image preloads as it is, and a preload further down where React wrote it', () => {
    const html = '<main><link rel="preload" as="image" href="/x.svg"/></main>';
    expect(htmlDocument({ ...base, html })).toContain(`<div id="root">${html}</div>`);
  });
});
