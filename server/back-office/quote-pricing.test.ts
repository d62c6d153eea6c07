import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../api/commerce-test-kit';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { ApiError } from '../http/api-error';
import { computeTotals } from '../services/cart-totals';
import { sampleCatalog } from '../services/sample-catalog';
import { priceQuote, pricingAddress, readQuoteLines, UNKNOWN_FINISH } from './quote-pricing';

const content = loadContent(path.join(projectRoot, 'examples', 'site'));
const rules = { shippingMethods: content.shippingMethods ?? [], taxRules: content.taxRules ?? [] };
const austin = pricingAddress({ state: 'TX', zipCode: '78701', countryId: 'US' });
const [a, b, c] = demoCatalog.all();

/** A catalog with a cabinet: a line without a finish of its own, that takes one of its style's. */
const cabinet = { sku: 'HS-B24', name: 'Hartford Shaker Base Cabinet 24"', priceCents: 41_900, weight: 48, styleName: 'hartford-shaker', styleTitle: 'Hartford Shaker', isSample: false, finishes: [{ type: 'painted', value: 'sage-green', label: 'Sage Green' }] };
const withCabinet = sampleCatalog([...demoCatalog.all(), cabinet]);

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('a quote priced by the server', () => {
  it('without a discount, charges what the checkout computes for the same lines and address', () => {
    const lines = readQuoteLines([{ sku: a!.sku, qty: 1 }, { sku: b!.sku, qty: 1 }], demoCatalog);
    const price = priceQuote(lines, null, austin, rules);
    const cart = computeTotals(lines.map((l) => ({ sample: l.item, qty: l.qty, customOptions: [] })), austin, rules);
    expect(price).toMatchObject({ subtotalCents: cart.subtotalCents, shippingCents: cart.shippingCents, taxCents: cart.taxCents, totalCents: cart.totalCents, discountCents: 0 });
    expect(price.shipping.kind).toBe('applied');
  });

  it('takes a discount off before tax, spread over the lines to the cent', () => {
    const lines = readQuoteLines([{ sku: 'HS-B24', qty: 3, finish: { type: 'painted', value: 'sage-green' } }, { sku: a!.sku, qty: 1 }], withCabinet);
    const price = priceQuote(lines, { type: 'amount', value: 100 }, austin, rules);
    const subtotal = 3 * 41_900 + a!.priceCents;
    expect(price.subtotalCents).toBe(subtotal);
    expect(price.discountCents).toBe(10_000);
    expect(price.lines.map((l) => l.discountCents).reduce((x, y) => x + y, 0)).toBe(10_000);
    // Texas 6.25 % on what is left of each line, and on shipping (the demo's rule taxes it too).
    const itemTax = price.lines.reduce((t, l) => t + Math.round(((l.rowTotalCents - l.discountCents) * 6.25) / 100), 0);
    expect(price.taxCents).toBeGreaterThanOrEqual(itemTax);
    expect(price.totalCents).toBe(subtotal - 10_000 + price.shippingCents + price.taxCents);
    expect(price.lines[0]!.options).toEqual([{ type: 'painted', value: 'sage-green', label: 'Sage Green' }]);
  });

  it('takes a percent of the subtotal', () => {
    const lines = readQuoteLines([{ sku: 'HS-B24', qty: 2 }], withCabinet);
    expect(priceQuote(lines, { type: 'percent', value: 10 }, null, rules).discountCents).toBe(8_380);
  });

  it('refuses a discount above the subtotal, or above 100 %, naming discount.value', () => {
    const lines = readQuoteLines([{ sku: a!.sku, qty: 1 }], demoCatalog);
    for (const discount of [{ type: 'amount' as const, value: a!.priceCents / 100 + 0.01 }, { type: 'percent' as const, value: 100.5 }]) {
      const err = refusal(() => priceQuote(lines, discount, austin, rules));
      expect(err.status).toBe(400);
      expect(Object.keys(err.fields ?? {})).toEqual(['discount.value']);
    }
  });

  it('refuses a SKU not in the catalog, and a finish its style does not have, by the line', () => {
    const unknown = refusal(() => readQuoteLines([{ sku: a!.sku, qty: 1 }, { sku: 'NOPE-1', qty: 1 }], demoCatalog));
    expect(unknown.fields).toEqual({ 'lines.1.sku': 'Item "NOPE-1" is not in the catalog.' });
    const finish = refusal(() => readQuoteLines([{ sku: 'HS-B24', qty: 1, finish: { type: 'painted', value: 'hot-pink' } }], withCabinet));
    expect(finish.fields).toEqual({ 'lines.0.finish': UNKNOWN_FINISH });
    // A door sample is its own finish: another one is refused.
    const other = c!.finish!.value === a!.finish!.value ? b! : c!;
    const sample = refusal(() => readQuoteLines([{ sku: a!.sku, qty: 1, finish: { type: other.finish!.type, value: other.finish!.value } }], demoCatalog));
    expect(sample.fields).toEqual({ 'lines.0.finish': UNKNOWN_FINISH });
  });

  it('has no shipping or tax without a valid address, and none where no method ships', () => {
    const lines = readQuoteLines([{ sku: 'HS-B24', qty: 1 }], withCabinet);
    expect(pricingAddress({ state: 'TX', zipCode: '10001' })).toBeNull();
    const none = priceQuote(lines, null, null, rules);
    expect(none).toMatchObject({ shipping: { kind: 'awaiting-address' }, shippingCents: 0, taxCents: 0, totalCents: 41_900 });
    const hawaii = priceQuote(lines, null, pricingAddress({ state: 'HI', zipCode: '96813' }), rules);
    expect(hawaii.shipping.kind).toBe('unavailable');
  });
});
