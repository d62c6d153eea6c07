/**
 * A quote line of the kitchen catalog, from what the operator chose (a SKU, a quantity, a finish and
 * modifications; square feet, or a length and a depth, an edge and cut-outs; feet of a service) to
 * its price and its words (./quote-lines.ts LineDetail), by the one rule of ./kitchen-pricing.ts. The
 * server prices every stored line with this; the estimator's starting quote and the quote command
 * make their lines with it too. Problems are told per field of the line, in the operator's words.
 */
import { cabinetDescription, type CabinetEntry, type CountertopEntry, type KitchenEntry, type ServiceEntry } from '../catalog/kitchen-catalog';
import { toDollars } from '../money';
import { priceCabinet, priceCountertop, priceService, squareFeet } from './kitchen-pricing';
import type { LineDetail } from './quote-lines';

/** What a request says of a catalog line; what a kind does not read is left out of its price. */
export interface KitchenChoice {
  qty?: number | undefined;
  finish?: { type: string; value: string } | undefined;
  modifications?: readonly string[] | undefined;
  sqft?: number | undefined;
  /** Inches, for a countertop measured rather than given in square feet. */
  length?: number | undefined;
  depth?: number | undefined;
  edge?: string | undefined;
  cutouts?: Readonly<Record<string, number>> | undefined;
  feet?: number | undefined;
  group?: string | undefined;
}

export interface KitchenLine {
  qty: number;
  unitCents: number;
  rowTotalCents: number;
  weight: number;
  name: string;
  detail: LineDetail;
}

export const MAX_SQFT = 1000;
export const MAX_FEET = 1000;

export const KITCHEN_MESSAGES = {
  finish: "Choose one of the style's finishes.",
  finishRequired: 'Choose a finish: cabinets are made in one.',
  sqft: `Enter the square feet (0.01 to ${MAX_SQFT}), or a length and a depth in inches.`,
  feet: `Enter the linear feet, from 0.01 to ${MAX_FEET}.`,
  qty: 'A quantity is a whole number from 1 to 999.',
} as const;

export function unknownModification(code: string, entry: CabinetEntry): string {
  const offered = entry.modifications.map((m) => m.code);
  return offered.length ? `"${code.slice(0, 20)}" is not a modification of ${entry.code}: choose from ${offered.join(', ')}.` : `${entry.code} takes no modifications.`;
}

export function unknownEdge(code: string, entry: CountertopEntry): string {
  return `"${code.slice(0, 20)}" is not an edge of ${entry.name}: choose from ${entry.edges.map((e) => e.code).join(', ')}.`;
}

export function unknownCutout(code: string, entry: CountertopEntry): string {
  return `"${code.slice(0, 20)}" is not a cut-out: choose from ${entry.cutouts.map((c) => c.code).join(', ') || 'none'}.`;
}

type Result = { line: KitchenLine; errors?: undefined } | { line?: undefined; errors: Record<string, string> };

const wholeQty = (qty: number | undefined) => (qty !== undefined && Number.isInteger(qty) && qty >= 1 && qty <= 999 ? qty : null);
const upTo = (n: number | undefined, max: number) => (n !== undefined && Number.isFinite(n) && n > 0 && n <= max ? Math.round(n * 100) / 100 : null);

function cabinetLine(entry: CabinetEntry, choice: KitchenChoice): Result {
  const errors: Record<string, string> = {};
  const qty = wholeQty(choice.qty ?? 1);
  if (qty === null) errors.qty = KITCHEN_MESSAGES.qty;
  const finish = choice.finish ? entry.finishes.find((f) => f.type === choice.finish!.type && f.value === choice.finish!.value) : undefined;
  if (!choice.finish) errors.finish = KITCHEN_MESSAGES.finishRequired;
  else if (!finish) errors.finish = KITCHEN_MESSAGES.finish;
  const mods: CabinetEntry['modifications'][number][] = [];
  for (const code of choice.modifications ?? []) {
    const mod = entry.modifications.find((m) => m.code === code);
    if (!mod) errors.modifications ??= unknownModification(code, entry);
    else if (!mods.includes(mod)) mods.push(mod);
  }
  if (Object.keys(errors).length || !finish || qty === null) return { errors };
  const price = priceCabinet({ listCents: entry.listCents, groupPercent: entry.priceGroup.percent, finishPercent: finish.percent, modifications: mods.map((m) => m.by) });
  return {
    line: {
      qty,
      unitCents: price.unitCents,
      rowTotalCents: price.unitCents * qty,
      weight: entry.weight * qty,
      name: `${cabinetDescription(entry)}, ${finish.label}`,
      detail: {
        kind: 'cabinet',
        description: cabinetDescription(entry),
        finish: { type: finish.type, value: finish.value, label: finish.label },
        options: mods.map((m, i) => ({ code: m.code, label: m.label, amount: toDollars(price.modificationCents[i] ?? 0), per: 'each' as const })),
        ...(choice.group ? { group: choice.group } : {}),
      },
    },
  };
}

