// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Specifications } from '../../../schemas/catalog/product-style.schema';
import { SpecView } from './SpecView';

afterEach(cleanup);

const specs: Specifications = {
  specView: 'tabbed',
  specs: [
    { name: 'Construction', type: 'unordered-list', props: { items: ['Plywood box', 'Maple door'] } },
    { name: 'Steps', type: 'ordered-list', props: { items: ['Measure', 'Order'] } },
    { name: 'Care', type: 'text', props: { text: 'Wipe with a damp cloth.' } },
    { name: 'Questions', type: 'faq' },
    { name: 'Samples', type: 'sample' },
  ],
  options: { view: 'grid', columns: 2 },
};

describe('SpecView', () => {
  it("shows 'No Data Found' without specs", () => {
    render(<SpecView specifications={{ specView: 'tabular', specs: [] }} />);
    expect(screen.getByText('No Data Found')).toBeTruthy();
  });
  it('tabbed: one tab per spec, keyboard moves between them', () => {
    render(<SpecView specifications={specs} faqs={[{ question: 'Is it solid wood?', answer: 'Yes.' }]} samples={[]} styleTitle="Hartford" />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Construction', 'Steps', 'Care', 'Questions', 'Samples']);
    expect(screen.getByText('Plywood box').closest('ul')?.className).toContain('spec-list--grid');
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Measure').closest('ol')).not.toBeNull();
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(screen.getByText('No sample items available for this style.')).toBeTruthy();
    fireEvent.click(tabs[3]!);
    expect(screen.getByRole('button', { name: 'Is it solid wood?' })).toBeTruthy();
  });
  it('tabular: a row per spec; an empty faq spec says No Data Found', () => {
    render(<SpecView specifications={{ ...specs, specView: 'tabular' }} />);
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Construction', 'Steps', 'Care', 'Questions', 'Samples']);
    expect(screen.getByText('Wipe with a damp cloth.')).toBeTruthy();
    expect(screen.getByText('No Data Found')).toBeTruthy();
  });
});
