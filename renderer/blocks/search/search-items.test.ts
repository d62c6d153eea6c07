import { describe, expect, it } from 'vitest';
import { searchItems } from './search-items';

const items = [
  { name: 'hartford-shaker', title: 'Hartford Shaker', description: 'Five-piece shaker door' },
  { name: 'hartford-shaker', title: 'Door Sample - Sage Green', description: 'Door sample', sku: 'HS-SGE' },
  { name: 'soho-slab', title: 'Soho Slab', description: 'Flat modern door' },
];

describe('searchItems', () => {
  it('needs at least 3 characters', () => {
    expect(searchItems(items, '')).toEqual({ status: 'empty' });
    expect(searchItems(items, ' sh ')).toEqual({ status: 'too-short' });
  });
  it('matches name, title, description and SKU, case-insensitively', () => {
    const titles = (term: string) => {
      const r = searchItems(items, term);
      return r.status === 'results' ? r.items.map((i) => i.title) : r.status;
    };
    expect(titles('SHAKER')).toEqual(['Hartford Shaker', 'Door Sample - Sage Green']);
    expect(titles('hs-sge')).toEqual(['Door Sample - Sage Green']);
    expect(titles('soho-slab')).toEqual(['Soho Slab']);
    expect(titles('modern')).toEqual(['Soho Slab']);
    expect(titles('door')).toEqual(['Door Sample - Sage Green', 'Hartford Shaker', 'Soho Slab']);
    expect(titles('granite')).toEqual([]);
  });
});
