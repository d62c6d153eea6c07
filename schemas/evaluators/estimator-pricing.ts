/**
 * Estimator pricing: each priced field's chosen option is looked up in the pricing data
 * by field name, then, for a field with dependsOn, under each dependency's chosen value in order,
 * then by option value. Every chosen option of a multiSelect or checkbox-group field counts. Fields
 * with useInCalculation false, and fields hidden by hideWhen, are left out. A template with a
 * cabinet mix adds the mix's cabinets, priced from the catalog (./cabinet-mix.ts), to the size
 * question's share. Sums are made in integer cents, so the dollars shown are exact to 2 decimals.
 */
import type { EstimatorPricing, PriceEntry, PricingNode } from '../estimator/estimator-pricing.schema';
import type { SummaryConfig } from '../estimator/summary-config.schema';
import type { FormField, InputField } from '../forms/form-field.schema';
import { formatMoney, toCents, toDollars } from '../money';
import { cabinetMixRange, type CabinetMixPricing } from './cabinet-mix';
import { isChecked, isEmptyValue, valueList, type FieldValue, type FormValues } from './field-values';
import { applyVisibility, placeFields } from './visibility';

/** One field's share of the estimate, in dollars. total = product + labor. */
export interface FieldPrice {
  min: number;
  max: number;
  laborMin: number;
  laborMax: number;
  totalMin: number;
  totalMax: number;
}

export interface PriceResult {
  /** Product (material) range. */
  min: number;
  max: number;
  laborMin: number;
  laborMax: number;
  /** Product plus labor. */
  finalMin: number;
  finalMax: number;
  display: { product: string; labor: string; final: string };
  /** Priced fields only, by field name. */
  breakdown: Record<string, FieldPrice>;
}

/** '$min - $max', the display form of a range. */
export function formatRange(min: number, max: number): string {
  return `${formatMoney(min)} - ${formatMoney(max)}`;
}

function isEntry(node: PricingNode | undefined): node is PriceEntry {
  return typeof node === 'object' && node !== null && 'price' in node && typeof node.price === 'object';
}

