/**
 * Server-computed money for a cart: sample prices from the catalog, shipping from the shipping
 * rules, tax from the tax rules (both pure evaluators in schemas/). Everything in integer cents.
 * A price, total or shipping amount sent by a browser is never read.
 */
import { resolveShipping } from '../../schemas/shipping-rules';
import type { ShippingMethod } from '../../schemas/shipping.schema';
import { orderTax } from '../../schemas/tax-rules';
import type { TaxRule } from '../../schemas/tax.schema';
import { ApiError } from '../http/api-error';
import { isRecord } from './request-input';
import type { CatalogSample, SampleCatalog } from './sample-catalog';

export interface CustomOption {
  type: string;
  label: string;
  value: string;
}

export interface CartLine {
  sample: CatalogSample;
  qty: number;
  customOptions: CustomOption[];
}

export interface TotalsAddress {
  countryId: string;
  state: string;
  zipCode: string;
}

export interface ComputedLine extends CartLine {
  rowTotalCents: number;
  taxCents: number;
  taxPercent: number;
  priceInclTaxCents: number;
  rowWeight: number;
}

export type ShippingOutcome =
  | { kind: 'applied'; method: ShippingMethod; rateCents: number }
  | { kind: 'unavailable' }
  | { kind: 'awaiting-address' };

export interface CartTotals {
  lines: ComputedLine[];
  subtotalCents: number;
  shipping: ShippingOutcome;
  shippingCents: number;
  shippingTaxCents: number;
  /** Items plus shipping tax. */
  taxCents: number;
  taxPercent: number;
  discountCents: number;
  totalCents: number;
  weight: number;
  totalItemCount: number;
}

export const MAX_QTY_PER_SAMPLE = 1;
export const MAX_LINES = 50;

export function maxQtyMessage(name: string): string {
  return `You can order maximum 1 quantity of item "${name}".`;
}

/** The finish as custom options: accepts `finish: {type, value, label}` or `customOptions: [...]`. */
function readOptions(item: Record<string, unknown>): CustomOption[] {
  const raw: unknown[] = Array.isArray(item.customOptions) ? item.customOptions : isRecord(item.finish) ? [item.finish] : isRecord(item.customOptions) ? [item.customOptions] : [];
  const out: CustomOption[] = [];
  for (const o of raw.slice(0, 5)) {
    if (!isRecord(o)) continue;
    const str = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 200) : typeof v === 'number' ? String(v) : '');
    const type = str(o.type);
    const value = str(o.value);
    if (!type && !value) continue;
    out.push({ type, value, label: str(o.label) || value });
  }
  return out;
}

export const QUANTITY_MESSAGE = 'Quantity must be a whole number of at least 1.';

/**
 * A line's quantity: absent is 1; else a whole number of at least 1, as a number or as digits. Not
 * a guess: 000 §5's "a non-number becomes 1" is the cart input's rule in the browser, and an API
 * call that sends -1, 0, 0.5, null or "1e400" means something the store would only misrecord.
 */
function quantityOf(raw: unknown): number | undefined {
  if (raw === undefined) return 1;
  const qty = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return Number.isSafeInteger(qty) && qty >= 1 ? qty : undefined;
}

/** Parses the cart items of a request: each a catalog SKU and a quantity (quantityOf). */
export function readCartLines(rawItems: unknown, catalog: SampleCatalog): CartLine[] {
  if (!Array.isArray(rawItems) || rawItems.length === 0) {
    throw new ApiError(400, 'empty_cart', 'Please select at least one sample.', { items: 'Please select at least one sample.' });
  }
  if (rawItems.length > MAX_LINES) throw new ApiError(400, 'too_many_items', `A cart holds at most ${MAX_LINES} samples.`, { items: `A cart holds at most ${MAX_LINES} samples.` });
  const errors: Record<string, string> = {};
  const lines: CartLine[] = [];
  const qtyBySku = new Map<string, number>();
  rawItems.forEach((raw, i) => {
    if (!isRecord(raw) || typeof raw.sku !== 'string' || raw.sku.trim() === '') {
      errors[`items.${i}.sku`] = 'This field is required';
      return;
    }
    const sample = catalog.findSample(raw.sku.trim());
    if (!sample) {
      errors[`items.${i}.sku`] = `Item "${raw.sku.trim().slice(0, 100)}" is not available.`;
      return;
    }
    const qty = quantityOf(raw.qty);
    if (qty === undefined) {
      errors[`items.${i}.qty`] = QUANTITY_MESSAGE;
      return;
    }
    const total = (qtyBySku.get(sample.sku) ?? 0) + qty;
    qtyBySku.set(sample.sku, total);
    if (qty > MAX_QTY_PER_SAMPLE || total > MAX_QTY_PER_SAMPLE) {
      errors[`items.${i}.qty`] = maxQtyMessage(sample.name);
      return;
    }
    lines.push({ sample, qty, customOptions: readOptions(raw) });
  });
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new ApiError(400, 'invalid_items', first, errors);
  return lines;
}

export function computeTotals(
  lines: readonly CartLine[],
  address: TotalsAddress | null,
  rules: { shippingMethods: readonly ShippingMethod[]; taxRules: readonly TaxRule[] },
): CartTotals {
  const rows = lines.map((l) => l.sample.priceCents * l.qty);
  const subtotalCents = rows.reduce((a, b) => a + b, 0);
  const totalItemCount = lines.reduce((a, l) => a + l.qty, 0);
  const weight = Math.round(lines.reduce((a, l) => a + l.sample.weight * l.qty, 0) * 1000) / 1000;
  let shipping: ShippingOutcome = { kind: 'awaiting-address' };
  if (address) {
    const resolved = resolveShipping(rules.shippingMethods, {
      subtotalCents,
      itemCount: totalItemCount,
      countryId: address.countryId,
      state: address.state,
      zip: address.zipCode,
    });
    shipping = resolved && 'rateCents' in resolved ? { kind: 'applied', method: resolved.method, rateCents: resolved.rateCents } : { kind: 'unavailable' };
  }
  const shippingCents = shipping.kind === 'applied' ? shipping.rateCents : 0;
  const tax = address
    ? orderTax(rules.taxRules, { countryId: address.countryId, state: address.state, zip: address.zipCode }, rows, shippingCents)
    : { percent: 0, itemTaxCents: rows.map(() => 0), shippingTaxCents: 0, totalTaxCents: 0 };
  const computed: ComputedLine[] = lines.map((l, i) => {
    const taxCents = tax.itemTaxCents[i] ?? 0;
    return {
      ...l,
      rowTotalCents: rows[i] ?? 0,
      taxCents,
      taxPercent: tax.percent,
      priceInclTaxCents: l.sample.priceCents + Math.round(taxCents / l.qty),
      rowWeight: Math.round(l.sample.weight * l.qty * 1000) / 1000,
    };
  });
  return {
    lines: computed,
    subtotalCents,
    shipping,
    shippingCents,
    shippingTaxCents: tax.shippingTaxCents,
    taxCents: tax.totalTaxCents,
    taxPercent: tax.percent,
    discountCents: 0,
    totalCents: subtotalCents + shippingCents + tax.totalTaxCents,
    weight,
    totalItemCount,
  };
}
