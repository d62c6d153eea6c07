import { describe, expect, it } from 'vitest';
import { divideRounded, priceCabinet, priceCountertop, priceService, squareFeet } from './kitchen-pricing';

describe('the kitchen pricing rule (hand-computed)', () => {
  it('raises a list price by the price group, then the finish, rounding once; a modification adds its price or its percentage of that', () => {
    // $289.50 × 1.12 × 1.06 = $343.6944 -> $343.69; glass door 35 % of it = $120.2915 -> $120.29; finished end $48.
    expect(priceCabinet({ listCents: 28950, groupPercent: 12, finishPercent: 6, modifications: [{ percent: 35 }, { cents: 4800 }] })).toEqual({ baseCents: 34369, modificationCents: [12029, 4800], unitCents: 51198 });
    // $289.50 × 1.125 × 1.07 = $348.485625 -> $348.49 (half up on the exact product, not on a float near it).
    expect(priceCabinet({ listCents: 28950, groupPercent: 12.5, finishPercent: 7, modifications: [] }).unitCents).toBe(34849);
    expect(priceCabinet({ listCents: 10000, groupPercent: 0, finishPercent: 0, modifications: [] }).unitCents).toBe(10000);
  });

  it('prices a countertop per square foot with its edge, plus its cut-outs', () => {
    // ($75 + 15 % ogee = $86.25) × 41.67 sq ft = $3,594.0375 -> $3,594.04; one sink $185, two faucet holes $70.
    expect(priceCountertop({ perSqftCents: 7500, edge: { percent: 15 }, sqft: 41.67, cutouts: [{ cents: 18500, count: 1 }, { cents: 3500, count: 2 }] })).toEqual({
      rateCents: 8625,
      edgeCents: 1125,
      areaCents: 359404,
      cutoutCents: [18500, 7000],
      totalCents: 384904,
    });
  });

  it('measures square feet from inches, to the hundredth', () => {
    expect(squareFeet(120, 25.5)).toBe(21.25);
    expect(squareFeet(100, 25)).toBe(17.36); // 17.3611…
    expect(squareFeet(144, 42)).toBe(42);
  });

  it('prices a service each, per linear foot or at a fixed price', () => {
    expect(priceService('each', 9500, 14)).toBe(133000);
    expect(priceService('linear-foot', 1850, 22.5)).toBe(41625);
    expect(priceService('linear-foot', 1850, 0.33)).toBe(611); // 610.5 -> 611
    expect(priceService('fixed', 25000, 3)).toBe(25000);
  });

  it('rounds half up', () => {
    expect([divideRounded(5, 10), divideRounded(4, 10), divideRounded(15, 10), divideRounded(0, 7)]).toEqual([1, 0, 2, 0]);
  });
});
