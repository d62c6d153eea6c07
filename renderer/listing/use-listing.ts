/**
 * A listing's state from its query (page, sort, filters), shared by the blog, style, gallery and
 * search listings. The first render reads the page's own query (server and browser agree); later
 * changes update the address bar with history.replaceState, so a reload or a shared link shows the
 * same list, without a page load or a scroll jump.
 */
import { useMemo, useState } from 'react';
import {
  applyFilters,
  itemsThroughPage,
  listingSearch,
  pageItems,
  parseListingQuery,
  toggleFilterValue,
  totalPages,
  withFilter,
  withPage,
  withSort,
  withTab,
  type ListingQuery,
} from './listing-query';
import { sortItems, type SortKeys } from './sort-options';

export type PaginationType = 'page-numbers' | 'load-more' | 'infinite-scroll';

export interface ListingOptions<T> {
  items: readonly T[];
  /** The page's query string at render time (usePageQuery()). */
  search: URLSearchParams;
  filterFields?: readonly string[];
  valuesOf?(item: T, field: string): readonly string[];
  sortKeys?: SortKeys<T>;
  defaultSort?: string;
  pageSize: number;
  pagination: PaginationType;
}

export interface Listing<T> {
  query: ListingQuery;
  /** The items to show now: one page (page-numbers) or every page so far (load-more, infinite-scroll). */
  visible: T[];
  total: number;
  totalPages: number;
  /** The page shown: the query's page or 1. */
  page: number;
  hasMore: boolean;
  setTab(field: string, value: string | null): void;
  toggleFilter(field: string, value: string): void;
  setFilter(field: string, values: readonly string[]): void;
  setSort(sort: string): void;
  setPage(page: number): void;
  loadMore(): void;
  /** The href of a page of this listing (for page-number links that work without JavaScript). */
  hrefForPage(page: number): string;
  hrefForTab(field: string, value: string | null): string;
}

function writeUrl(search: string): void {
  if (typeof window === 'undefined') return;
  window.history.replaceState(window.history.state, '', window.location.pathname + search + window.location.hash);
}

export function useListing<T>(opts: ListingOptions<T>): Listing<T> {
  const fields = opts.filterFields ?? [];
  const [query, setQuery] = useState<ListingQuery>(() => parseListingQuery(opts.search, fields));
  const update = (next: ListingQuery) => {
    setQuery(next);
    writeUrl(listingSearch(next, opts.search, fields));
  };
  const valuesOf = opts.valuesOf ?? (() => []);
  const filtered = useMemo(() => {
    const kept = applyFilters(opts.items, query.filters, valuesOf);
    return opts.sortKeys ? sortItems(kept, query.sort ?? opts.defaultSort, opts.sortKeys) : kept;
    // valuesOf and sortKeys are stable by contract (module-level functions).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opts.items, query.filters, query.sort, opts.defaultSort]);
  const pages = totalPages(filtered.length, opts.pageSize);
  const page = query.page;
  const visible = opts.pagination === 'page-numbers' ? pageItems(filtered, page, opts.pageSize) : itemsThroughPage(filtered, page, opts.pageSize);
  return {
    query,
    visible,
    total: filtered.length,
    totalPages: pages,
    page,
    hasMore: page < pages,
    setTab: (field, value) => update(withTab(query, field, value)),
    toggleFilter: (field, value) => update(toggleFilterValue(query, field, value)),
    setFilter: (field, values) => update(withFilter(query, field, values)),
    setSort: (sort) => update(withSort(query, sort)),
    setPage: (p) => update(withPage(query, p)),
    loadMore: () => update(withPage(query, page + 1)),
    hrefForPage: (p) => listingSearch(withPage(query, p), opts.search, fields) || '?',
    hrefForTab: (field, value) => listingSearch(withTab(query, field, value), opts.search, fields) || '?',
  };
}
