/** Turning catalog styles into the plain views the catalog blocks send to the browser. */
import type { ProductStyle } from '../../../schemas/catalog/product-style.schema';
import type { SampleView } from './SampleList';
import type { FinishChoice } from './Swatches';

/** Path of a style's page: the category path followed by the style name (as the search items use). */
export function stylePagePath(style: Pick<ProductStyle, 'name' | 'category'>, finish?: FinishChoice | null, categoryBase = '/products'): string {
  const base = `${categoryBase}/${style.category}/${style.name}`;
  return finish ? `${base}?type=${encodeURIComponent(finish.type)}&value=${encodeURIComponent(finish.value)}` : base;
}

export function finishOf(style: ProductStyle, choice: FinishChoice | null | undefined) {
  if (!choice) return undefined;
  return style.finishes.find((g) => g.name === choice.type)?.items.find((f) => f.value === choice.value);
}

/** The finish named by ?type=&value= if the style has it; otherwise none. */
export function finishFromQuery(style: ProductStyle, query: URLSearchParams): FinishChoice | null {
  const type = query.get('type');
  const value = query.get('value');
  if (!type || !value) return null;
  return finishOf(style, { type, value }) ? { type, value } : null;
}

export function sampleViews(style: ProductStyle): SampleView[] {
  return style.items.map((item) => {
    const finish = finishOf(style, item.finish);
    return {
      sku: item.sku,
      name: item.name,
      price: item.price,
      finish: { ...item.finish },
      ...(finish ? { finishLabel: finish.label, image: { src: finish.doorImage.src, altText: finish.doorImage.altText } } : {}),
    };
  });
}

/** The sample SKU of a finish, for preselecting it in the sample list. */
export function sampleSkuFor(style: ProductStyle, choice: FinishChoice | null): string | undefined {
  if (!choice) return undefined;
  return style.items.find((i) => i.finish.type === choice.type && i.finish.value === choice.value)?.sku;
}
