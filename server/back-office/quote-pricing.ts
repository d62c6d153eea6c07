/**
 * A quote's money, computed by the server alone: each line from the catalog (a cabinet, countertop or
 * service of the kitchen catalog by schemas/evaluators/kitchen-lines.ts, a door sample from the
 * sample catalog), shipping and tax by the store's rules (the content's shippingMethods and taxRules,
 * through the same evaluators as the checkout's computeTotals in server/services/cart-totals.ts).
 * Integer cents throughout. The browser sends SKUs, quantities, choices and a discount; the one
 * amount it may send is a free line's price, and only a publisher may add a free line (one already
 * on a draft may stay as it is).
 *
 * A discount comes off the subtotal before tax: it is spread over the lines by their share of the
 * subtotal, each line is taxed on what is left of it, and the shipping rules see the discounted
 * subtotal (what the customer pays for the goods). Without a discount the result is computeTotals'.
 */
import type { RequestBody } from '../../schemas/api/endpoint';
import { FREE_LINE_PUBLISHER, QUOTE_DISCOUNT_TOO_HIGH, type quotePriceEndpoint } from '../../schemas/api/back-office-quotes';
import type { KitchenCatalog } from '../../schemas/catalog/kitchen-catalog';
import { validateState, validateZip } from '../../schemas/evaluators/checkout-fields';
import { priceKitchenLine } from '../../schemas/evaluators/kitchen-lines';
import { FREE_LINE_CODE, type LineDetail } from '../../schemas/evaluators/quote-lines';
import { toCents, toDollars } from '../../schemas/money';
import { resolveShipping } from '../../schemas/shipping-rules';
import type { ShippingMethod } from '../../schemas/shipping.schema';
import { orderTax } from '../../schemas/tax-rules';
import type { TaxRule } from '../../schemas/tax.schema';
import { AWAITING_ADDRESS, NO_METHODS } from '../api/cart';
import { ApiError } from '../http/api-error';
import type { TotalsAddress } from '../services/cart-totals';
import type { CatalogOption, SampleCatalog } from '../services/sample-catalog';

type PriceBody = RequestBody<typeof quotePriceEndpoint>;
export type QuoteLineInput = PriceBody['lines'][number];
export type DiscountInput = PriceBody['discount'];

export interface QuoteRules {
  shippingMethods: readonly ShippingMethod[];
  taxRules: readonly TaxRule[];
}

/** What a quote's lines are priced from: door samples, and the kitchen catalog's cabinets, countertops and services. */
export interface QuoteCatalog {
  samples: SampleCatalog;
  kitchen: KitchenCatalog;
}

/** A line as priced, whatever it is: what the quote stores and every page shows. */
export interface QuoteLine {
  sku: string;
  name: string;
  styleTitle: string;
  qty: number;
  unitCents: number;
  rowTotalCents: number;
  weight: number;
  /** A door sample's finish. */
  options: CatalogOption[];
  /** A kitchen line's or a free line's words. */
  detail?: LineDetail;
  notes: string;
}

export interface PricedLine extends QuoteLine {
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
  shippingTaxCents: number;
  taxPercent: number;
  totalCents: number;
  weight: number;
}

export const UNKNOWN_FINISH = "Choose one of the style's finishes.";
export const CATALOG_PRICE_ONLY = "A catalog line's price is the catalog's: only a free line (a description, no SKU) has a price.";
export const FREE_LINE_INCOMPLETE = 'A free line needs a description and a price.';

export function notInCatalog(sku: string): string {
  return `Item "${sku.slice(0, 100)}" is not in the catalog.`;
}

function refuse(errors: Record<string, string>): void {
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new ApiError(400, 'validation_failed', first, errors);
}

/** A free line as a draft keeps it: an editor may keep one a publisher added, not change or add one. */
export interface FreeLine {
  description: string;
  priceCents: number;
  qty: number;
}

export function sameFreeLine(a: FreeLine, b: FreeLine): boolean {
  return a.description === b.description && a.priceCents === b.priceCents && a.qty === b.qty;
}

/** Who is asking, for the rights a line needs. */
export interface LineRights {
  /** A publisher or an admin: may add a free line. */
  freeLines: boolean;
  /** Free lines already on the draft, which anyone editing it may keep as they are. */
  kept?: readonly FreeLine[];
}

/** The free lines of a request (description, price in cents and quantity), as the rights compare them. */
export function freeLinesOf(raw: readonly QuoteLineInput[]): FreeLine[] {
  return raw.flatMap((l) => (l.sku === undefined && l.description !== undefined && l.price !== undefined ? [{ description: l.description.trim(), priceCents: toCents(l.price), qty: l.qty ?? 1 }] : []));
}

function sampleLine(raw: QuoteLineInput, sku: string, samples: SampleCatalog, at: string, errors: Record<string, string>): QuoteLine | null {
  const item = samples.findSample(sku);
  if (!item) {
    errors[`${at}.sku`] = notInCatalog(sku);
    return null;
  }
  let finish = item.finish;
  if (raw.finish) {
    const wanted = raw.finish;
    // A door sample is made in its finish: another is refused.
    const chosen = item.finish ? (item.finish.type === wanted.type && item.finish.value === wanted.value ? item.finish : undefined) : item.finishes?.find((f) => f.type === wanted.type && f.value === wanted.value);
    if (!chosen) {
      errors[`${at}.finish`] = UNKNOWN_FINISH;
      return null;
    }
    finish = chosen;
  }
  const qty = raw.qty ?? 1;
  return { sku: item.sku, name: item.name, styleTitle: item.styleTitle, qty, unitCents: item.priceCents, rowTotalCents: item.priceCents * qty, weight: item.weight * qty, options: finish ? [{ ...finish }] : [], notes: (raw.notes ?? '').trim() };
}

