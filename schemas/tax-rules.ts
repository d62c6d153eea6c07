/**
 * Sales tax, shared by the server (which charges it) and the browser (which may show it).
 * The percentage is found by country, then state ("*" state as fallback), then ZIP code (exact, then
 * range, then "*"); no rule means 0. It applies to each item row and to the shipping amount, each
 * rounded to the cent on its own, as the order stores a tax amount per item. Pure; integer cents.
 */
import { pickForAddress, sameCode, zipMatchRank } from './location-match';
import type { TaxRule } from './tax.schema';

export interface TaxAddress {
  countryId: string;
  state: string;
  zip: string;
}

/** The tax percentage (e.g. 7.25) for an address; 0 when no rule covers it. */
export function taxPercentFor(rules: readonly TaxRule[], address: TaxAddress): number {
  const rule = rules.find((r) => sameCode(r.country, address.countryId));
  if (!rule) return 0;
  const state = pickForAddress(rule.states, address.state, address.zip, (s) => s.zipCodes.map((z) => z.zipCode));
  if (!state) return 0;
  let best: { rank: number; percent: number } = { rank: 0, percent: 0 };
  for (const z of state.zipCodes) {
    const rank = zipMatchRank(z.zipCode, address.zip);
    if (rank > best.rank) best = { rank, percent: z.taxPercentage };
  }
  return best.percent;
}

/** Tax on an amount in cents at a percentage, rounded half up to the cent. */
export function taxCents(amountCents: number, percent: number): number {
  // Percent in millionths keeps 7.25 % exact (72_500); the product is an exact integer.
  const micro = Math.round(percent * 10_000);
  const scaled = amountCents * micro;
  return Math.sign(scaled) * Math.floor((Math.abs(scaled) + 500_000) / 1_000_000);
}

export interface OrderTax {
  percent: number;
  /** Tax of each item row, in the order given. */
  itemTaxCents: number[];
  shippingTaxCents: number;
  /** Items plus shipping. */
  totalTaxCents: number;
}

/** The tax of an order: each row total and the shipping amount taxed at the address's percentage. */
export function orderTax(rules: readonly TaxRule[], address: TaxAddress, rowTotalsCents: readonly number[], shippingCents: number): OrderTax {
  const percent = taxPercentFor(rules, address);
  const itemTaxCents = rowTotalsCents.map((row) => taxCents(row, percent));
  const shippingTaxCents = taxCents(shippingCents, percent);
  return { percent, itemTaxCents, shippingTaxCents, totalTaxCents: itemTaxCents.reduce((a, b) => a + b, 0) + shippingTaxCents };
}
