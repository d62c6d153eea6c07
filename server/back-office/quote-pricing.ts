/**
 * A studio quote's money, computed by the server alone: each line's price and weight from the
 * catalog (server/services/sample-catalog.ts), shipping and tax by the store's rules (the content's
 * shippingMethods and taxRules, through the same evaluators as the checkout's computeTotals in
 * server/services/cart-totals.ts). Integer cents throughout; the browser sends SKUs, quantities,
 * finishes and a discount, never an amount.
 *
 * A discount comes off the subtotal before tax: it is spread over the lines by their share of the
 * subtotal, each line is taxed on what is left of it, and the shipping rules see the discounted
 * subtotal (what the customer pays for the goods). Without a discount the result is computeTotals'.
 */
import type { RequestBody } from '../../schemas/api/endpoint';
import { QUOTE_DISCOUNT_TOO_HIGH, type quotePriceEndpoint } from '../../schemas/api/back-office-quotes';
import { validateState, validateZip } from '../../schemas/evaluators/checkout-fields';
import { toCents, toDollars } from '../../schemas/money';
import { resolveShipping } from '../../schemas/shipping-rules';
import type { ShippingMethod } from '../../schemas/shipping.schema';
import { orderTax } from '../../schemas/tax-rules';
import type { TaxRule } from '../../schemas/tax.schema';
import { AWAITING_ADDRESS, NO_METHODS } from '../api/cart';
import { ApiError } from '../http/api-error';
import type { TotalsAddress } from '../services/cart-totals';
import type { CatalogOption, CatalogSample, SampleCatalog } from '../services/sample-catalog';

type PriceBody = RequestBody<typeof quotePriceEndpoint>;
export type QuoteLineInput = PriceBody['lines'][number];
export type DiscountInput = PriceBody['discount'];

export interface QuoteRules {
  shippingMethods: readonly ShippingMethod[];
  taxRules: readonly TaxRule[];
}

export interface QuoteLine {
  item: CatalogSample;
  qty: number;
  options: CatalogOption[];
  notes: string;
}

export interface PricedLine extends QuoteLine {
  rowTotalCents: number;
  discountCents: number;
  taxCents: number;
}

export type QuoteShipping = { kind: 'applied'; method: ShippingMethod; rateCents: number } | { kind: 'unavailable' } | { kind: 'awaiting-address' };

export interface QuotePrice {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  shipping: QuoteShipping;
  shippingCents: number;
  taxCents: number;
  taxPercent: number;
  totalCents: number;
  weight: number;
}

export const UNKNOWN_FINISH = "Choose one of the style's finishes.";

export function notInCatalog(sku: string): string {
  return `Item "${sku.slice(0, 100)}" is not in the catalog.`;
}

function refuse(errors: Record<string, string>): void {
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new ApiError(400, 'validation_failed', first, errors);
}

/** The lines of a request, as catalog items: 400 with `lines.N.sku` for a SKU not in the catalog, `lines.N.finish` for a finish its style lacks. */
export function readQuoteLines(raw: readonly QuoteLineInput[], catalog: SampleCatalog): QuoteLine[] {
  const errors: Record<string, string> = {};
  const lines: QuoteLine[] = [];
  raw.forEach((line, i) => {
    const sku = line.sku.trim();
    const item = catalog.findSample(sku);
    if (!item) {
      errors[`lines.${i}.sku`] = notInCatalog(sku);
      return;
    }
    let finish = item.finish;
    if (line.finish) {
      const wanted = line.finish;
      // A line made in a finish of its own (a door sample) is that finish; another line takes one of its style's.
      const chosen = item.finish ? (item.finish.type === wanted.type && item.finish.value === wanted.value ? item.finish : undefined) : item.finishes?.find((f) => f.type === wanted.type && f.value === wanted.value);
      if (!chosen) {
        errors[`lines.${i}.finish`] = UNKNOWN_FINISH;
        return;
      }
      finish = chosen;
    }
    lines.push({ item, qty: line.qty, options: finish ? [{ ...finish }] : [], notes: (line.notes ?? '').trim() });
  });
  refuse(errors);
  return lines;
}

/** The discount in cents: 400 `discount.value` for more than the subtotal (or above 100 %). */
export function discountCents(discount: DiscountInput, subtotalCents: number): number {
  if (!discount) return 0;
  if (discount.type === 'percent' && discount.value > 100) refuse({ 'discount.value': 'A percent discount is from 0 to 100.' });
  const cents = discount.type === 'percent' ? Math.round((subtotalCents * discount.value) / 100) : toCents(discount.value);
  if (cents > subtotalCents) refuse({ 'discount.value': QUOTE_DISCOUNT_TOO_HIGH });
  return cents;
}