/**
 * The lines of a request: 400 with the field of each problem (`lines.N.sku` for a SKU not in the
 * catalog, `lines.N.finish` for a finish its style lacks …); 403 for a free line the caller may not add.
 */
export function readQuoteLines(raw: readonly QuoteLineInput[], catalog: QuoteCatalog, rights: LineRights): QuoteLine[] {
  const errors: Record<string, string> = {};
  const lines: QuoteLine[] = [];
  raw.forEach((line, i) => {
    const at = `lines.${i}`;
    const notes = (line.notes ?? '').trim();
    const group = line.group?.trim() || undefined;
    if (line.sku === undefined) {
      const description = (line.description ?? '').trim();
      if (!description || line.price === undefined) {
        errors[`${at}.${description ? 'price' : 'description'}`] = FREE_LINE_INCOMPLETE;
        return;
      }
      const free = { description, priceCents: toCents(line.price), qty: line.qty ?? 1 };
      if (!rights.freeLines && !(rights.kept ?? []).some((k) => sameFreeLine(k, free))) throw new ApiError(403, 'forbidden', FREE_LINE_PUBLISHER, { [`${at}.price`]: FREE_LINE_PUBLISHER });
      lines.push({
        sku: FREE_LINE_CODE,
        name: description,
        styleTitle: '',
        qty: free.qty,
        unitCents: free.priceCents,
        rowTotalCents: free.priceCents * free.qty,
        weight: 0,
        options: [],
        detail: { kind: 'free', description, options: [], ...(group ? { group } : {}) },
        notes,
      });
      return;
    }
    const sku = line.sku.trim();
    if (line.price !== undefined) {
      errors[`${at}.price`] = CATALOG_PRICE_ONLY;
      return;
    }
    const entry = catalog.kitchen.find(sku);
    if (!entry) {
      const sample = sampleLine(line, sku, catalog.samples, at, errors);
      if (sample) lines.push(sample);
      return;
    }
    const priced = priceKitchenLine(entry, { ...line, group });
    if (priced.errors) {
      for (const [field, message] of Object.entries(priced.errors)) errors[`${at}.${field}`] = message;
      return;
    }
    const k = priced.line;
    lines.push({ sku, name: k.name, styleTitle: entry.kind === 'cabinet' ? entry.styleTitle : '', qty: k.qty, unitCents: k.unitCents, rowTotalCents: k.rowTotalCents, weight: k.weight, options: [], detail: k.detail, notes });
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

/** The discount as a percentage of the subtotal, to the hundredth: what the store's limit is compared with. */
export function discountPercent(discount: number, subtotal: number): number {
  return subtotal > 0 ? Math.round((discount * 10000) / subtotal) / 100 : 0;
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
  const rows = lines.map((l) => l.rowTotalCents);
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
  const itemTaxCents = tax.itemTaxCents.reduce((a, b) => a + b, 0);
  return {
    lines: lines.map((l, i) => ({ ...l, discountCents: shares[i] ?? 0, taxCents: tax.itemTaxCents[i] ?? 0 })),
    subtotalCents,
    discountCents: discountTotal,
    shipping,
    shippingCents,
    taxCents: tax.totalTaxCents,
    shippingTaxCents: tax.totalTaxCents - itemTaxCents,
    taxPercent: tax.percent,
    totalCents: subtotalCents - discountTotal + shippingCents + tax.totalTaxCents,
    weight: Math.round(lines.reduce((a, l) => a + l.weight, 0) * 1000) / 1000,
  };
}

/** A priced line in the API's words: dollars, and the detail every page formats with lineWords. */
export function lineView(l: QuoteLine) {
  return {
    sku: l.sku,
    name: l.name,
    styleTitle: l.styleTitle,
    qty: l.qty,
    price: toDollars(l.unitCents),
    rowTotal: toDollars(l.rowTotalCents),
    options: l.options,
    ...(l.detail ? { detail: l.detail } : {}),
    notes: l.notes,
  };
}

/** The answer of POST /api/studio/quotes/price (quotePriceSchema), in dollars. */
export function priceView(price: QuotePrice, approval: { discountPercent: number; limitPercent: number; needsPublisher: boolean }) {
  const s = price.shipping;
  return {
    lines: price.lines.map((l) => ({ ...lineView(l), discount: toDollars(l.discountCents), tax: toDollars(l.taxCents) })),
    subtotal: toDollars(price.subtotalCents),
    discount: toDollars(price.discountCents),
    shipping:
      s.kind === 'applied'
        ? { method: s.method.type, label: s.method.displayName, amount: toDollars(s.rateCents), message: null }
        : { method: null, label: null, amount: 0, message: s.kind === 'unavailable' ? NO_METHODS : AWAITING_ADDRESS },
    tax: toDollars(price.taxCents),
    shippingTax: toDollars(price.shippingTaxCents),
    taxPercent: price.taxPercent,
    total: toDollars(price.totalCents),
    weight: price.weight,
    approval,
  };
}
