import { describe, expect, it } from 'vitest';
import { htmlDocument } from './html-document';

const base = {
  html: '<main>Hi</main>',
  title: 'About Us | Shop',
  description: 'We make "cabinets" & more',
  canonicalUrl: 'https://shop.example/about-us',
  siteName: 'Shop',
  state: { a: '</script><script>alert(1)</script>' },
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
    expect(doc).not.toContain('alert(1)</script>');
    expect(doc).toContain('<meta name="robots" content="noindex">');
  });
});