/** Each row's share of the discount, by its share of the subtotal; the shares add up to the discount exactly. */
function spread(discount: number, rows: readonly number[], subtotal: number): number[] {
  if (discount === 0 || subtotal === 0) return rows.map(() => 0);
  let before = 0;
  let running = 0;
  return rows.map((row) => {
    running += row;
    const upTo = Math.round((running * discount) / subtotal);
    const share = upTo - before;
    before = upTo;
    return share;
  });
}

/** An address the checkout would refuse (a made-up state, a ZIP of another state) prices as none: no shipping, no tax yet. */
export function pricingAddress(raw: { state?: string; zipCode?: string; countryId?: string } | null | undefined): TotalsAddress | null {
  if (!raw) return null;
  const state = (raw.state ?? '').trim();
  const zipCode = (raw.zipCode ?? '').trim();
  const countryId = ((raw.countryId ?? '').trim() || 'US').toUpperCase();
  if (validateState(state, countryId) || validateZip(zipCode, state, countryId)) return null;
  return { countryId, state, zipCode };
}

export function priceQuote(lines: readonly QuoteLine[], discount: DiscountInput, address: TotalsAddress | null, rules: QuoteRules): QuotePrice {
  const rows = lines.map((l) => l.item.priceCents * l.qty);
  const subtotalCents = rows.reduce((a, b) => a + b, 0);
  const discountTotal = discountCents(discount, subtotalCents);
  const shares = spread(discountTotal, rows, subtotalCents);
  const netRows = rows.map((row, i) => row - (shares[i] ?? 0));
  let shipping: QuoteShipping = { kind: 'awaiting-address' };
  if (address) {
    const itemCount = lines.reduce((a, l) => a + l.qty, 0);
    const resolved = resolveShipping(rules.shippingMethods, { subtotalCents: subtotalCents - discountTotal, itemCount, countryId: address.countryId, state: address.state, zip: address.zipCode });
    shipping = resolved && 'rateCents' in resolved ? { kind: 'applied', method: resolved.method, rateCents: resolved.rateCents } : { kind: 'unavailable' };
  }
  const shippingCents = shipping.kind === 'applied' ? shipping.rateCents : 0;
  const tax = address ? orderTax(rules.taxRules, { countryId: address.countryId, state: address.state, zip: address.zipCode }, netRows, shippingCents) : { percent: 0, itemTaxCents: rows.map(() => 0), totalTaxCents: 0 };
  return {
    lines: lines.map((l, i) => ({ ...l, rowTotalCents: rows[i] ?? 0, discountCents: shares[i] ?? 0, taxCents: tax.itemTaxCents[i] ?? 0 })),
    subtotalCents,
    discountCents: discountTotal,
    shipping,
    shippingCents,
    taxCents: tax.totalTaxCents,
    taxPercent: tax.percent,
    totalCents: subtotalCents - discountTotal + shippingCents + tax.totalTaxCents,
    weight: Math.round(lines.reduce((a, l) => a + l.item.weight * l.qty, 0) * 1000) / 1000,
  };
}

/** The answer of POST /api/studio/quotes/price (quotePriceSchema), in dollars. */
export function priceView(price: QuotePrice) {
  const s = price.shipping;
  return {
    lines: price.lines.map((l) => ({
      sku: l.item.sku,
      name: l.item.name,
      styleTitle: l.item.styleTitle,
      qty: l.qty,
      price: toDollars(l.item.priceCents),
      rowTotal: toDollars(l.rowTotalCents),
      discount: toDollars(l.discountCents),
      tax: toDollars(l.taxCents),
      options: l.options,
      notes: l.notes,
    })),
    subtotal: toDollars(price.subtotalCents),
    discount: toDollars(price.discountCents),
    shipping:
      s.kind === 'applied'
        ? { method: s.method.type, label: s.method.displayName, amount: toDollars(s.rateCents), message: null }
        : { method: null, label: null, amount: 0, message: s.kind === 'unavailable' ? NO_METHODS : AWAITING_ADDRESS },
    tax: toDollars(price.taxCents),
    taxPercent: price.taxPercent,
    total: toDollars(price.totalCents),
    weight: price.weight,
  };
}
