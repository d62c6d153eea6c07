// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageViewContext } from '../../page-context';
import { testContext } from '../testing/block-context';
import { fixtureStore } from '../testing/catalog-fixture';
import { SearchPopupBlock, SearchResultsBlock, selectSearchPopupData, selectSearchResultsData } from './SearchBlocks';

afterEach(cleanup);
const page = (url: string, node: ReactNode) => <PageViewContext.Provider value={{ url }}>{node}</PageViewContext.Provider>;

describe('search page', () => {
  const block = { type: 'search-results' as const };
  const show = (query: string) => {
    const data = selectSearchResultsData(block, testContext({ store: fixtureStore(), query }));
    render(page(`/search?${query}`, <SearchResultsBlock block={block} data={data} />));
  };
  it('lists matches over name, title, description and SKU', () => {
    show('query=hs-sge');
    expect(screen.getByRole('link', { name: /Hartford Shaker Door Sample - Sage Green/ }).getAttribute('href')).toBe('/products/kitchen-cabinets/hartford-shaker?type=painted&value=sage-green');
    expect(screen.getByText('1 result for “hs-sge”')).toBeTruthy();
  });
  it('asks for 3 characters and says when nothing matches', () => {
    show('query=ha');
    expect(screen.getByText('Please enter at least 3 characters to search.')).toBeTruthy();
    cleanup();
    show('query=granite');
    expect(screen.getByText('No results found.')).toBeTruthy();
  });
});

describe('search popup', () => {
  it('suggests from 3 characters with 100x100 images; Esc closes and returns focus', () => {
    const block = { type: 'search-popup' as const };
    const data = selectSearchPopupData(block, testContext({ store: fixtureStore() }));
    render(page('/', <SearchPopupBlock block={block} data={data} />));
    const opener = screen.getByRole('button', { name: 'Search products' });
    fireEvent.click(opener);
    const input = screen.getByRole('searchbox', { name: 'Search products' });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'so' } });
    expect(screen.getByText('Please enter at least 3 characters to search.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'soho' } });
    const img = screen.getByRole('link', { name: /Soho Slab/ }).querySelector('img, span');
    expect(img?.getAttribute('width') ?? (img as HTMLElement).style.width).toMatch(/100/);
    fireEvent.change(input, { target: { value: 'zzzz' } });
    expect(screen.getByText('No results found.')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
