import { describe, expect, it } from 'vitest';
import { SWATCH_LIMITS, visibleSwatches } from './swatch-limits';

describe('visibleSwatches', () => {
  const items = Array.from({ length: 14 }, (_, i) => i);
  it('shows the limit and counts the rest for +N', () => {
    expect(visibleSwatches(items, SWATCH_LIMITS.default, false)).toEqual({ visible: items.slice(0, 11), hidden: 3 });
    expect(visibleSwatches(items, SWATCH_LIMITS.styleCard, false).hidden).toBe(5);
    expect(visibleSwatches(items, SWATCH_LIMITS.productList, true)).toEqual({ visible: items, hidden: 0 });
    expect(visibleSwatches(items.slice(0, 9), 9, false).hidden).toBe(0);
  });
});
