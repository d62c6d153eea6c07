import type { ProductStyle } from '../../../schemas/catalog/product-style.schema';
import type { StyleCardView } from './StyleCard';
import { stylePagePath } from './style-views';

/** A style as the card view the browser gets (swatch chips only; no door or preview images). */
export function styleCardView(style: ProductStyle, order: number, categories: readonly string[] = [style.category], categoryBase = '/products'): StyleCardView {
  const cover = style.images[0]!;
  return {
    name: style.name,
    title: style.title,
    description: style.description,
    ...(style.label ? { label: style.label } : {}),
    path: stylePagePath(style, null, categoryBase),
    image: { src: cover.src, altText: cover.altText, ...(cover.width ? { width: cover.width } : {}), ...(cover.height ? { height: cover.height } : {}) },
    finishes: style.finishes.map((g) => ({ name: g.name, title: g.title, items: g.items.map((f) => ({ value: f.value, label: f.label, swatchImage: { src: f.swatchImage.src, altText: f.swatchImage.altText } })) })),
    ...(style.rating ? { rating: style.rating } : {}),
    order,
    families: [...new Set(style.finishes.map((g) => g.group))],
    categories: [...categories],
  };
}
