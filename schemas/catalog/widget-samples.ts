/**
 * The samples the widgets read (GET /api/catalog/samples and /api/catalog/styles/{styleName}/samples):
 * the wire shape, stated once for the server that writes it and the elements that read it.
 */

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
