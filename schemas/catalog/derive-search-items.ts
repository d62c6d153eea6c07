/**
 * Derives the search items from the catalog: one per style and one per door sample, so the search
 * never drifts from the catalog. Pure, so the server computes it once at load.
 */
import type { ProductCategory } from './product-categories.schema';
import type { ProductStyle } from './product-style.schema';
import type { SearchItem } from './search-items.schema';

/** Path of a style's page: the category path followed by the style name. */
export function stylePath(style: Pick<ProductStyle, 'name' | 'category'>): string {
  return `/products/${style.category}/${style.name}`;
}

export function deriveSearchItems(styles: readonly ProductStyle[], categories: readonly ProductCategory[]): SearchItem[] {
  const out: SearchItem[] = [];
  for (const category of categories) {
    out.push({
      name: category.slug,
      title: category.title,
      description: category.description,
      type: 'category',
      categories: [category.slug],
      images: [category.image],
      path: `/products/${category.slug}`,
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
      path: stylePath(style),
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
        path: `${stylePath(style)}?type=${encodeURIComponent(item.finish.type)}&value=${encodeURIComponent(item.finish.value)}`,
      });
    }
  }
  return out;
}
