import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveShipping, roundedSubtotalDollars, type ShippingQuery } from './shipping-rules';
import type { ShippingMethod, ShippingMethodsDefinition } from './shipping.schema';

const demo = (JSON.parse(fs.readFileSync('examples/site/shipping-methods.json', 'utf8')) as ShippingMethodsDefinition).shippingMethods;

const ca = (subtotalCents: number, itemCount = 1): ShippingQuery => ({ subtotalCents, itemCount, countryId: 'US', state: 'CA', zip: '94102' });

function rate(methods: readonly ShippingMethod[], q: ShippingQuery): number | 'blocked' | null {
  const r = resolveShipping(methods, q);
  if (r === null) return null;
  return 'blocked' in r ? 'blocked' : r.rateCents;
}

describe('roundedSubtotalDollars', () => {
  it('rounds half up to whole dollars', () => {
    expect(roundedSubtotalDollars(349_949)).toBe(3499);
    expect(roundedSubtotalDollars(349_950)).toBe(3500);
    expect(roundedSubtotalDollars(0)).toBe(0);
  });
});

describe('resolveShipping by order range (the demo store)', () => {
  it('charges $12.50 under $100, $199 up to $3499, and nothing from $3500', () => {
    expect(rate(demo, ca(4_500))).toBe(1_250);
    expect(rate(demo, ca(9_949))).toBe(1_250); // $99.49 rounds to 99
    expect(rate(demo, ca(9_950))).toBe(19_900); // $99.50 rounds to 100
    expect(rate(demo, ca(349_900))).toBe(19_900);
    expect(rate(demo, ca(350_000))).toBe(0);
    expect(rate(demo, ca(1_200_000))).toBe(0);
  });

  it('uses the state range entry before the wildcard state', () => {
    expect(rate(demo, { subtotalCents: 120_000, itemCount: 3, countryId: 'US', state: 'NY', zip: '10001' })).toBe(24_900);
    expect(rate(demo, { subtotalCents: 120_000, itemCount: 3, countryId: 'US', state: 'NY', zip: '14201' })).toBe(19_900);
  });

  it('blocks Hawaii and Alaska at every subtotal', () => {
    for (const subtotalCents of [1_000, 120_000, 400_000]) {
      expect(rate(demo, { subtotalCents, itemCount: 1, countryId: 'US', state: 'HI', zip: '96815' })).toBe('blocked');
      expect(rate(demo, { subtotalCents, itemCount: 1, countryId: 'us', state: 'ak', zip: '99501' })).toBe('blocked');
    }
  });

  it('has no method for another country', () => {
    expect(resolveShipping(demo, { subtotalCents: 10_000, itemCount: 1, countryId: 'CA', state: 'ON', zip: 'M5V' })).toBeNull();
  });

  it('names the method that applies', () => {
    const r = resolveShipping(demo, ca(10_000));
    expect(r && 'rateCents' in r ? r.method.type : null).toBe('standard-freight');
  });
});

const byItem: ShippingMethod = {
  type: 'per-item',
  displayName: 'Per item',
  isEnabled: true,
  calculateRateBy: 'Item',
  rates: {
    byItem: {
      countries: [
        {
          countryId: 'US',
          states: [
            { state: 'CA', zipCodes: ['90001-90899'], ratePerItem: 7.5 },
            { state: 'CA', zipCodes: ['90210'], ratePerItem: 9.99 },
            { state: 'CA', zipCodes: ['*'], ratePerItem: 5 },
            { state: 'OR', zipCodes: ['97000-97299'], isShippingDisabled: true },
            { state: '*', ratePerItem: 3.25 },
          ],
        },
      ],
    },
  },
};

