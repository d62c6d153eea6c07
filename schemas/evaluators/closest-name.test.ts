// The one "did you mean": right where a name is a slip, silent where it is not, and bounded in its
// work whatever it is given (a 100 kB code from a cabinet list costs what a short one does).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance, closestName, didYouMean, MAX_SUGGESTED_NAME, SUGGESTION_WORK_LIMIT, type SuggestionMeter } from './closest-name';

/** The whole matrix, as the store computed it before: the reference the bounded one must agree with. */
function fullDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const codes = Array.from({ length: 400 }, (_, i) => `${['B', 'W', 'SB', 'DB', 'UF', 'TK'][i % 6]}${12 + (i % 37)}${i >= 222 ? `-${i}` : ''}`);

describe('closestName', () => {
  it('suggests a slip and stays silent on a stranger', () => {
    expect(closestName('childern', ['label', 'path', 'children', 'megaMenu'])).toBe('children');
    expect(closestName('taxpercentage', ['zipCode', 'taxPercentage'])).toBe('taxPercentage');
    expect(closestName('B2A', ['W30', 'B24', 'B30'])).toBe('B24');
    expect(closestName('colour', ['type', 'displayName', 'isEnabled'])).toBeUndefined();
    expect(didYouMean('txet', ['text', 'steps'])).toBe(' (did you mean "text"?)');
    expect(didYouMean('carousel-of-doom', ['text', 'banner'])).toBe('');
  });

  it('takes a wider tolerance when asked (the editor\'s block types)', () => {
    expect(closestName('bnaer', ['banner', 'text'])).toBeUndefined();
    expect(closestName('bnaer', ['banner', 'text'], { tolerance: (n) => Math.max(2, Math.floor(n / 3)) })).toBe('banner');
  });

  it('computes the same distance as the whole matrix, up to its cut-off', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
        expect(boundedEditDistance(a, b, max)).toBe(Math.min(fullDistance(a, b), max + 1));
      }),
      { numRuns: 2000 },
    );
  });

  it('does bounded work for a 100 kB unknown code, against hundreds of codes', () => {
    const calibration: SuggestionMeter = { cells: 0 };
    closestName('B2', codes, { meter: calibration });
    const long: SuggestionMeter = { cells: 0 };
    const huge = 'B24'.repeat(34_000);
    expect(closestName(huge, codes, { meter: long })).toBeUndefined();
    expect(long.cells).toBeLessThanOrEqual(calibration.cells);
    // A name just under the cap, against long candidates: the budget holds the work, not the input.
    const candidates = Array.from({ length: 2000 }, (_, i) => `${'x'.repeat(MAX_SUGGESTED_NAME - 2)}${i}`);
    const capped: SuggestionMeter = { cells: 0 };
    closestName('y'.repeat(MAX_SUGGESTED_NAME), candidates, { meter: capped });
    expect(capped.cells).toBeLessThanOrEqual(SUGGESTION_WORK_LIMIT + 2 * MAX_SUGGESTED_NAME * MAX_SUGGESTED_NAME);
    // The unbounded matrix would have computed every cell of every pair.
    expect(capped.cells).toBeLessThan(candidates.length * MAX_SUGGESTED_NAME * MAX_SUGGESTED_NAME);
  });

  it('does bounded work where one long candidate sits among short names', () => {
    const meter: SuggestionMeter = { cells: 0 };
    expect(closestName('b24', ['B24'.repeat(30_000), 'W30', 'B24'], { meter })).toBe('B24');
    expect(meter.cells).toBeLessThan(20);
  });
});
