/**
 * The kitchen catalog as one index: every cabinet of every line (with its style, price group,
 * finishes and modifications resolved), every countertop material and every service, by SKU. Built
 * once from definitions that passed their schema and lint checks (the server at load, tests from
 * hand-made definitions); the server's quotes, the estimator's ranges and the studio's search read
 * it. Amounts are integer cents here.
 */
import { KIND_NAMES, inchesText } from '../evaluators/cabinet-codes';
import type { CabinetMixDefinition, CabinetMixPricing, MixCabinetPrice } from '../evaluators/cabinet-mix';
import type { PricedBy } from '../evaluators/kitchen-pricing';
import { toCents } from '../money';
import type { CabinetKind, CabinetLineDefinition } from './cabinet-line.schema';
import type { CountertopsDefinition } from './countertops.schema';
import type { PriceGroupsDefinition } from './price-groups.schema';
import type { ProductStyle } from './product-style.schema';
import type { ServiceUnit, ServicesDefinition } from './services.schema';

export interface KitchenDefinitions {
  styles: Readonly<Record<string, Pick<ProductStyle, 'name' | 'title' | 'finishes'>>>;
  priceGroups?: PriceGroupsDefinition | undefined;
  /** Cabinet lines by style name. */
  cabinetLines: Readonly<Record<string, CabinetLineDefinition>>;
  countertops?: CountertopsDefinition | undefined;
  services?: ServicesDefinition | undefined;
}

/** A finish a cabinet is made in: as the style names it, with the line's percentage. */
export interface FinishChoice {
  type: string;
  value: string;
  label: string;
  percent: number;
}

export interface PricedOption {
  code: string;
  label: string;
  by: PricedBy;
}

export interface CabinetEntry {
  kind: 'cabinet';
  sku: string;
  code: string;
  cabinetKind: CabinetKind;
  styleName: string;
  styleTitle: string;
  priceGroup: { code: string; title: string; percent: number };
  width: number;
  height: number;
  depth: number;
  listCents: number;
  weight: number;
  finishes: readonly FinishChoice[];
  modifications: readonly PricedOption[];
}

export interface CountertopEntry {
  kind: 'countertop';
  sku: string;
  material: string;
  name: string;
  perSqftCents: number;
  weightPerSqft: number;
  edges: readonly PricedOption[];
  cutouts: readonly { code: string; label: string; cents: number }[];
}

export interface ServiceEntry {
  kind: 'service';
  sku: string;
  name: string;
  unit: ServiceUnit;
  unitName: string;
  priceCents: number;
}

export type KitchenEntry = CabinetEntry | CountertopEntry | ServiceEntry;

export interface KitchenCatalog {
  entries: readonly KitchenEntry[];
  find(sku: string): KitchenEntry | undefined;
  /** A cabinet of a style by its code (B24), as a cabinet list exported by design software names it. */
  cabinet(styleName: string, code: string): CabinetEntry | undefined;
}

const byOf = (o: { price?: number; percent?: number }): PricedBy => (o.price !== undefined ? { cents: toCents(o.price) } : { percent: o.percent ?? 0 });

/** The style's finishes the line lists, each with its percentage: a finish's own entry before its group's. */
export function lineFinishes(style: Pick<ProductStyle, 'finishes'>, line: Pick<CabinetLineDefinition, 'finishes'>): FinishChoice[] {
  const out: FinishChoice[] = [];
  for (const group of style.finishes) {
    for (const item of group.items) {
      const own = line.finishes.find((f) => f.type === group.name && f.value === item.value);
      const whole = line.finishes.find((f) => f.type === group.name && f.value === undefined);
      const entry = own ?? whole;
      if (entry) out.push({ type: group.name, value: item.value, label: item.label, percent: entry.percent });
    }
  }
  return out;
}

