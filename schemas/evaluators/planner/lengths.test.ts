import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feetInches, formatFeetInches, formatInches, MAX_LENGTH_INCHES, notALength, parseLength, tooLong } from './lengths';

const inches = (text: string) => {
  const r = parseLength(text);
  return r.error ?? r.sixteenths / 16;
};

describe('typed lengths', () => {
  it.each([
    [`10' 4 1/2"`, 124.5],
    ['124.5', 124.5],
    ['10ft 4in', 124],
    ['316 cm', 1991 / 16],
    [`10′ 4½″`, 124.5],
    [`10'4"`, 124],
    [`10'`, 120],
    [`10' 4`, 124],
    ['124 1/2', 124.5],
    ['124"', 124],
    ['10 feet 4 inches', 124],
    ['10 ft', 120],
    ['3160 mm', 1991 / 16],
    ['3.16 m', 1991 / 16],
    ['1/16', 1 / 16],
    ['  36  ', 36],
    ['0', 0],
  ])('%s is %f inches', (text, expected) => {
    expect(inches(text)).toBe(expected);
  });

  it('316 cm is 124 7/16″ (the nearest sixteenth of 124.409″)', () => {
    expect(formatInches(parseLength('316 cm').sixteenths!)).toBe('124 7/16"');
  });

  it.each(['', 'ten feet', `10' 4 x"`, '-12', '12/0', '1.2.3', `4" 10'`, 'cm'])('"%s" is refused with a message that names it', (text) => {
    const r = parseLength(text);
    expect(r.error).toBe(notALength(text));
    expect(r.error).toContain(`"${text.trim()}"`);
  });

  it(`refuses more than ${MAX_LENGTH_INCHES / 12} feet, naming the input`, () => {
    expect(parseLength(`100'`).sixteenths).toBe(1200 * 16);
    expect(parseLength(`100' 1/16"`).error).toBe(tooLong(`100' 1/16"`));
  });

  it('formats in feet and inches, fractions reduced', () => {
    expect(formatFeetInches(124.5 * 16)).toBe(`10' 4 1/2"`);
    expect(formatFeetInches(120 * 16)).toBe(`10' 0"`);
    expect(formatFeetInches(4.5 * 16)).toBe(`4 1/2"`);
    expect(formatFeetInches(3)).toBe(`3/16"`);
    expect(feetInches(36.0625)).toBe(`3' 1/16"`);
    expect(formatInches(1992)).toBe(`124 1/2"`);
  });

  it('parse(format(x)) = x for every length a plan holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_LENGTH_INCHES * 16 }), (x) => {
        expect(parseLength(formatFeetInches(x)).sixteenths).toBe(x);
        expect(parseLength(formatInches(x)).sixteenths).toBe(x);
      }),
      { numRuns: 500 },
    );
  });
});
