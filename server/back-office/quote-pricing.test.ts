import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FREE_LINE_PUBLISHER } from '../../schemas/api/back-office-quotes';
import { demoCatalog } from '../api/commerce-test-kit';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { ApiError } from '../http/api-error';
import { computeTotals } from '../services/cart-totals';
import { CATALOG_PRICE_ONLY, priceQuote, pricingAddress, readQuoteLines, UNKNOWN_FINISH, type QuoteCatalog } from './quote-pricing';

const content = loadContent(path.join(projectRoot, 'examples', 'site'));
const catalog: QuoteCatalog = { samples: demoCatalog, kitchen: content.kitchen };
const rules = { shippingMethods: content.shippingMethods ?? [], taxRules: content.taxRules ?? [] };
const austin = pricingAddress({ state: 'TX', zipCode: '78701', countryId: 'US' });
const [a, b, c] = demoCatalog.all();
const editor = { freeLines: false };
const forestGreen = { type: 'painted', value: 'forest-green' };

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
  it('without a discount, charges for door samples what the checkout computes for the same lines and address', () => {
    const lines = readQuoteLines([{ sku: a!.sku, qty: 1 }, { sku: b!.sku, qty: 1 }], catalog, editor);
    const price = priceQuote(lines, null, austin, rules);
    const cart = computeTotals(lines.map((l) => ({ sample: demoCatalog.findSample(l.sku)!, qty: l.qty, customOptions: [] })), austin, rules);
    expect(price).toMatchObject({ subtotalCents: cart.subtotalCents, shippingCents: cart.shippingCents, taxCents: cart.taxCents, totalCents: cart.totalCents, discountCents: 0 });
    expect(price.shipping.kind).toBe('applied');
  });

  it("prices a cabinet from its list price, its style's group and its finish, and each modification", () => {
    // Hartford Shaker is group A (0 %); Forest Green is +15 %; a glass door on a W3030 adds $104.25.
    const [base, wall] = readQuoteLines([{ sku: 'HS-B24', qty: 6, finish: forestGreen }, { sku: 'HS-W3030', qty: 2, finish: forestGreen, modifications: ['GD'], notes: 'Glass doors on two', group: 'Kitchen — sink wall' }], catalog, editor);
    expect(base).toMatchObject({ unitCents: 33_235, rowTotalCents: 199_410, detail: { kind: 'cabinet', finish: { label: 'Forest Green' } } });
    expect(wall).toMatchObject({ unitCents: 29_785 + 10_425, rowTotalCents: 80_420, notes: 'Glass doors on two', detail: { options: [{ code: 'GD', label: 'Glass door', amount: 104.25, per: 'each' }], group: 'Kitchen — sink wall' } });
  });

  it('prices a countertop by the square foot, entered or from length × depth, with its cut-outs', () => {
    const [entered, measured] = readQuoteLines(
      [
        { sku: 'CT-QUARTZ-CAL', sqft: 42, cutouts: { SINK: 1 } },
        { sku: 'CT-QUARTZ-CAL', length: 120, depth: 25.5, edge: 'BULL' },
      ],
      catalog,
      editor,
    );
    expect(entered).toMatchObject({ qty: 1, rowTotalCents: 42 * 7_500 + 18_500, detail: { measure: { amount: 42, unit: 'sq ft' } } });
    // 120″ × 25.5″ = 21.25 sq ft at $75 + $7 for the half bullnose.
    expect(measured).toMatchObject({ rowTotalCents: Math.round(21.25 * 8_200), detail: { measure: { amount: 21.25, unit: 'sq ft' }, rate: 82 } });
  });

  it('prices a service per unit, per linear foot or fixed', () => {
    const lines = readQuoteLines([{ sku: 'SV-INSTALL', qty: 14 }, { sku: 'SV-REMOVAL', feet: 22 }, { sku: 'SV-DELIVERY' }], catalog, editor);
    expect(lines.map((l) => l.rowTotalCents)).toEqual([14 * 9_500, 22 * 1_850, 25_000]);
  });

  it('takes a discount off before tax, spread over the lines to the cent', () => {
    const lines = readQuoteLines([{ sku: 'HS-B24', qty: 3, finish: forestGreen }, { sku: a!.sku, qty: 1 }], catalog, editor);
    const price = priceQuote(lines, { type: 'amount', value: 100 }, austin, rules);
    const subtotal = 3 * 33_235 + a!.priceCents;
    expect(price.subtotalCents).toBe(subtotal);
    expect(price.discountCents).toBe(10_000);
    expect(price.lines.map((l) => l.discountCents).reduce((x, y) => x + y, 0)).toBe(10_000);
    expect(price.totalCents).toBe(subtotal - 10_000 + price.shippingCents + price.taxCents);
    expect(price.lines.map((l) => l.taxCents).reduce((x, y) => x + y, 0) + price.shippingTaxCents).toBe(price.taxCents);
  });

  it('takes a percent of the subtotal', () => {
    const lines = readQuoteLines([{ sku: 'HS-B24', qty: 2, finish: forestGreen }], catalog, editor);
    expect(priceQuote(lines, { type: 'percent', value: 10 }, null, rules).discountCents).toBe(6_647);
  });

  it('refuses a discount above the subtotal, or above 100 %, naming discount.value', () => {
    const lines = readQuoteLines([{ sku: a!.sku, qty: 1 }], catalog, editor);
    for (const discount of [{ type: 'amount' as const, value: a!.priceCents / 100 + 0.01 }, { type: 'percent' as const, value: 100.5 }]) {
      const err = refusal(() => priceQuote(lines, discount, austin, rules));
      expect(err.status).toBe(400);
      expect(Object.keys(err.fields ?? {})).toEqual(['discount.value']);
    }
  });

  it('refuses a SKU not in the catalog, a finish its style does not have, and a price on a catalog line, by the line', () => {
    const unknown = refusal(() => readQuoteLines([{ sku: a!.sku, qty: 1 }, { sku: 'NOPE-1', qty: 1 }], catalog, editor));
    expect(unknown.fields).toEqual({ 'lines.1.sku': 'Item "NOPE-1" is not in the catalog.' });
    const finish = refusal(() => readQuoteLines([{ sku: 'HS-B24', qty: 1, finish: { type: 'painted', value: 'hot-pink' } }], catalog, editor));
    expect(finish.fields).toEqual({ 'lines.0.finish': UNKNOWN_FINISH });
    const priced = refusal(() => readQuoteLines([{ sku: 'HS-B24', qty: 1, finish: forestGreen, price: 1 }], catalog, editor));
    expect(priced.fields).toEqual({ 'lines.0.price': CATALOG_PRICE_ONLY });
    // A door sample is its own finish: another one is refused.
    const other = c!.finish!.value === a!.finish!.value ? b! : c!;
    const sample = refusal(() => readQuoteLines([{ sku: a!.sku, qty: 1, finish: { type: other.finish!.type, value: other.finish!.value } }], catalog, editor));
    expect(sample.fields).toEqual({ 'lines.0.finish': UNKNOWN_FINISH });
  });

  it("takes a free line's price from a publisher, refuses it from an editor, and lets an editor keep one a draft holds", () => {
    const free = { description: 'Range hood panel', price: 480, group: 'Kitchen — range wall' };
    const [line] = readQuoteLines([free], catalog, { freeLines: true });
    expect(line).toMatchObject({ sku: 'CUSTOM', name: 'Range hood panel', unitCents: 48_000, detail: { kind: 'free', group: 'Kitchen — range wall' } });
    const denied = refusal(() => readQuoteLines([free], catalog, editor));
    expect([denied.status, denied.message]).toEqual([403, FREE_LINE_PUBLISHER]);
    expect(readQuoteLines([free], catalog, { freeLines: false, kept: [{ description: 'Range hood panel', priceCents: 48_000, qty: 1 }] })).toHaveLength(1);
    expect(refusal(() => readQuoteLines([{ ...free, price: 1 }], catalog, { freeLines: false, kept: [{ description: 'Range hood panel', priceCents: 48_000, qty: 1 }] })).status).toBe(403);
  });

  it('has no shipping or tax without a valid address, and none where no method ships', () => {
    const lines = readQuoteLines([{ sku: 'HS-B24', qty: 1, finish: forestGreen }], catalog, editor);
    expect(pricingAddress({ state: 'TX', zipCode: '10001' })).toBeNull();
    const none = priceQuote(lines, null, null, rules);
    expect(none).toMatchObject({ shipping: { kind: 'awaiting-address' }, shippingCents: 0, taxCents: 0, totalCents: 33_235 });
    const hawaii = priceQuote(lines, null, pricingAddress({ state: 'HI', zipCode: '96813' }), rules);
    expect(hawaii.shipping.kind).toBe('unavailable');
  });
});
