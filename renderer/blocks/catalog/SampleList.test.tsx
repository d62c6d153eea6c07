// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSampleCart } from '../../../widgets/cart-store/sample-cart';
import { SampleList } from './SampleList';
import { Swatches } from './Swatches';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

const samples = [
  { sku: 'HS-WHT', name: 'Hartford Shaker Door Sample - Alpine White', price: 14.99, finish: { type: 'painted', value: 'alpine-white' }, finishLabel: 'Alpine White' },
  { sku: 'HS-GRY', name: 'Hartford Shaker Door Sample - Dove Gray', price: 14.99, finish: { type: 'painted', value: 'dove-gray' }, finishLabel: 'Dove Gray' },
];

describe('SampleList', () => {
  it('asks for at least one sample, then adds the ticked ones; messages clear after 5 s', () => {
    vi.useFakeTimers();
    render(<SampleList samples={samples} styleTitle="Hartford Shaker" />);
    fireEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(screen.getByText('Please select at least one sample.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Dove Gray/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(screen.getByText('Sample added to your cart.')).toBeTruthy();
    expect(readSampleCart().map((i) => i.sku)).toEqual(['HS-GRY']);
    fireEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(screen.getByText('You can order maximum 1 quantity of item "Hartford Shaker Door Sample - Dove Gray".')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText(/maximum 1 quantity/)).toBeNull();
  });
  it('takes a single sample automatically', () => {
    render(<SampleList samples={[samples[0]!]} styleTitle="Hartford Shaker" />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(readSampleCart().map((i) => i.sku)).toEqual(['HS-WHT']);
  });
  it('shows the empty view', () => {
    render(<SampleList samples={[]} styleTitle="Hartford Shaker" />);
    expect(screen.getByText('We are sorry, but we could not find any data.')).toBeTruthy();
    expect(screen.getByText('No sample items available for this style.')).toBeTruthy();
  });
  it('preselects the finish chosen on the page', () => {
    render(<SampleList samples={samples} styleTitle="Hartford Shaker" preselect="HS-WHT" />);
    expect((screen.getByRole('checkbox', { name: /Alpine White/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('Swatches', () => {
  const groups = [
    {
      name: 'painted',
      title: 'Painted',
      items: Array.from({ length: 12 }, (_, i) => ({ value: `c${i}`, label: `Colour ${i}`, swatchImage: { src: `/s${i}.svg`, altText: '' } })),
    },
  ];
  it("shows 9 on a style card with '+3', then Less", () => {
    const onSelect = vi.fn();
    render(<Swatches groups={groups} selected={{ type: 'painted', value: 'c1' }} onSelect={onSelect} limit={9} label="Finishes" />);
    expect(screen.getAllByRole('button', { name: /^Colour/ })).toHaveLength(9);
    expect(screen.getByRole('button', { name: 'Colour 1' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more finishes' }));
    expect(screen.getAllByRole('button', { name: /^Colour/ })).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Less' }));
    expect(screen.getAllByRole('button', { name: /^Colour/ })).toHaveLength(9);
    fireEvent.click(screen.getByRole('button', { name: 'Colour 4' }));
    expect(onSelect).toHaveBeenCalledWith({ type: 'painted', value: 'c4' });
  });
  it('shows 11 by default', () => {
    render(<Swatches groups={groups} selected={null} label="Finishes" />);
    expect(screen.getAllByRole('button', { name: /^Colour/ })).toHaveLength(11);
    expect(screen.getByRole('button', { name: 'Show 1 more finishes' })).toBeTruthy();
  });
});
