// Invariants of estimatePrice over random pricing tables and choices (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EstimatorPricing } from '../estimator/estimator-pricing.schema';
import type { FormField } from '../forms/form-field.schema';
import { toCents } from '../money';
import { estimatePrice } from './estimator-pricing';

const OPTIONS = ['a', 'b', 'c', 'd'];
const cents = fc.integer({ min: 0, max: 5_000_000 }).map((c) => c / 100);
const range = fc.tuple(cents, cents).map(([x, y]) => ({ min: Math.min(x, y), max: Math.max(x, y) }));
const entry = fc.record({ price: range, labor: range });
const table = fc.dictionary(fc.constantFrom(...OPTIONS), entry);

const fields: FormField[] = [
  {
    name: 'section',
    type: 'group',
    fields: [
      { name: 'one', type: 'radio', options: OPTIONS.map((v) => ({ value: v, label: v })) },
      { name: 'many', type: 'checkbox-group', options: OPTIONS.map((v) => ({ value: v, label: v })) },
      { name: 'nested', type: 'select', dependsOn: ['one'], options: OPTIONS.map((v) => ({ value: v, label: v })) },
    ],
  },
];

describe('estimatePrice invariants', () => {
  it('totals are the sums of the breakdown, final = product + labor, min <= max, all in whole cents', () => {
    fc.assert(
      fc.property(
        table,
        table,
        fc.dictionary(fc.constantFrom(...OPTIONS), table),
        fc.constantFrom(...OPTIONS),
        fc.subarray(OPTIONS),
        fc.constantFrom(...OPTIONS),
        (one, many, nested, oneValue, manyValues, nestedValue) => {
          const pricing: EstimatorPricing = { one, many, nested };
          const r = estimatePrice(fields, { one: oneValue, many: manyValues, nested: nestedValue }, pricing);
          const parts = Object.values(r.breakdown);
          const sum = (pick: (p: (typeof parts)[number]) => number) => parts.reduce((s, p) => s + toCents(pick(p)), 0);
          expect(toCents(r.min)).toBe(sum((p) => p.min));
          expect(toCents(r.max)).toBe(sum((p) => p.max));
          expect(toCents(r.laborMin)).toBe(sum((p) => p.laborMin));
          expect(toCents(r.finalMin)).toBe(toCents(r.min) + toCents(r.laborMin));
          expect(toCents(r.finalMax)).toBe(toCents(r.max) + toCents(r.laborMax));
          expect(r.finalMin).toBeLessThanOrEqual(r.finalMax);
          for (const v of [r.min, r.max, r.laborMin, r.laborMax, r.finalMin, r.finalMax]) expect(Math.round(v * 100)).toBeCloseTo(v * 100, 6);
          // The checkbox-group adds every chosen option that has a price.
          const expectedMany = manyValues.reduce((s, v) => s + toCents(many[v]?.price.min ?? 0), 0);
          expect(toCents(r.breakdown.many?.min ?? 0)).toBe(expectedMany);
        },
      ),
      { numRuns: 300 },
    );
  });
});
