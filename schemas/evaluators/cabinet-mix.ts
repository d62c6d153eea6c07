/**
 * The estimator's cabinets from the catalog: a typical mix of cabinet codes per kitchen size (and
 * layout), each cabinet priced by the one rule of ./kitchen-pricing.ts in the low end's style and
 * finish and in the high end's. The server resolves the catalog's numbers once
 * (schemas/catalog/kitchen-catalog.ts cabinetMixPricing) and hands them to the browser with the
 * template, so the browser's live range and the server's are the same arithmetic on the same cents.
 */
import type { EstimatorTemplate } from '../estimator/estimator-template.schema';
import type { FormValues } from './field-values';
import { valueList } from './field-values';
import { priceCabinet, type CabinetPriceInput } from './kitchen-pricing';

export type CabinetMixDefinition = NonNullable<EstimatorTemplate['cabinetMix']>;
export type MixDefinition = CabinetMixDefinition['mixes'][number];

/** One code's catalog numbers in one end's style and finish. */
export type MixCabinetPrice = Omit<CabinetPriceInput, 'modifications'>;

/** What prices a template's cabinet mix: the mix itself and each code's numbers at the low and high end. */
export interface CabinetMixPricing {
  sizeField: string;
  layoutField?: string | undefined;
  mixes: readonly MixDefinition[];
  low: Readonly<Record<string, MixCabinetPrice>>;
  high: Readonly<Record<string, MixCabinetPrice>>;
}

/** The mix for a size and layout: the layout's own, else the size's usual one. */
export function mixFor(mixes: readonly MixDefinition[], size: string, layout: string | undefined): MixDefinition | undefined {
  return mixes.find((m) => m.size === size && layout !== undefined && m.layout === layout) ?? mixes.find((m) => m.size === size && m.layout === undefined);
}

/** A mix's total in cents with these numbers per code (a code without numbers counts nothing: the lint refuses it). */
export function mixCents(mix: MixDefinition, prices: Readonly<Record<string, MixCabinetPrice>>): number {
  let cents = 0;
  for (const { code, qty } of mix.cabinets) {
    const price = Object.prototype.hasOwnProperty.call(prices, code) ? prices[code] : undefined;
    if (price) cents += priceCabinet({ ...price, modifications: [] }).unitCents * qty;
  }
  return cents;
}

/** The cabinets' range for these answers, in cents, or null while the size is not chosen. */
export function cabinetMixRange(pricing: CabinetMixPricing, values: FormValues): { min: number; max: number } | null {
  const size = valueList(values[pricing.sizeField])[0];
  if (size === undefined) return null;
  const layout = pricing.layoutField ? valueList(values[pricing.layoutField])[0] : undefined;
  const mix = mixFor(pricing.mixes, size, layout);
  if (!mix) return null;
  return { min: mixCents(mix, pricing.low), max: mixCents(mix, pricing.high) };
}
