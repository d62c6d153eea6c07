/**
 * Server-computed money for a cart: sample prices from the catalog, shipping from the shipping
 * rules, tax from the tax rules (both pure evaluators in schemas/). Everything in integer cents.
 * A price, total or shipping amount sent by a browser is never read.
 */
import { resolveShipping } from '../../schemas/shipping-rules';
import type { ShippingMethod } from '../../schemas/shipping.schema';
import { orderTax } from '../../schemas/tax-rules';
import type { TaxRule } from '../../schemas/tax.schema';
import type { FromSchema } from 'json-schema-to-ts';
import { EMPTY_CART_MESSAGE, MAX_LINES, QUANTITY_MESSAGE, cartItemsSchema } from '../../schemas/api/orders';
import { ApiError } from '../http/api-error';
import { errorCode, fieldErrors, validatorOf } from '../http/contract';
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
export { MAX_LINES, QUANTITY_MESSAGE };

export function maxQtyMessage(name: string): string {
  return `You can order maximum 1 quantity of item "${name}".`;
}

/** The cart lines of a request, as their contract has checked them (schemas/api/orders.ts). */
export type CartItemsInput = FromSchema<typeof cartItemsSchema>;
type OptionInput = { type?: string; value?: string; label?: string };

/** The finish as custom options: `finish: {type, value, label}` or `customOptions: [...]` (or one object). */
function readOptions(item: CartItemsInput[number]): CustomOption[] {
  const raw: OptionInput[] = Array.isArray(item.customOptions) ? item.customOptions : item.finish ? [item.finish] : item.customOptions ? [item.customOptions as OptionInput] : [];
  const out: CustomOption[] = [];
  for (const o of raw.slice(0, 5)) {
    const type = (o.type ?? '').trim();
    const value = (o.value ?? '').trim();
    if (!type && !value) continue;
    out.push({ type, value, label: (o.label ?? '').trim() || value });
  }
  return out;
}

/**
 * Each finish named as the catalog names it: a cart that sent `{value: 'dove-gray'}` without a label
 * (or with a label of its own) is a "Dove Gray" line in the order and its e-mails, never
 * "Finish: dove-gray". An option the catalog does not know keeps the cart's words.
 */
function namedByCatalog(options: CustomOption[], sample: CatalogSample): CustomOption[] {
  const known = [...(sample.finish ? [sample.finish] : []), ...(sample.finishes ?? [])];
  return options.map((o) => {
    const finish = known.find((f) => f.value === o.value && (!o.type || f.type === o.type));
    return finish ? { type: finish.type, value: finish.value, label: finish.label } : o;
  });
}

/**
 * The cart lines of a request: checked by the cart's schema (schemas/api/orders.ts, the one its
 * endpoints' contracts hold, so a direct caller gets the same refusals), then against what a schema
 * cannot say: the catalog (the SKU is a sample's: a product sold only by quote, `isSample: false`,
 * is not for the sample cart) and one unit per sample across lines.
 */
export function readCartLines(rawItems: unknown, catalog: SampleCatalog): CartLine[] {
  const validate = validatorOf(cartItemsSchema);
  if (!validate(rawItems)) {
    const fields = Object.fromEntries(Object.entries(fieldErrors(validate.errors ?? [])).map(([name, message]) => [name ? `items.${name}` : 'items', message]));
    throw new ApiError(400, errorCode(cartItemsSchema, validate.errors ?? []), Object.values(fields)[0] ?? EMPTY_CART_MESSAGE, fields);
  }
  const items = rawItems as CartItemsInput;
  const errors: Record<string, string> = {};
  const lines: CartLine[] = [];
  const qtyBySku = new Map<string, number>();
  items.forEach((item, i) => {
    const sku = item.sku.trim();
    const sample = catalog.findSample(sku);
    if (!sample || sample.isSample === false) {
      errors[`items.${i}.sku`] = `Item "${sku.slice(0, 100)}" is not available.`;
      return;
    }
    // The schema took a whole number of at least 1, as a number or as digits; absent is 1.
    const qty = item.qty === undefined ? 1 : Number(String(item.qty).trim());
    const total = (qtyBySku.get(sample.sku) ?? 0) + qty;
    qtyBySku.set(sample.sku, total);
    if (qty > MAX_QTY_PER_SAMPLE || total > MAX_QTY_PER_SAMPLE) {
      errors[`items.${i}.qty`] = maxQtyMessage(sample.name);
      return;
    }
    lines.push({ sample, qty, customOptions: namedByCatalog(readOptions(item), sample) });
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
      // A cart holds door samples only: the parcel method takes it whatever its subtotal.
      samplesOnly: true,
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
