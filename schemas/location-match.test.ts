import { describe, expect, it } from 'vitest';
import { pickForAddress, zipMatchRank } from './location-match';

describe('zipMatchRank', () => {
  it('ranks exact over range over wildcard', () => {
    expect(zipMatchRank('96815', '96815')).toBe(3);
    expect(zipMatchRank('96815', '96815-1234')).toBe(3);
    expect(zipMatchRank('90000-90999', '90210')).toBe(2);
    expect(zipMatchRank('90000-90999', '90000')).toBe(2);
    expect(zipMatchRank('90000-90999', '90999')).toBe(2);
    expect(zipMatchRank('90000-90999', '91000')).toBe(0);
    expect(zipMatchRank('02000-02999', '02139')).toBe(2);
    expect(zipMatchRank('*', 'anything')).toBe(1);
    expect(zipMatchRank('96815', '96816')).toBe(0);
    expect(zipMatchRank('90000-90999', 'ABC')).toBe(0);
  });
});

describe('pickForAddress', () => {
  const entries = [
    { state: '*', zips: ['*'], id: 'any state' },
    { state: 'CA', zips: ['*'], id: 'CA any' },
    { state: 'CA', zips: ['90000-90999'], id: 'CA range' },
    { state: 'CA', zips: ['90210'], id: 'CA exact' },
    { state: 'NV', zips: ['89000-89199'], id: 'NV range' },
  ];
  const pick = (state: string, zip: string) => pickForAddress(entries, state, zip, (e) => e.zips)?.id;

  it('prefers an exact ZIP code, then a range, then the wildcard, whatever their order', () => {
    expect(pick('CA', '90210')).toBe('CA exact');
    expect(pick('CA', '90211')).toBe('CA range');
    expect(pick('CA', '94102')).toBe('CA any');
    expect(pick('ca', '94102')).toBe('CA any');
  });

  it('falls back to the "*" state when the state has no entry or none of its entries matches', () => {
    expect(pick('TX', '75001')).toBe('any state');
    expect(pick('NV', '89501')).toBe('any state');
    expect(pick('NV', '89100')).toBe('NV range');
  });

  it('finds nothing when no entry covers the address', () => {
    expect(pickForAddress([{ state: 'CA', zips: ['90210'] }], 'CA', '90211', (e) => e.zips)).toBeUndefined();
  });
});
