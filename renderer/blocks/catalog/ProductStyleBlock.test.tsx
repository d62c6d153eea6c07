// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureStore } from '../testing/catalog-fixture';
import { testContext } from '../testing/block-context';
import { ProductStyleBlock, selectProductStyleData } from './ProductStyleBlock';
import { readSampleCart } from '../../../widgets/cart-store/sample-cart';

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

const block = { type: 'product-style' as const };

describe('product-style block', () => {
  it('answers 404 for an unknown style or a style outside the route category', () => {
    const ctx = testContext({ store: fixtureStore(), params: { styleName: 'nope' } });
    const data = selectProductStyleData(block, ctx);
    expect(ctx.recorded.notFound).toBe(true);
    render(<ProductStyleBlock block={block} data={data} />);
    expect(screen.getByText('We are sorry, but we could not find any data.')).toBeTruthy();
    const other = testContext({ store: fixtureStore(), params: { categorySlug: 'bathroom-vanities', styleName: 'hartford-shaker' } });
    selectProductStyleData(block, other);
    expect(other.recorded.notFound).toBe(true);
  });

  it('preselects the finish of ?type=&value=, adds Product data with its rating, orders the sample', () => {
    const ctx = testContext({ store: fixtureStore(), params: { categorySlug: 'kitchen-cabinets', styleName: 'hartford-shaker' }, query: 'type=painted&value=sage-green' });
    const data = selectProductStyleData(block, ctx);
    expect(ctx.recorded.notFound).toBe(false);
    expect(ctx.recorded.metadata.title).toBe('Hartford Shaker');
    const product = ctx.recorded.structuredData.find((d) => d['@type'] === 'Product')!;
    expect(product['aggregateRating']).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 });
    expect(product['offers']).toMatchObject({ lowPrice: '14.99', highPrice: '16.50', priceCurrency: 'USD' });
    expect(ctx.recorded.breadcrumb?.map((c) => c.label)).toEqual(['Home', 'Products', 'Kitchen Cabinets', 'Hartford Shaker']);
    expect(data.faqs.map((f) => f.question)).toEqual(['Is Hartford solid wood?']);

    render(<ProductStyleBlock block={block} data={data} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hartford Shaker' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sage Green' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('checkbox', { name: /Sage Green/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Read more...' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(readSampleCart().map((i) => i.sku)).toEqual(['HARTFORD-SHAKER-SGE']);

    fireEvent.click(screen.getByRole('button', { name: 'Alpine White' }));
    expect(window.location.search).toBe('?type=painted&value=alpine-white');
    expect(screen.getByRole('button', { name: /^Enlarge image 1 of/ }).getAttribute('aria-label')).toContain('Alpine White');
  });

  it('V2 layout and the empty sample view', () => {
    const ctx = testContext({ store: fixtureStore(), params: { styleName: 'soho-slab' } });
    const data = selectProductStyleData(block, ctx);
    expect(data.layout).toBe('V2');
    const { container } = render(<ProductStyleBlock block={block} data={data} />);
    expect(container.querySelector('.product-style--v2')).not.toBeNull();
    expect(screen.getByText('No sample items available for this style.')).toBeTruthy();
    expect(screen.getByText('We are sorry, but we could not find any data.')).toBeTruthy();
  });
});
