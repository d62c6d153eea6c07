// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pageWindow } from './Pagination';
import { SortSelect } from './SortSelect';
import { useListing, type PaginationType } from './use-listing';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

interface Item {
  name: string;
  date: string;
  tag: string;
}
const items: Item[] = Array.from({ length: 23 }, (_, i) => ({ name: `Item ${String(i + 1).padStart(2, '0')}`, date: `2025-01-${String(i + 1).padStart(2, '0')}`, tag: i % 2 ? 'odd' : 'even' }));
const valuesOf = (item: Item, field: string) => (field === 'tag' ? [item.tag] : []);
const sortKeys = { name: (i: Item) => i.name, date: (i: Item) => i.date };

function Harness({ search, pagination }: { search: string; pagination: PaginationType }) {
  const l = useListing({ items, search: new URLSearchParams(search), filterFields: ['tag'], valuesOf, sortKeys, pageSize: 10, pagination });
  return (
    <div>
      <button type="button" onClick={() => l.setTab('tag', 'odd')}>
        odd tab
      </button>
      <SortSelect value={l.query.sort} onChange={l.setSort} />
      <p data-testid="shown">{l.visible.map((i) => i.name).join(',')}</p>
      <p data-testid="pages">{`${l.page}/${l.totalPages}`}</p>
      {l.visible.length === 0 && <p>No items available</p>}
      <Pagination type={pagination} page={l.page} totalPages={l.totalPages} hasMore={l.hasMore} onPage={l.setPage} onLoadMore={l.loadMore} hrefForPage={l.hrefForPage} />
    </div>
  );
}

describe('listing', () => {
  it('shows the query page of the page-numbers listing and switches pages in place', () => {
    render(<Harness search="page=2&sort=z-a" pagination="page-numbers" />);
    expect(screen.getByTestId('pages').textContent).toBe('2/3');
    expect(screen.getByTestId('shown').textContent!.split(',')[0]).toBe('Item 13');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('?sort=z-a&page=3');
    fireEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(screen.getByTestId('pages').textContent).toBe('3/3');
    expect(window.location.search).toBe('?sort=z-a&page=3');
  });
  it('choosing a filter tab resets the page and keeps the sort', () => {
    render(<Harness search="page=2&sort=newest" pagination="page-numbers" />);
    fireEvent.click(screen.getByRole('button', { name: 'odd tab' }));
    expect(screen.getByTestId('pages').textContent).toBe('1/2');
    expect(window.location.search).toBe('?tag=odd&sort=newest');
    expect(screen.getByTestId('shown').textContent!.startsWith('Item 22')).toBe(true);
  });
  it('load more appends the next page', () => {
    render(<Harness search="" pagination="load-more" />);
    expect(screen.getByTestId('shown').textContent!.split(',')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByTestId('shown').textContent!.split(',')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByTestId('shown').textContent!.split(',')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
  it('sort changes start at page 1 and offer the default options', () => {
    render(<Harness search="page=3" pagination="page-numbers" />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['A-Z', 'Z-A', 'Newest', 'Oldest']);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'oldest' } });
    expect(screen.getByTestId('pages').textContent).toBe('1/3');
  });
  it("a page past the end shows 'No items available'", () => {
    render(<Harness search="page=9" pagination="page-numbers" />);
    expect(screen.getByText('No items available')).toBeTruthy();
  });
  it('windows long page lists', () => {
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});
