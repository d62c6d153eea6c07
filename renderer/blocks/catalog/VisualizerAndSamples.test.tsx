// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testContext } from '../testing/block-context';
import { fixtureStore } from '../testing/catalog-fixture';
import { readSampleCart } from '../../../widgets/cart-store/sample-cart';
import { SampleGridBlock, selectSampleGridData } from './SampleGridBlock';
import { selectVisualizerData, VisualizerBlock } from './VisualizerBlock';

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('visualizer', () => {
  const block = { type: 'visualizer' as const };
  it('shows the door and preview of the chosen style and finish and orders that sample', () => {
    const data = selectVisualizerData(block, testContext({ store: fixtureStore(), query: 'style=hartford-shaker&type=painted&value=sage-green' }));
    render(<VisualizerBlock block={block} data={data} />);
    expect(screen.getByRole('img', { name: 'A kitchen in Sage Green' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'hartford-shaker door in Sage Green' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Alpine White' }));
    expect(window.location.search).toBe('?style=hartford-shaker&type=painted&value=alpine-white');
    fireEvent.click(screen.getByRole('button', { name: 'Order this sample' }));
    expect(screen.getByText('Sample added to your cart.')).toBeTruthy();
    expect(readSampleCart().map((i) => i.sku)).toEqual(['HARTFORD-SHAKER-WHT']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Door style' }), { target: { value: 'soho-slab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Order this sample' }));
    expect(screen.getByText('Please select at least one sample.')).toBeTruthy();
  });
});

describe('sample grid', () => {
  const block = { type: 'sample-grid' as const };
  it('asks for a finish, then orders the chosen sample', () => {
    render(<SampleGridBlock block={block} data={selectSampleGridData(block, testContext({ store: fixtureStore() }))} />);
    const orderButtons = screen.getAllByRole('button', { name: 'Order Now' });
    fireEvent.click(orderButtons[0]!);
    expect(screen.getByText('Please select at least one sample.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Sage Green' })[0]!);
    fireEvent.click(orderButtons[0]!);
    expect(readSampleCart().map((i) => i.sku)).toEqual(['HARTFORD-SHAKER-SGE']);
    expect(screen.getByText('No sample items available for this style.')).toBeTruthy();
  });
  it("says 'No Data Found' without styles", () => {
    render(<SampleGridBlock block={block} data={selectSampleGridData(block, testContext({ store: {} }))} />);
    expect(screen.getByText('No Data Found')).toBeTruthy();
  });
});
