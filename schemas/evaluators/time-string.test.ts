import { describe, expect, it } from 'vitest';
import { parseTimeString } from './time-string';

describe('popup time strings (002 §9)', () => {
  it('reads s, m, h, d and w', () => {
    expect(parseTimeString('10s')).toBe(10_000);
    expect(parseTimeString('5m')).toBe(300_000);
    expect(parseTimeString('1.5h')).toBe(5_400_000);
    expect(parseTimeString('7d')).toBe(604_800_000);
    expect(parseTimeString('2w')).toBe(1_209_600_000);
  });

  it('defaults to 24h, or to the default given', () => {
    expect(parseTimeString(undefined)).toBe(86_400_000);
    expect(parseTimeString('soon')).toBe(86_400_000);
    expect(parseTimeString(undefined, '10s')).toBe(10_000);
  });
});
