import { describe, expect, it } from 'vitest';
import { definitionSchemas } from '../index';
import { blogCategorySlug } from './blog-categories.schema';
import { stylePath } from './derive-search-items';

const catalogSchemaNames = ['product-style', 'product-categories', 'search-items', 'blogs', 'blog-authors', 'blog-categories', 'faqs', 'reviews', 'gallery'] as const;

/** JSON pointers of every property (in any `properties`) that has neither a title nor a description. */
function undocumented(node: unknown, at = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => undocumented(child, `${at}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const rec = node as Record<string, unknown>;
  const out: string[] = [];
  if (rec.properties && typeof rec.properties === 'object') {
    for (const [name, prop] of Object.entries(rec.properties as Record<string, Record<string, unknown>>)) {
      if (!prop.title && !prop.description) out.push(`${at}/properties/${name}`);
    }
  }
  for (const [key, child] of Object.entries(rec)) out.push(...undocumented(child, `${at}/${key}`));
  return out;
}

describe('catalog schemas', () => {
  it('are registered, with an $id and a title', () => {
    for (const name of catalogSchemaNames) {
      const schema = definitionSchemas[name] as { $id?: string; title?: string };
      expect(schema.$id, name).toBe(`https://showroom.dev/schemas/${name}.schema.json`);
      expect(schema.title, name).toBeTruthy();
    }
  });

  it('document every property with a title or a description (editors show them on hover)', () => {
    for (const name of catalogSchemaNames) expect(undocumented(definitionSchemas[name]), name).toEqual([]);
  });
});

describe('catalog paths', () => {
  it('turn a blog category name into its slug', () => {
    expect(blogCategorySlug('Kitchen Design')).toBe('kitchen-design');
    expect(blogCategorySlug('Installation and DIY')).toBe('installation-and-diy');
    expect(blogCategorySlug('  RTA / Flat-Pack! ')).toBe('rta-flat-pack');
  });

  it('put a style page under its main category', () => {
    expect(stylePath({ name: 'hartford-shaker', category: 'kitchen-cabinets' })).toBe('/products/kitchen-cabinets/hartford-shaker');
    expect(stylePath({ name: 'hartford-shaker', category: 'kitchen-cabinets' }, '/shop/')).toBe('/shop/kitchen-cabinets/hartford-shaker');
  });
});
