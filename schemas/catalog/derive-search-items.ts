/**
 * Derives the search items from the catalog: one per style and one per door sample, so the search
 * never drifts from the catalog. Pure, so the server computes it once at load.
 */
import type { ProductCategory } from './product-categories.schema';
import type { ProductStyle } from './product-style.schema';
import type { SearchItem } from './search-items.schema';

/** Where category pages sit unless the site settings say otherwise (site.json categoryPath). */
export const DEFAULT_CATEGORY_PATH = '/products';

/** Path of a style's page: the category path, the style's main category, then the style name. */
export function stylePath(style: Pick<ProductStyle, 'name' | 'category'>, categoryPath = DEFAULT_CATEGORY_PATH): string {
  return `${categoryPath.replace(/\/+$/, '')}/${style.category}/${style.name}`;
}

export function deriveSearchItems(styles: readonly ProductStyle[], categories: readonly ProductCategory[], categoryPath = DEFAULT_CATEGORY_PATH): SearchItem[] {
  const base = categoryPath.replace(/\/+$/, '');
  const out: SearchItem[] = [];
  for (const category of categories) {
    out.push({
      name: category.slug,
      title: category.title,
      description: category.description,
      type: 'category',
      categories: [category.slug],
      images: [category.image],
      path: `${base}/${category.slug}`,
    });
  }
  for (const style of styles) {
    const inCategories = categories.filter((c) => c.styles.includes(style.name)).map((c) => c.slug);
    const categoriesOfStyle = inCategories.includes(style.category) ? inCategories : [style.category, ...inCategories];
    const cover = style.images[0]!;
    out.push({
      name: style.name,
      title: style.title,
      description: style.description,
      type: 'style',
      categories: categoriesOfStyle,
      images: [{ src: cover.src, altText: cover.altText }],
      path: stylePath(style, categoryPath),
    });
    for (const item of style.items) {
      const finish = style.finishes.find((g) => g.name === item.finish.type)?.items.find((f) => f.value === item.finish.value);
      out.push({
        name: style.name,
        title: item.name,
        description: `${style.title} door sample${finish ? ` in ${finish.label}` : ''}`,
        sku: item.sku,
        type: 'sample',
        categories: categoriesOfStyle,
        images: finish ? [finish.doorImage] : [{ src: cover.src, altText: cover.altText }],
        path: `${stylePath(style, categoryPath)}?type=${encodeURIComponent(item.finish.type)}&value=${encodeURIComponent(item.finish.value)}`,
      });
    }
  }
  return out;
}
