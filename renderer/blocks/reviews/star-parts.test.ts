import { describe, expect, it } from 'vitest';
import { starParts } from './star-parts';

describe('starParts', () => {
  it('draws halves and clamps to 5', () => {
    expect(starParts(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starParts(4.26)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starParts(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starParts(9)).toEqual(Array(5).fill('full'));
    expect(starParts(-1)).toEqual(Array(5).fill('empty'));
    expect(starParts(Number.NaN)).toEqual(Array(5).fill('empty'));
  });
});
