import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { orderTax, taxCents, taxPercentFor } from './tax-rules';
import type { TaxRule, TaxRulesDefinition } from './tax.schema';

const demo = (JSON.parse(fs.readFileSync('examples/site/tax-rules.json', 'utf8')) as TaxRulesDefinition).taxRules;
const at = (state: string, zip: string, countryId = 'US') => ({ countryId, state, zip });

describe('taxPercentFor (the demo store)', () => {
  it('prefers the exact ZIP code, then a range, then the state wildcard', () => {
    expect(taxPercentFor(demo, at('CA', '94102'))).toBe(8.625);
    expect(taxPercentFor(demo, at('CA', '90012'))).toBe(9.5);
    expect(taxPercentFor(demo, at('CA', '95014'))).toBe(7.25);
    expect(taxPercentFor(demo, at('NY', '10001'))).toBe(8.875);
    expect(taxPercentFor(demo, at('NY', '14201'))).toBe(4);
  });

  it('is 0 for a state, a country or an address no rule covers', () => {
    expect(taxPercentFor(demo, at('OR', '97201'))).toBe(0);
    expect(taxPercentFor(demo, at('ON', 'M5V', 'CA'))).toBe(0);
    expect(taxPercentFor([], at('CA', '94102'))).toBe(0);
  });

  it('uses a "*" state for the states without their own entry', () => {
    const rules: TaxRule[] = [
      { country: 'US', states: [{ state: '*', zipCodes: [{ zipCode: '*', taxPercentage: 5 }] }, { state: 'OR', zipCodes: [{ zipCode: '97201', taxPercentage: 1 }] }] },
    ];
    expect(taxPercentFor(rules, at('WA', '98101'))).toBe(5);
    expect(taxPercentFor(rules, at('OR', '97201'))).toBe(1);
    expect(taxPercentFor(rules, at('OR', '97301'))).toBe(5);
  });
});

describe('taxCents', () => {
  it('rounds half up to the cent', () => {
    expect(taxCents(10_000, 7.25)).toBe(725);
    expect(taxCents(1_999, 8.875)).toBe(177); // 177.41
    expect(taxCents(200, 8.875)).toBe(18); // 17.75 -> 18
    expect(taxCents(1_000, 8.625)).toBe(86); // 86.25
    expect(taxCents(3_000, 8.625)).toBe(259); // 258.75
    expect(taxCents(12_345, 0)).toBe(0);
  });
});

describe('orderTax', () => {
  it('taxes each row and the shipping separately, then adds them', () => {
    // NY 10001 at 8.875 %: rows $19.99 and $2.00, shipping $249.00.
    const tax = orderTax(demo, at('NY', '10001'), [1_999, 200], 24_900);
    expect(tax).toEqual({ percent: 8.875, itemTaxCents: [177, 18], shippingTaxCents: 2_210, totalTaxCents: 2_405 }); // 2209.875 -> 2210
  });

  it('is zero everywhere for an untaxed address', () => {
    expect(orderTax(demo, at('OR', '97201'), [5_000], 1_250)).toEqual({ percent: 0, itemTaxCents: [0], shippingTaxCents: 0, totalTaxCents: 0 });
  });
});

describe('taxCents (properties)', () => {
  it('is the exact tax rounded to the nearest cent, half up', async () => {
    const fc = await import('fast-check');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 1_500_000 }), (cents, microPercent) => {
        const percent = microPercent / 10_000; // up to 4 decimals, e.g. 8.875
        // The exact tax is cents * microPercent / 1e6 cents; compare in integers, scaled by 2e6:
        // |tax - exact| <= 0.5 cent, and an exact half rounds up, so the difference lies in (-1e6, 1e6].
        const tax = taxCents(cents, percent);
        const diff = 2_000_000 * tax - 2 * cents * microPercent;
        return diff > -1_000_000 && diff <= 1_000_000;
      }),
    );
  });
});
