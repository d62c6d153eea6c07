/**
 * The listing query: `page`, `sort` and one parameter per filter
 * field, multi-valued (repeated: `?finish=white&finish=grey`). Rules:
 * - the page shown is the query's page, or 1 when absent or not a positive integer;
 * - changing a filter keeps the sort (and every other parameter);
 * - choosing a filter tab resets the page (the new list starts at its first page);
 * - changing the sort also starts at page 1 (our choice: the old page number means nothing in a new order);
 * - total pages = ceil(total / page size).
 * Parameters the listing does not know (e.g. a search `query`) are kept untouched.
 */
export interface ListingQuery {
  page: number;
  sort: string | undefined;
  /** Selected values per filter field; a field with no values is absent. */
  filters: Record<string, string[]>;
}

export const PAGE_PARAM = 'page';
export const SORT_PARAM = 'sort';

function toParams(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : new URLSearchParams(search);
}

/** Page number from a raw value: a positive integer, otherwise 1. */
export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 ? n : 1;
}

export function parseListingQuery(search: string | URLSearchParams, filterFields: readonly string[]): ListingQuery {
  const params = toParams(search);
  const filters: Record<string, string[]> = {};
  for (const field of filterFields) {
    const values = params.getAll(field).filter((v) => v !== '');
    if (values.length > 0) filters[field] = values;
  }
  return { page: parsePage(params.get(PAGE_PARAM)), sort: params.get(SORT_PARAM) || undefined, filters };
}

/**
 * Writes a listing query back into the search string, keeping parameters it does not own.
 * Page 1 is left out (it is the default), so the first page has one canonical URL.
 */
export function listingSearch(query: ListingQuery, base: string | URLSearchParams, filterFields: readonly string[]): string {
  const params = toParams(base);
  params.delete(PAGE_PARAM);
  params.delete(SORT_PARAM);
  for (const field of filterFields) params.delete(field);
  for (const field of filterFields) for (const value of query.filters[field] ?? []) params.append(field, value);
  if (query.sort) params.set(SORT_PARAM, query.sort);
  if (query.page > 1) params.set(PAGE_PARAM, String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Sets a filter field's values; the sort is kept, as is the page (the caller clamps it). */
export function withFilter(query: ListingQuery, field: string, values: readonly string[]): ListingQuery {
  const filters = { ...query.filters };
  const kept = values.filter((v) => v !== '');
  if (kept.length > 0) filters[field] = [...kept];
  else delete filters[field];
  return { ...query, filters };
}

/** Adds or removes one value of a multi-valued filter field (a checkbox or a swatch). */
export function toggleFilterValue(query: ListingQuery, field: string, value: string): ListingQuery {
  const current = query.filters[field] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return withFilter(query, field, next);
}

/** Choosing a filter tab: one value (or none for 'All'), page back to 1, sort kept. */
export function withTab(query: ListingQuery, field: string, value: string | null): ListingQuery {
  return { ...withFilter(query, field, value === null ? [] : [value]), page: 1 };
}

export function withSort(query: ListingQuery, sort: string | undefined): ListingQuery {
  return { ...query, sort, page: 1 };
}

export function withPage(query: ListingQuery, page: number): ListingQuery {
  return { ...query, page: Math.max(1, Math.floor(page)) };
}

export function totalPages(total: number, pageSize: number): number {
  if (pageSize <= 0) return total > 0 ? 1 : 0;
  return Math.ceil(total / pageSize);
}

/** The items of one page (1-based). */
export function pageItems<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** The items up to and including a page: what load-more and infinite-scroll show. */
export function itemsThroughPage<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice(0, Math.max(1, page) * pageSize);
}

/**
 * Keeps the items that match every active filter field (values within one field are alternatives).
 * `valuesOf` returns the item's values for a field (an item may have several, e.g. finishes).
 */
export function applyFilters<T>(items: readonly T[], filters: Record<string, string[]>, valuesOf: (item: T, field: string) => readonly string[]): T[] {
  const active = Object.entries(filters).filter(([, values]) => values.length > 0);
  if (active.length === 0) return [...items];
  return items.filter((item) =>
    active.every(([field, wanted]) => {
      const have = valuesOf(item, field).map((v) => v.toLowerCase());
      return wanted.some((w) => have.includes(w.toLowerCase()));
    }),
  );
}
