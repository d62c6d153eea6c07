/**
 * The samples the widgets read (GET /api/catalog/samples and /api/catalog/styles/{styleName}/samples):
 * the wire shape, stated once for the server that writes it and the elements that read it, and how a
 * style's samples are made (the API and the order-samples page block both make them).
 */
import type { ProductStyle } from './product-style.schema';

/** One orderable sample as widgets show it. Image paths are the store's: widgets resolve them against api-base. */
export interface WidgetSample {
  sku: string;
  name: string;
  price: number;
  style: string;
  styleTitle: string;
  finish: { type: string; value: string };
  finishLabel: string;
  image?: { src: string; altText: string };
}

/** One style's samples. */
export interface StyleSamples {
  style: { name: string; title: string };
  samples: WidgetSample[];
}

/** A style's orderable samples, as the API answers them (an item with `isSample: false` is not one). */
export function samplesOf(style: ProductStyle): WidgetSample[] {
  return style.items
    .filter((item) => item.isSample !== false)
    .map((item) => {
      const group = style.finishes.find((g) => g.name === item.finish.type);
      const finish = group?.items.find((f) => f.value === item.finish.value);
      return {
        sku: item.sku,
        name: item.name,
        price: item.price,
        style: style.name,
        styleTitle: style.title,
        finish: { type: item.finish.type, value: item.finish.value },
        finishLabel: finish?.label ?? item.finish.value,
        ...(finish ? { image: { src: finish.swatchImage.src, altText: finish.swatchImage.altText } } : {}),
      };
    });
}

/** One style's samples, as GET /api/catalog/styles/{styleName}/samples answers. */
export function styleSamplesOf(style: ProductStyle): StyleSamples {
  return { style: { name: style.name, title: style.title }, samples: samplesOf(style) };
}