export function buildKitchenCatalog(defs: KitchenDefinitions): KitchenCatalog {
  const entries: KitchenEntry[] = [];
  const groups = new Map((defs.priceGroups?.groups ?? []).map((g) => [g.code, g]));
  for (const [styleName, line] of Object.entries(defs.cabinetLines).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const style = defs.styles[line.style] ?? defs.styles[styleName];
    const group = groups.get(line.priceGroup);
    if (!style || !group) continue;
    const finishes = lineFinishes(style, line);
    const modifications = (line.modifications ?? []).map((m) => ({ code: m.code, label: m.label, by: byOf(m) }));
    for (const c of line.cabinets) {
      entries.push({
        kind: 'cabinet',
        sku: `${line.skuPrefix}-${c.code}`,
        code: c.code,
        cabinetKind: c.kind,
        styleName: style.name,
        styleTitle: style.title,
        priceGroup: { code: group.code, title: group.title, percent: group.percent },
        width: c.width,
        height: c.height,
        depth: c.depth,
        listCents: toCents(c.list),
        weight: c.weight ?? 0,
        finishes,
        modifications: modifications.filter((m) => (c.modifications ?? []).includes(m.code)),
      });
    }
  }
  const tops = defs.countertops;
  for (const m of tops?.materials ?? []) {
    entries.push({
      kind: 'countertop',
      sku: m.sku,
      material: m.material,
      name: m.name,
      perSqftCents: toCents(m.perSqft),
      weightPerSqft: m.weightPerSqft ?? 0,
      edges: m.edges.flatMap((code) => tops!.edges.filter((e) => e.code === code).map((e) => ({ code: e.code, label: e.label, by: byOf(e) }))),
      cutouts: tops!.cutouts.map((c) => ({ code: c.code, label: c.label, cents: toCents(c.price) })),
    });
  }
  for (const s of defs.services?.services ?? []) {
    entries.push({ kind: 'service', sku: s.sku, name: s.name, unit: s.unit, unitName: s.unitName ?? 'unit', priceCents: toCents(s.price) });
  }
  const bySku = new Map(entries.map((e) => [e.sku, e]));
  const byStyleCode = new Map(entries.filter((e): e is CabinetEntry => e.kind === 'cabinet').map((e) => [`${e.styleName} ${e.code}`, e]));
  return { entries, find: (sku) => bySku.get(sku), cabinet: (style, code) => byStyleCode.get(`${style} ${code}`) };
}

/** What a cabinet is, as every page writes it: Hartford Shaker base cabinet, 24″ W × 34½″ H × 24″ D. */
export function cabinetDescription(c: Pick<CabinetEntry, 'styleTitle' | 'cabinetKind' | 'width' | 'height' | 'depth'>): string {
  const size = c.cabinetKind === 'moulding' ? `${c.width / 12} ft` : `${inchesText(c.width)} W × ${inchesText(c.height)} H × ${inchesText(c.depth)} D`;
  return `${c.styleTitle} ${KIND_NAMES[c.cabinetKind]}, ${size}`;
}

/** An entry's name as a search result and a line show it. */
export function entryName(entry: KitchenEntry): string {
  return entry.kind === 'cabinet' ? cabinetDescription(entry) : entry.name;
}

/**
 * What prices an estimator's cabinet mix: each code of its mixes in the low end's style and finish
 * and in the high end's (list, price group and finish percentages), read from the catalog. A code or
 * finish the catalog lacks is left out here; the content check refuses it.
 */
export function cabinetMixPricing(mix: CabinetMixDefinition, catalog: KitchenCatalog): CabinetMixPricing {
  const codes = [...new Set(mix.mixes.flatMap((m) => m.cabinets.map((c) => c.code)))];
  const end = (at: CabinetMixDefinition['low']) => {
    const prices: Record<string, MixCabinetPrice> = {};
    for (const code of codes) {
      const cabinet = catalog.cabinet(at.style, code);
      const finish = cabinet?.finishes.find((f) => f.type === at.finish.type && f.value === at.finish.value);
      if (cabinet && finish) prices[code] = { listCents: cabinet.listCents, groupPercent: cabinet.priceGroup.percent, finishPercent: finish.percent };
    }
    return prices;
  };
  return { sizeField: mix.sizeField, ...(mix.layoutField ? { layoutField: mix.layoutField } : {}), mixes: mix.mixes, low: end(mix.low), high: end(mix.high) };
}
