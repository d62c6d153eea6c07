/**
 * The quote builder's search of the catalog: every word of the search must be in a line's code,
 * SKU, name, style or kind ("base", "wall", "countertop", "install", "sample"), so "hartford base"
 * finds Hartford Shaker's base cabinets and "B24" every style's B24. An exact code or SKU comes
 * first, then the kitchen catalog (cabinets, countertops, services), then door samples.
 */
import { CATALOG_SEARCH_LIMIT } from '../../schemas/api/back-office-quotes';
import { KIND_NAMES } from '../../schemas/evaluators/cabinet-codes';
import { entryName, type KitchenEntry } from '../../schemas/catalog/kitchen-catalog';
import { toDollars } from '../../schemas/money';
import type { CatalogSample } from '../services/sample-catalog';
import type { QuoteCatalog } from './quote-pricing';

const PRICE_UNIT = { each: 'each', 'linear-foot': 'ft', fixed: 'fixed' } as const;

/** A line of the catalog as the search answers it (catalogLineSchema). */
export function kitchenLineView(e: KitchenEntry) {
  const common = { sku: e.sku, name: entryName(e), kind: e.kind, isSample: false, finish: null, weight: 0, modifications: [], edges: [], cutouts: [], finishes: [], unit: null, styleName: '', styleTitle: '', code: e.sku };
  if (e.kind === 'cabinet') {
    return {
      ...common,
      code: e.code,
      cabinetKind: e.cabinetKind,
      styleName: e.styleName,
      styleTitle: e.styleTitle,
      price: toDollars(e.listCents),
      priceUnit: 'list' as const,
      weight: e.weight,
      finishes: e.finishes.map((f) => ({ type: f.type, value: f.value, label: f.label })),
      modifications: e.modifications.map((m) => ({ code: m.code, label: m.label })),
    };
  }
  if (e.kind === 'countertop') {
    return { ...common, price: toDollars(e.perSqftCents), priceUnit: 'sqft' as const, edges: e.edges.map((x) => ({ code: x.code, label: x.label })), cutouts: e.cutouts.map((c) => ({ code: c.code, label: c.label })) };
  }
  return { ...common, price: toDollars(e.priceCents), priceUnit: PRICE_UNIT[e.unit], unit: e.unit };
}

export function sampleLineView(item: CatalogSample) {
  return {
    sku: item.sku,
    name: item.name,
    kind: 'sample' as const,
    code: item.sku,
    styleName: item.styleName,
    styleTitle: item.styleTitle,
    price: toDollars(item.priceCents),
    priceUnit: 'each' as const,
    weight: item.weight,
    isSample: true,
    finish: item.finish ?? null,
    finishes: [...(item.finishes ?? [])],
    modifications: [],
    edges: [],
    cutouts: [],
    unit: null,
  };
}

export type CatalogLineView = ReturnType<typeof kitchenLineView> | ReturnType<typeof sampleLineView>;

/** The line of a SKU as the search answers it: a cabinet, countertop or service, or a door sample; undefined when the catalog has none. */
export function catalogLineOf(catalog: QuoteCatalog, sku: string): CatalogLineView | undefined {
  const entry = catalog.kitchen.find(sku);
  if (entry) return kitchenLineView(entry);
  const sample = catalog.samples.findSample(sku);
  return sample && sampleLineView(sample);
}

function words(e: KitchenEntry): string {
  if (e.kind === 'cabinet') return [e.sku, entryName(e), e.styleName, KIND_NAMES[e.cabinetKind], e.cabinetKind, 'cabinet', e.priceGroup.title].join(' ');
  if (e.kind === 'countertop') return [e.sku, e.name, e.material, 'countertop counter top'].join(' ');
  return [e.sku, e.name, 'service', e.unit].join(' ');
}

export function searchCatalog(catalog: QuoteCatalog, search: string, samples: 'include' | 'exclude'): CatalogLineView[] {
  const tokens = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => tokens.every((t) => text.toLowerCase().includes(t));
  const exact = (code: string, sku: string) => tokens.length === 1 && (code.toLowerCase() === tokens[0] || sku.toLowerCase() === tokens[0]);
  const kitchen = catalog.kitchen.entries.filter((e) => matches(words(e)));
  const doorSamples = samples === 'exclude' ? [] : catalog.samples.all().filter((s) => s.isSample !== false && matches([s.sku, s.name, s.styleTitle, 'door sample'].join(' ')));
  const ranked = [
    ...kitchen.map((e) => ({ rank: exact(e.kind === 'cabinet' ? e.code : e.sku, e.sku) ? 0 : 1, view: kitchenLineView(e) as CatalogLineView })),
    ...doorSamples.map((s) => ({ rank: exact(s.sku, s.sku) ? 0 : 2, view: sampleLineView(s) as CatalogLineView })),
  ];
  // A stable sort keeps the catalog's own order within a rank.
  return ranked.sort((a, b) => a.rank - b.rank).slice(0, CATALOG_SEARCH_LIMIT).map((r) => r.view);
}
