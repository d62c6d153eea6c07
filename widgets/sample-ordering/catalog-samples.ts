/**
 * The store's samples as the widgets read them (GET /api/catalog/samples and
 * /api/catalog/styles/{styleName}/samples, server/api/catalog-samples.ts): never a copy in the bundle,
 * so names, finishes and prices are always the store's. One request per store and page, however many
 * elements ask; the browser revalidates it with the ETag.
 */
import type { ApiClient } from '../api-client';
import type { catalogSamplesEndpoint, styleSamplesEndpoint } from '../../schemas/api/catalog';
import type { ResponseBody } from '../../schemas/api/endpoint';
import type { StoredSample } from '../cart-store/sample-cart';

/** One orderable sample, as the server writes it. Image paths are the store's: resolve them with sampleImageUrl. */
export type CatalogSample = ResponseBody<typeof catalogSamplesEndpoint, 200>['samples'][number];
/** One style's samples (GET /api/catalog/styles/{styleName}/samples). */
export type StyleSamples = ResponseBody<typeof styleSamplesEndpoint, 200>;

/** A stored sample with its catalog entry: what a cart view shows. */
export interface ResolvedSample extends StoredSample {
  catalog: CatalogSample;
}

const everySample = new Map<string, Promise<CatalogSample[]>>();

/** Every sample of the store at `apiBase` (one request per page; a failure is not kept, so a later view retries). */
export function loadCatalogSamples(api: ApiClient, apiBase: string): Promise<CatalogSample[]> {
  let loading = everySample.get(apiBase);
  if (!loading) {
    loading = api.get<ResponseBody<typeof catalogSamplesEndpoint, 200>>('/api/catalog/samples').then((body) => body.samples);
    loading.catch(() => everySample.delete(apiBase));
    everySample.set(apiBase, loading);
  }
  return loading;
}

export function loadStyleSamples(api: ApiClient, styleName: string): Promise<StyleSamples> {
  return api.get<StyleSamples>(`/api/catalog/styles/${encodeURIComponent(styleName)}/samples`);
}

/** The stored samples the catalog knows, in cart order; a SKU the store no longer sells is left out. */
export function resolveCart(items: readonly StoredSample[], catalog: readonly CatalogSample[]): ResolvedSample[] {
  const bySku = new Map(catalog.map((s) => [s.sku, s]));
  return items.flatMap((item) => {
    const entry = bySku.get(item.sku);
    return entry ? [{ ...item, catalog: entry }] : [];
  });
}

/** A catalog image path is the store's: on a dealer's page it must point at the store. */
export function sampleImageUrl(src: string, apiBase: string): string {
  try {
    return new URL(src, apiBase).href;
  } catch {
    return src;
  }
}
