import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { computeTotals, maxQtyMessage, QUANTITY_MESSAGE, readCartLines } from './cart-totals';
import { loadSampleCatalog, sampleCatalog } from './sample-catalog';

const dir = path.join(projectRoot, 'examples', 'site');
const content = loadContent(dir);
const catalog = loadSampleCatalog(dir);
const rules = { shippingMethods: content.shippingMethods, taxRules: content.taxRules };
const all = catalog.all();

describe('cart totals', () => {
  it('are whole cents that add up, for any cart and address', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...all.map((s) => s.sku)), { minLength: 1, maxLength: 20 }),
        fc.constantFrom('CA', 'NY', 'NJ', 'TX', 'FL', 'HI', 'AK', 'WA'),
        fc.stringMatching(/^\d{5}$/),
        (skus, state, zipCode) => {
          const lines = readCartLines(skus.map((sku) => ({ sku, qty: 1, price: 0 })), catalog);
          const t = computeTotals(lines, { countryId: 'US', state, zipCode }, rules);
          for (const v of [t.subtotalCents, t.shippingCents, t.taxCents, t.shippingTaxCents, t.totalCents]) expect(Number.isInteger(v)).toBe(true);
          expect(t.subtotalCents).toBe(skus.reduce((a, s) => a + catalog.findSample(s)!.priceCents, 0));
          expect(t.taxCents).toBe(t.lines.reduce((a, l) => a + l.taxCents, 0) + t.shippingTaxCents);
          expect(t.totalCents).toBe(t.subtotalCents + t.shippingCents + t.taxCents - t.discountCents);
          expect(t.totalItemCount).toBe(skus.length);
          if (state === 'HI' || state === 'AK') expect(t.shipping.kind).toBe('unavailable');
          else expect(t.shipping.kind).toBe('applied');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names each finish as the catalog does, whatever words the cart sent with it', () => {
    const sample = catalog.findSample('GI-DG-DS')!;
    const bare = readCartLines([{ sku: sample.sku, qty: 1, finish: { type: 'painted', value: 'dove-gray' } }], catalog)[0]!;
    expect(bare.customOptions).toEqual([{ type: 'painted', value: 'dove-gray', label: 'Dove Gray' }]);
    const worded = readCartLines([{ sku: sample.sku, qty: 1, customOptions: [{ type: 'painted', value: 'dove-gray', label: 'FREE UPGRADE' }] }], catalog)[0]!;
    expect(worded.customOptions).toEqual([{ type: 'painted', value: 'dove-gray', label: 'Dove Gray' }]);
    // An option the catalog does not know keeps the cart's words.
    const other = readCartLines([{ sku: sample.sku, qty: 1, customOptions: [{ type: 'hinge', value: 'Left', label: 'Hinge' }] }], catalog)[0]!;
    expect(other.customOptions).toEqual([{ type: 'hinge', value: 'Left', label: 'Hinge' }]);
  });

  it('ignores browser prices and caps each sample at one', () => {
    const sample = all[0]!;
    expect(() => readCartLines([{ sku: sample.sku, qty: 3 }], catalog)).toThrow(maxQtyMessage(sample.name));
    expect(readCartLines([{ sku: sample.sku, qty: 1, price: 0 }], catalog)[0]).toMatchObject({ qty: 1, sample: { priceCents: sample.priceCents } });
    // A quantity that is not a whole number of at least 1 is refused, not taken as 1 (server/security/order-input.test.ts).
    expect(() => readCartLines([{ sku: sample.sku, qty: 'x' }], catalog)).toThrow(QUANTITY_MESSAGE);
  });

  it('refuses a catalog product that is not a sample: it is sold by quote, never through the sample cart', () => {
    const cabinet = { ...all[0]!, sku: 'HS-B24', name: 'Hartford Shaker Base Cabinet 24"', priceCents: 42_900, isSample: false };
    const withCabinet = sampleCatalog([...all, cabinet]);
    expect(() => readCartLines([{ sku: 'HS-B24', qty: 1 }], withCabinet)).toThrow('Item "HS-B24" is not available.');
    expect(readCartLines([{ sku: all[0]!.sku, qty: 1 }], withCabinet)).toHaveLength(1);
  });
});
