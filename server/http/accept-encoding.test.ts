import { describe, expect, it } from 'vitest';
import { chooseEncoding, parseAcceptEncoding, type ContentCoding } from './accept-encoding';

describe('chooseEncoding', () => {
  // [Accept-Encoding, chosen when br and gzip are both available]
  const table: [string | undefined, ContentCoding][] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'], // Chrome: gzip listed first, brotli still preferred
    ['gzip, deflate, br', 'br'], // Firefox, Safari
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP, BR', 'br'],
    ['deflate', 'identity'],
    ['zstd', 'identity'],
    ['identity', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br ; q=0.9 , gzip ; q=1', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5', 'br'],
    ['*;q=0', 'identity'], // nothing acceptable: identity all the same (RFC 9110 §12.5.3)
    ['*;q=0, gzip', 'gzip'],
    ['*, br;q=0', 'gzip'],
    ['*, br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=0.5, identity', 'identity'],
    ['gzip;q=0.5, identity;q=0.2', 'gzip'],
    ['identity;q=0', 'identity'],
    ['identity;q=0, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=1', 'br'],
    ['br;q=2, gzip', 'gzip'], // malformed q: that entry is ignored
    ['br;q=abc', 'identity'],
    ['br;q=0.0001, gzip;q=0.1', 'gzip'], // more than three decimals is malformed
    [' , ,br', 'br'],
  ];
  it.each(table)('Accept-Encoding %j -> %s', (header, expected) => {
    expect(chooseEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('offers only the codings available for this response', () => {
    expect(chooseEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
    expect(chooseEncoding('br;q=1, gzip;q=0.5', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('gzip, br', [])).toBe('identity');
  });
});

describe('parseAcceptEncoding', () => {
  it('reads codings in lower case with their q-values', () => {
    expect(parseAcceptEncoding('gzip;q=0.8, BR, *;q=0')).toEqual([
      { coding: 'gzip', q: 0.8 },
      { coding: 'br', q: 1 },
      { coding: '*', q: 0 },
    ]);
  });
});
