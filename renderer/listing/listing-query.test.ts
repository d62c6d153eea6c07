import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  itemsThroughPage,
  listingSearch,
  pageItems,
  parseListingQuery,
  parsePage,
  toggleFilterValue,
  totalPages,
  withFilter,
  withPage,
  withSort,
  withTab,
} from './listing-query';
import { DEFAULT_SORT_OPTIONS, sortItems } from './sort-options';

const fields = ['category', 'finish'];

describe('parseListingQuery', () => {
  it('reads page, sort and multi-valued filters', () => {
    const q = parseListingQuery('?page=3&sort=z-a&finish=white&finish=grey&category=shaker&other=x', fields);
    expect(q).toEqual({ page: 3, sort: 'z-a', filters: { finish: ['white', 'grey'], category: ['shaker'] } });
  });
  it('shows page 1 when the page is absent or not a positive integer', () => {
    expect(parseListingQuery('', fields).page).toBe(1);
    for (const raw of ['0', '-2', 'abc', '1.5', '']) expect(parsePage(raw)).toBe(1);
    expect(parsePage('12')).toBe(12);
  });
  it('ignores empty filter values', () => {
    expect(parseListingQuery('finish=', fields).filters).toEqual({});
  });
});

describe('query transitions', () => {
  const start = parseListingQuery('?page=4&sort=newest&finish=white&query=oak', fields);
  it('changing a filter keeps the sort', () => {
    const next = withFilter(start, 'finish', ['grey']);
    expect(next.sort).toBe('newest');
    expect(next.filters.finish).toEqual(['grey']);
    const toggled = toggleFilterValue(next, 'finish', 'navy');
    expect(toggled.filters.finish).toEqual(['grey', 'navy']);
    expect(toggleFilterValue(toggled, 'finish', 'grey').filters.finish).toEqual(['navy']);
    expect(toggled.sort).toBe('newest');
  });
  it('choosing a filter tab resets the page and keeps the sort', () => {
    const next = withTab(start, 'category', 'slab');
    expect(next.page).toBe(1);
    expect(next.sort).toBe('newest');
    expect(next.filters.category).toEqual(['slab']);
    const all = withTab(next, 'category', null);
    expect(all.filters.category).toBeUndefined();
  });
  it('changing the sort starts at page 1', () => {
    expect(withSort(start, 'a-z')).toMatchObject({ page: 1, sort: 'a-z' });
  });
  it('writes the query back, keeping unknown parameters and leaving out page 1', () => {
    expect(listingSearch(withPage(start, 2), '?page=4&sort=newest&finish=white&query=oak', fields)).toBe('?query=oak&finish=white&sort=newest&page=2');
    expect(listingSearch(withTab(start, 'finish', null), '?query=oak', fields)).toBe('?query=oak&sort=newest');
    expect(listingSearch({ page: 1, sort: undefined, filters: {} }, '', fields)).toBe('');
  });
});

describe('pages', () => {
  it('total pages is ceil(total / page size)', () => {
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(25, 12)).toBe(3);
  });
  it('slices one page or everything through a page', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageItems(items, 3, 10)).toEqual([20, 21, 22, 23, 24]);
    expect(pageItems(items, 4, 10)).toEqual([]);
    expect(itemsThroughPage(items, 2, 10)).toHaveLength(20);
  });
});

describe('applyFilters', () => {
  const items = [
    { name: 'Aspen', finishes: ['White', 'Grey'], category: 'shaker' },
    { name: 'Birch', finishes: ['Navy'], category: 'slab' },
  ];
  const valuesOf = (item: (typeof items)[number], field: string) => (field === 'finish' ? item.finishes : [item.category]);
  it('matches any value within a field and every field', () => {
    expect(applyFilters(items, { finish: ['navy', 'white'] }, valuesOf).map((i) => i.name)).toEqual(['Aspen', 'Birch']);
    expect(applyFilters(items, { finish: ['white'], category: ['slab'] }, valuesOf)).toEqual([]);
    expect(applyFilters(items, {}, valuesOf)).toHaveLength(2);
  });
});

describe('sortItems', () => {
  const items = [
    { name: 'birch', date: '2024-01-05' },
    { name: 'Aspen', date: '2025-03-01' },
    { name: 'cedar', date: undefined },
  ];
  const keys = { name: (i: (typeof items)[number]) => i.name, date: (i: (typeof items)[number]) => i.date };
  it('offers A-Z, Z-A, Newest, Oldest by default', () => {
    expect(DEFAULT_SORT_OPTIONS.map((o) => o.label)).toEqual(['A-Z', 'Z-A', 'Newest', 'Oldest']);
  });
  it('sorts by name and date; undated items go last', () => {
    expect(sortItems(items, undefined, keys).map((i) => i.name)).toEqual(['Aspen', 'birch', 'cedar']);
    expect(sortItems(items, 'z-a', keys).map((i) => i.name)).toEqual(['cedar', 'birch', 'Aspen']);
    expect(sortItems(items, 'newest', keys).map((i) => i.name)).toEqual(['Aspen', 'birch', 'cedar']);
    expect(sortItems(items, 'oldest', keys).map((i) => i.name)).toEqual(['birch', 'Aspen', 'cedar']);
  });
});