function countertopLine(entry: CountertopEntry, choice: KitchenChoice): Result {
  const errors: Record<string, string> = {};
  const measured = choice.length !== undefined || choice.depth !== undefined;
  const length = upTo(choice.length, 1200);
  const depth = upTo(choice.depth, 120);
  const sqft = measured ? (length !== null && depth !== null ? squareFeet(length, depth) : null) : upTo(choice.sqft, MAX_SQFT);
  if (sqft === null || sqft <= 0 || sqft > MAX_SQFT) errors.sqft = KITCHEN_MESSAGES.sqft;
  const edge = choice.edge === undefined ? entry.edges[0] : entry.edges.find((e) => e.code === choice.edge);
  if (!edge) errors.edge = unknownEdge(choice.edge ?? '', entry);
  const cutouts: { code: string; label: string; cents: number; count: number }[] = [];
  for (const [code, count] of Object.entries(choice.cutouts ?? {})) {
    const cutout = entry.cutouts.find((c) => c.code === code);
    if (!cutout) errors.cutouts ??= unknownCutout(code, entry);
    else if (!Number.isInteger(count) || count < 0 || count > 20) errors.cutouts ??= 'A number of cut-outs is a whole number from 0 to 20.';
    else if (count > 0) cutouts.push({ ...cutout, count });
  }
  if (Object.keys(errors).length || sqft === null || !edge) return { errors };
  const price = priceCountertop({ perSqftCents: entry.perSqftCents, edge: edge.by, sqft, cutouts });
  return {
    line: {
      qty: 1,
      unitCents: price.totalCents,
      rowTotalCents: price.totalCents,
      weight: Math.round(entry.weightPerSqft * sqft * 1000) / 1000,
      name: `${entry.name}, ${sqft} sq ft`,
      detail: {
        kind: 'countertop',
        description: entry.name,
        options: [
          { code: edge.code, label: edge.label, amount: toDollars(price.edgeCents), per: 'sqft' as const },
          ...cutouts.map((c, i) => ({ code: c.code, label: c.count > 1 ? `${c.label} × ${c.count}` : c.label, amount: toDollars(price.cutoutCents[i] ?? 0), per: 'line' as const })),
        ],
        measure: { amount: sqft, unit: 'sq ft' },
        rate: toDollars(price.rateCents),
        ...(choice.group ? { group: choice.group } : {}),
      },
    },
  };
}

function serviceLine(entry: ServiceEntry, choice: KitchenChoice): Result {
  const group = choice.group ? { group: choice.group } : {};
  if (entry.unit === 'linear-foot') {
    const feet = upTo(choice.feet, MAX_FEET);
    if (feet === null) return { errors: { feet: KITCHEN_MESSAGES.feet } };
    const cents = priceService('linear-foot', entry.priceCents, feet);
    return { line: { qty: 1, unitCents: cents, rowTotalCents: cents, weight: 0, name: `${entry.name}, ${feet} ft`, detail: { kind: 'service', description: entry.name, options: [], measure: { amount: feet, unit: 'ft' }, rate: toDollars(entry.priceCents), ...group } } };
  }
  if (entry.unit === 'fixed') {
    return { line: { qty: 1, unitCents: entry.priceCents, rowTotalCents: entry.priceCents, weight: 0, name: entry.name, detail: { kind: 'service', description: entry.name, options: [], ...group } } };
  }
  const qty = wholeQty(choice.qty ?? 1);
  if (qty === null) return { errors: { qty: KITCHEN_MESSAGES.qty } };
  return {
    line: {
      qty,
      unitCents: entry.priceCents,
      rowTotalCents: priceService('each', entry.priceCents, qty),
      weight: 0,
      name: entry.name,
      detail: { kind: 'service', description: entry.name, options: [], unitName: entry.unitName, ...group },
    },
  };
}

/** The line a choice makes of a catalog entry, or the problems of its fields. */
export function priceKitchenLine(entry: KitchenEntry, choice: KitchenChoice): Result {
  if (entry.kind === 'cabinet') return cabinetLine(entry, choice);
  if (entry.kind === 'countertop') return countertopLine(entry, choice);
  return serviceLine(entry, choice);
}
