// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageViewContext } from '../../page-context';
import { fixtureStore } from '../testing/catalog-fixture';
import { testContext } from '../testing/block-context';
import { CategoryShowcaseBlock, ProductCategoriesBlock, selectCategoryShowcaseData, selectProductCategoriesData } from './CategoryBlocks';
import { selectStyleListingData, StyleListingBlock } from './StyleListingBlock';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const showcase = { type: 'category-showcase' as const };

function withPage(url: string, node: ReactNode) {
  return <PageViewContext.Provider value={{ url }}>{node}</PageViewContext.Provider>;
}

describe('category showcase', () => {
  it('shows the styles with previous and next categories (wrapping)', () => {
    const ctx = testContext({ store: fixtureStore(), params: { categorySlug: 'kitchen-cabinets' } });
    const data = selectCategoryShowcaseData(showcase, ctx);
    render(<CategoryShowcaseBlock block={showcase} data={data} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Kitchen Cabinets' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hartford Shaker' }).getAttribute('href')).toBe('/products/kitchen-cabinets/hartford-shaker');
    expect(screen.getByRole('link', { name: /Previous: RTA Cabinets/ }).getAttribute('href')).toBe('/products/rta-cabinets');
    expect(screen.getByRole('link', { name: /Next: Bathroom Vanities/ }).getAttribute('href')).toBe('/products/bathroom-vanities');
  });
  it('puts category links under the categoryPath setting', () => {
    const ctx = testContext({ store: fixtureStore(), params: { categorySlug: 'kitchen-cabinets' } });
    (ctx.settings as { categoryPath?: string }).categoryPath = '/shop';
    const data = selectCategoryShowcaseData(showcase, ctx);
    expect(data.next?.path).toBe('/shop/bathroom-vanities');
    expect(data.styles[0]?.path).toBe('/shop/kitchen-cabinets/hartford-shaker');
  });
  it('gives the spec messages', () => {
    const unknown = testContext({ store: fixtureStore(), params: { categorySlug: 'doors' } });
    expect(selectCategoryShowcaseData(showcase, unknown).error).toBe('Category "doors" not found in data');
    expect(unknown.recorded.notFound).toBe(true);
    expect(selectCategoryShowcaseData(showcase, testContext({ store: fixtureStore() })).error).toBe('Category data not found');
    expect(selectCategoryShowcaseData(showcase, testContext({ store: { categories: [] } })).error).toBe('No category data available');
    const store = fixtureStore();
    store.categories![0]!.styles = ['gone'];
    const data = selectCategoryShowcaseData(showcase, testContext({ store, params: { categorySlug: 'kitchen-cabinets' } }));
    render(<CategoryShowcaseBlock block={showcase} data={data} />);
    expect(screen.getByText('Product data not found or invalid format')).toBeTruthy();
  });
  it('lists every category, or says there are none', () => {
    const block = { type: 'product-categories' as const, title: 'Our products' };
    render(<ProductCategoriesBlock block={block} data={selectProductCategoriesData(block, testContext({ store: fixtureStore() }))} />);
    expect(screen.getByRole('link', { name: 'See 2 styles' }).getAttribute('href')).toBe('/products/kitchen-cabinets');
    cleanup();
    render(<ProductCategoriesBlock block={block} data={selectProductCategoriesData(block, testContext({ store: {} }))} />);
    expect(screen.getByText('No category data available')).toBeTruthy();
  });
});

describe('style listing', () => {
  const block = { type: 'style-listing' as const, pageSize: 1, filter: 'category' as const };
  it('filters by tab (resetting the page), sorts and pages through the query', () => {
    const data = selectStyleListingData(block, testContext({ store: fixtureStore() }));
    render(withPage('/products/all?page=2&sort=z-a', <StyleListingBlock block={block} data={data} />));
    expect(screen.getByText('3 styles')).toBeTruthy();
    // z-a: Soho, Hartford, Cambridge; page 2 of 3 is Hartford
    expect(screen.getByRole('link', { name: 'Hartford Shaker' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Bathroom Vanities' }));
    expect(screen.getByText('1 style')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cambridge Vanity' })).toBeTruthy();
    expect(window.location.search).toBe('?category=bathroom-vanities&sort=z-a');
  });
  it("says 'No items available' past the last page", () => {
    const data = selectStyleListingData(block, testContext({ store: fixtureStore() }));
    render(withPage('/x?page=7', <StyleListingBlock block={block} data={data} />));
    expect(screen.getByText('No items available')).toBeTruthy();
  });
});