describe('resolveShipping by item', () => {
  const q = (state: string, zip: string, itemCount: number): ShippingQuery => ({ subtotalCents: 5_000, itemCount, countryId: 'US', state, zip });

  it('multiplies the per-item rate by the item count', () => {
    expect(rate([byItem], q('CA', '94102', 4))).toBe(2_000); // 4 x $5
    expect(rate([byItem], q('TX', '75001', 3))).toBe(975); // 3 x $3.25
    expect(rate([byItem], q('TX', '75001', 0))).toBe(0);
  });

  it('picks an exact ZIP code, then a range, then the wildcard', () => {
    expect(rate([byItem], q('CA', '90210', 3))).toBe(2_997); // 3 x $9.99
    expect(rate([byItem], q('CA', '90211', 3))).toBe(2_250); // 3 x $7.50
    expect(rate([byItem], q('CA', '95014', 3))).toBe(1_500); // 3 x $5
  });

  it('blocks the disabled ZIP codes of a state and falls back to "*" for its other ZIP codes', () => {
    expect(rate([byItem], q('OR', '97201', 1))).toBe('blocked');
    expect(rate([byItem], q('OR', '97301', 2))).toBe(650); // not in the disabled range: "*" state
  });
});

describe('resolveShipping across methods', () => {
  const flat = (type: string, rateDollars: number, isEnabled = true): ShippingMethod => ({
    type,
    displayName: type,
    isEnabled,
    calculateRateBy: 'Order',
    rates: { byOrder: { orderRange: [{ startValue: 0, countries: [{ countryId: 'US', states: [{ state: 'CA', rate: rateDollars }] }] }] } },
  });

  it('skips disabled methods and takes the first that covers the address', () => {
    const r = resolveShipping([flat('off', 1, false), byItem, flat('flat', 20)], ca(10_000, 2));
    expect(r && 'rateCents' in r ? [r.method.type, r.rateCents] : r).toEqual(['per-item', 1_000]);
    const r2 = resolveShipping([flat('off', 1, false), flat('flat', 20), byItem], ca(10_000, 2));
    expect(r2 && 'rateCents' in r2 ? [r2.method.type, r2.rateCents] : r2).toEqual(['flat', 2_000]);
  });

  it('returns null when no method is enabled', () => {
    expect(resolveShipping([flat('off', 1, false)], ca(10_000))).toBeNull();
    expect(resolveShipping([], ca(10_000))).toBeNull();
  });

  it('a method by order without a range for the subtotal does not apply', () => {
    const ranged: ShippingMethod = {
      ...flat('ranged', 0),
      rates: { byOrder: { orderRange: [{ startValue: 500, endValue: 1000, countries: [{ countryId: 'US', states: [{ state: '*', rate: 15 }] }] }] } },
    };
    expect(rate([ranged], ca(49_949))).toBeNull(); // $499.49 -> 499
    expect(rate([ranged], ca(49_950))).toBe(1_500); // $499.50 -> 500
    expect(rate([ranged], ca(100_049))).toBe(1_500); // $1000.49 -> 1000
    expect(rate([ranged], ca(100_050))).toBeNull(); // $1000.50 -> 1001
  });
});

describe('resolveShipping (properties)', () => {
  it('a disabled state is blocked at every subtotal, and an exact ZIP entry beats a range and the wildcard', async () => {
    const fc = await import('fast-check');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 10_000, max: 19_999 }), fc.integer({ min: 0, max: 500 }), (subtotalCents, zipNumber, itemCount) => {
        const zip = String(zipNumber);
        const method: ShippingMethod = {
          type: 'p',
          displayName: 'p',
          isEnabled: true,
          calculateRateBy: 'Order',
          rates: {
            byOrder: {
              orderRange: [
                {
                  startValue: 0,
                  countries: [
                    {
                      countryId: 'US',
                      states: [
                        { state: '*', zipCodes: ['*'], rate: 1 },
                        { state: 'NY', zipCodes: ['10000-19999'], rate: 2 },
                        { state: 'NY', zipCodes: [zip], rate: 3 },
                        { state: 'HI', isShippingDisabled: true },
                      ],
                    },
                  ],
                },
              ],
            },
          },
        };
        const ny = resolveShipping([method], { subtotalCents, itemCount, countryId: 'US', state: 'NY', zip });
        const hi = resolveShipping([method], { subtotalCents, itemCount, countryId: 'US', state: 'HI', zip });
        return ny !== null && 'rateCents' in ny && ny.rateCents === 300 && hi !== null && 'blocked' in hi;
      }),
    );
  });
});
