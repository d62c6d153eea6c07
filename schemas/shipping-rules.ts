/**
 * The shipping rate of an order, shared by the server (which charges it) and the browser
 * (which may show it). Pure; amounts in integer cents.
 *
 * - Methods are tried in order; disabled methods are skipped.
 * - By order: the subtotal rounded to whole dollars (half up) is compared with each range's
 *   startValue and endValue, both included; a range without endValue has no upper bound.
 * - By item: the state entry's ratePerItem times the number of items.
 * - The address picks a state entry: the state's own entries before the "*" state; inside them an
 *   exact ZIP code before a range before "*".
 * - An order of samples only (samplesOnly) ignores the subtotal in a method marked
 *   samplesAtAnyAmount: a sample cart of any size ships by parcel, not by freight.
 * - The first method with an entry for the address decides: its rate, or, when that entry has
 *   isShippingDisabled, shipping is blocked. No entry in any method: null (no shipping method).
 */
import { pickForAddress, sameCode } from './location-match';
import { toCents } from './money';
import type { ShippingMethod } from './shipping.schema';

export interface ShippingQuery {
  /** Sum of the item row totals, in cents. */
  subtotalCents: number;
  /** Number of items (the sum of quantities). */
  itemCount: number;
  countryId: string;
  state: string;
  zip: string;
  /** Every line is a door sample (the cart); unset for quotes and bare rate look-ups. */
  samplesOnly?: boolean;
}

export type ShippingResolution =
  | { method: ShippingMethod; rateCents: number }
  | { blocked: true; method: ShippingMethod }
  | null;

/** The subtotal in whole dollars, rounded half up, as the ranges compare it. */
export function roundedSubtotalDollars(subtotalCents: number): number {
  return Math.floor((subtotalCents + 50) / 100);
}

function inRange(range: { startValue: number; endValue?: number }, dollars: number): boolean {
  return dollars >= range.startValue && (range.endValue === undefined || dollars <= range.endValue);
}

type Decision = { rateCents: number } | { blocked: true } | undefined;

function decideByOrder(method: ShippingMethod, q: ShippingQuery): Decision {
  const dollars = roundedSubtotalDollars(q.subtotalCents);
  const anyAmount = method.samplesAtAnyAmount === true && q.samplesOnly === true;
  for (const range of method.rates.byOrder?.orderRange ?? []) {
    if (!anyAmount && !inRange(range, dollars)) continue;
    const country = range.countries.find((c) => sameCode(c.countryId, q.countryId));
    if (!country) continue;
    const entry = pickForAddress(country.states, q.state, q.zip, (s) => s.zipCodes);
    if (!entry) continue;
    if (entry.isShippingDisabled) return { blocked: true };
    return { rateCents: toCents(entry.rate ?? 0) };
  }
  return undefined;
}

function decideByItem(method: ShippingMethod, q: ShippingQuery): Decision {
  const country = method.rates.byItem?.countries.find((c) => sameCode(c.countryId, q.countryId));
  if (!country) return undefined;
  const entry = pickForAddress(country.states, q.state, q.zip, (s) => s.zipCodes);
  if (!entry) return undefined;
  if (entry.isShippingDisabled) return { blocked: true };
  return { rateCents: toCents(entry.ratePerItem ?? 0) * Math.max(0, Math.trunc(q.itemCount)) };
}

/** The shipping method and rate for an order, `{blocked: true}` when the address is excluded, or null. */
export function resolveShipping(methods: readonly ShippingMethod[], q: ShippingQuery): ShippingResolution {
  for (const method of methods) {
    if (!method.isEnabled) continue;
    const decision = method.calculateRateBy === 'Order' ? decideByOrder(method, q) : decideByItem(method, q);
    if (!decision) continue;
    return 'blocked' in decision ? { blocked: true, method } : { method, rateCents: decision.rateCents };
  }
  return null;
}
