import { describe, expect, it } from 'vitest';
import { codeProblem, inchesText, kindOfCode } from './cabinet-codes';

const base = { width: 24, height: 34.5, depth: 24 };

describe('cabinet codes', () => {
  it.each([
    ['B24', 'base', base],
    ['SB36', 'sink-base', { ...base, width: 36 }],
    ['DB18', 'drawer-base', { ...base, width: 18 }],
    ['W3030', 'wall', { width: 30, height: 30, depth: 12 }],
    ['W0930', 'wall', { width: 9, height: 30, depth: 12 }],
    ['T1884', 'tall', { width: 18, height: 84, depth: 24 }],
    ['BBC42', 'corner', { ...base, width: 42 }],
    ['WDC2430', 'corner', { width: 24, height: 30, depth: 12 }],
    ['F330', 'filler', { width: 3, height: 30, depth: 0.75 }],
    ['BEP24', 'panel', { width: 0.75, height: 34.5, depth: 24 }],
    ['REP2496', 'panel', { width: 1.5, height: 96, depth: 24 }],
    ['CM8', 'moulding', { width: 96, height: 3.5, depth: 2.5 }],
  ] as const)('%s fits a %s of its size', (code, kind, size) => {
    expect(codeProblem(code, kind, size)).toBeNull();
    expect(kindOfCode(code)).toBe(kind);
  });

  it('names the form a kind is coded in when a code is of another kind', () => {
    expect(codeProblem('B24', 'wall', { width: 24, height: 30, depth: 12 })).toBe(`"B24" is not a wall cabinet's code: a wall cabinet is coded W{width}{height}, such as W3030`);
    expect(codeProblem('B24', 'corner', base)).toBe(`"B24" is not a corner cabinet's code: a corner cabinet is coded BBC{width} or LS{width} or WDC{width}{height}, such as BBC42, LS36, WDC2430`);
  });

  it('names the dimension a code says otherwise', () => {
    expect(codeProblem('W3030', 'wall', { width: 24, height: 30, depth: 12 })).toBe('"W3030" says 30″ wide, but its width is 24');
    expect(codeProblem('W3030', 'wall', { width: 30, height: 36, depth: 12 })).toBe('"W3030" says 30″ high, but its height is 36');
    expect(codeProblem('BEP24', 'panel', { width: 0.75, height: 34.5, depth: 12 })).toBe('"BEP24" says 24″ deep, but its depth is 12');
    expect(codeProblem('CM8', 'moulding', { width: 90, height: 3.5, depth: 2.5 })).toBe('"CM8" says 8 feet long (96″), but its width is 90');
  });

  it('writes inches as a person reads them', () => {
    expect([34.5, 0.75, 24, 1.5, 12.125].map(inchesText)).toEqual(['34½"', '¾"', '24"', '1½"', '12.125"']);
  });
});