function child(node: PricingNode | undefined, key: string): PricingNode | undefined {
  if (!node || isEntry(node)) return undefined;
  return Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

/** The keys a field's value is looked up by: each chosen option; a checked checkbox is 'true'. */
function lookupKeys(field: InputField, value: FieldValue): string[] {
  if (field.type === 'checkbox') return isChecked(value) ? ['true'] : [];
  return valueList(typeof value === 'boolean' ? String(value) : value);
}

/** The price entries of one field's chosen options; none when a dependency has no value yet. */
export function lookupEntries(field: InputField, values: FormValues, pricing: EstimatorPricing): PriceEntry[] {
  let node: PricingNode | undefined = pricing[field.name];
  for (const dep of field.dependsOn ?? []) {
    const depValue = valueList(values[dep])[0];
    if (depValue === undefined) return [];
    node = child(node, depValue);
  }
  return lookupKeys(field, values[field.name])
    .map((key) => child(node, key))
    .filter(isEntry);
}

interface Cents {
  min: number;
  max: number;
  laborMin: number;
  laborMax: number;
}

function toFieldPrice(c: Cents): FieldPrice {
  return {
    min: toDollars(c.min),
    max: toDollars(c.max),
    laborMin: toDollars(c.laborMin),
    laborMax: toDollars(c.laborMax),
    totalMin: toDollars(c.min + c.laborMin),
    totalMax: toDollars(c.max + c.laborMax),
  };
}

/** The live price range of an estimator's values. */
export function estimatePrice(fields: readonly FormField[], values: FormValues, pricing: EstimatorPricing, cabinets?: CabinetMixPricing): PriceResult {
  const { hidden, values: visible } = applyVisibility(fields, values);
  const total: Cents = { min: 0, max: 0, laborMin: 0, laborMax: 0 };
  const breakdown: Record<string, FieldPrice> = {};
  for (const { field } of placeFields(fields)) {
    if (field.useInCalculation === false || hidden.has(field.name)) continue;
    const entries = lookupEntries(field, visible, pricing);
    const mix = cabinets && field.name === cabinets.sizeField ? cabinetMixRange(cabinets, visible) : null;
    if (entries.length === 0 && !mix) continue;
    const c: Cents = { min: mix?.min ?? 0, max: mix?.max ?? 0, laborMin: 0, laborMax: 0 };
    for (const e of entries) {
      c.min += toCents(e.price.min);
      c.max += toCents(e.price.max);
      c.laborMin += toCents(e.labor?.min ?? 0);
      c.laborMax += toCents(e.labor?.max ?? 0);
    }
    breakdown[field.name] = toFieldPrice(c);
    total.min += c.min;
    total.max += c.max;
    total.laborMin += c.laborMin;
    total.laborMax += c.laborMax;
  }
  const sum = toFieldPrice(total);
  return {
    min: sum.min,
    max: sum.max,
    laborMin: sum.laborMin,
    laborMax: sum.laborMax,
    finalMin: sum.totalMin,
    finalMax: sum.totalMax,
    display: {
      product: formatRange(sum.min, sum.max),
      labor: formatRange(sum.laborMin, sum.laborMax),
      final: formatRange(sum.totalMin, sum.totalMax),
    },
    breakdown,
  };
}

/**
 * A price exists once a priced choice adds something: options priced $0 - $0 (a default such as
 * "no backsplash" or "keep my floor") do not make '$0.00 - $0.00' an estimate worth printing.
 */
export function hasPrice(result: PriceResult): boolean {
  return Object.keys(result.breakdown).length > 0 && result.finalMax > 0;
}

/** Print (PDF) shows only when a price exists and at least one value is filled. */
export function canPrint(result: PriceResult, values: FormValues): boolean {
  return hasPrice(result) && Object.values(values).some((v) => !isEmptyValue(v));
}

/** The fields Next validates: those of every section up to and including the current one. */
export function fieldsUpToSection(sections: readonly FormField[], sectionIndex: number): FormField[] {
  return sections.slice(0, sectionIndex + 1);
}

export interface SummaryRow {
  name: string;
  label: string;
  min: number;
  max: number;
  display: string;
}

export interface EstimateSummary {
  title?: string;
  note?: string;
  position: 'sidebar' | 'top';
  breakdowns: { label: string; items: SummaryRow[] }[];
  productTotal?: { label: string; display: string };
  laborTotal?: { label: string; display: string };
  grandTotal?: { label: string; display: string };
}

/** The summary rows a template's summary config asks for: each row sums its fields' totals. */
export function summarizeEstimate(config: SummaryConfig | undefined, result: PriceResult): EstimateSummary {
  const breakdowns = (config?.breakdowns ?? []).map((b) => ({
    label: b.label,
    items: b.items.map((item) => {
      let min = 0;
      let max = 0;
      for (const name of item.fields) {
        min += toCents(result.breakdown[name]?.totalMin ?? 0);
        max += toCents(result.breakdown[name]?.totalMax ?? 0);
      }
      return { name: item.name, label: item.label, min: toDollars(min), max: toDollars(max), display: formatRange(toDollars(min), toDollars(max)) };
    }),
  }));
  const summary: EstimateSummary = { position: config?.position ?? 'sidebar', breakdowns };
  if (config?.title !== undefined) summary.title = config.title;
  if (config?.note !== undefined) summary.note = config.note;
  if (config?.productTotal) summary.productTotal = { label: config.productTotal.label, display: result.display.product };
  if (config?.laborTotal) summary.laborTotal = { label: config.laborTotal.label, display: result.display.labor };
  if (config?.grandTotal) summary.grandTotal = { label: config.grandTotal.label, display: result.display.final };
  return summary;
}
