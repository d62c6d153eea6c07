/**
 * The one rule that prices the kitchen catalog's lines, shared by the estimator, the quote builder,
 * the server and the pages that show a quote. Integer cents throughout, rounded half up once per
 * step, so any two places that price the same line get the same cent:
 *
 * - a cabinet: its list price, raised by its style's price group and then by its finish
 *   (list × (1 + group %) × (1 + finish %), rounded once); each modification adds its price, or its
 *   percentage of that (rounded);
 * - a countertop: (the material's price per square foot + the edge's, an amount or a percentage of
 *   the material's) × the square feet, rounded; each cut-out adds its price;
 * - a service: its price per unit × the units; per linear foot × the feet, rounded; or its fixed price.
 *
 * Percentages and quantities carry at most two decimals: they are scaled to whole hundredths first,
 * so the arithmetic below is exact in doubles for any price under a million dollars.
 */

/** Half up for a non-negative numerator (money here is never negative). */
export function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** 12.5 % as 1250 hundredths of a percent; 41.67 sq ft as 4167 hundredths. */
export function hundredths(value: number): number {
  return Math.round(value * 100);
}

/** An option priced by an amount (cents) or by a percentage of what it is added to. */
export type PricedBy = { cents: number } | { percent: number };

/** What an option adds to a base, in cents. */
export function optionCents(option: PricedBy, baseCents: number): number {
  if ('cents' in option) return option.cents;
  return Math.max(0, divideRounded(baseCents * (10000 + hundredths(option.percent)), 10000) - baseCents);
}

export interface CabinetPriceInput {
  listCents: number;
  groupPercent: number;
  finishPercent: number;
  modifications: readonly PricedBy[];
}

export interface CabinetPrice {
  /** The cabinet in its price group and finish, before modifications. */
  baseCents: number;
  /** What each modification adds, in the order given. */
  modificationCents: number[];
  /** One cabinet as quoted. */
  unitCents: number;
}

export function priceCabinet(input: CabinetPriceInput): CabinetPrice {
  const group = 10000 + hundredths(input.groupPercent);
  const finish = 10000 + hundredths(input.finishPercent);
  const baseCents = divideRounded(input.listCents * group * finish, 100_000_000);
  const modificationCents = input.modifications.map((m) => optionCents(m, baseCents));
  return { baseCents, modificationCents, unitCents: baseCents + modificationCents.reduce((a, b) => a + b, 0) };
}

export interface CountertopPriceInput {
  perSqftCents: number;
  edge: PricedBy;
  sqft: number;
  cutouts: readonly { cents: number; count: number }[];
}

export interface CountertopPrice {
  /** The material's and the edge's price per square foot together. */
  rateCents: number;
  edgeCents: number;
  areaCents: number;
  cutoutCents: number[];
  totalCents: number;
}

export function priceCountertop(input: CountertopPriceInput): CountertopPrice {
  const edgeCents = optionCents(input.edge, input.perSqftCents);
  const rateCents = input.perSqftCents + edgeCents;
  const areaCents = divideRounded(rateCents * hundredths(input.sqft), 100);
  const cutoutCents = input.cutouts.map((c) => c.cents * c.count);
  return { rateCents, edgeCents, areaCents, cutoutCents, totalCents: areaCents + cutoutCents.reduce((a, b) => a + b, 0) };
}

/** Square feet of a countertop from its length and depth in inches, to the hundredth. */
export function squareFeet(lengthInches: number, depthInches: number): number {
  return divideRounded(Math.round(lengthInches * 8) * Math.round(depthInches * 8) * 100, 144 * 64) / 100;
}

export type ServiceUnitKind = 'each' | 'linear-foot' | 'fixed';

/** A service's amount: units × price, feet × price (rounded), or the fixed price. */
export function priceService(unit: ServiceUnitKind, priceCents: number, quantity: number): number {
  if (unit === 'fixed') return priceCents;
  if (unit === 'each') return priceCents * quantity;
  return divideRounded(priceCents * hundredths(quantity), 100);
}
