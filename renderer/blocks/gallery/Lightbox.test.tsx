// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Masonry } from './Masonry';
import { masonryColumns, masonryGutter } from './masonry-layout';

afterEach(cleanup);

const images = [
  { src: '/images/a.svg', fullSize: '/images/a-full.svg', alt: 'Sage kitchen', width: 800, height: 600 },
  { src: '/images/b.svg', alt: 'Navy island', width: 600, height: 900 },
];

describe('Masonry and Lightbox', () => {
  it('opens the full-size image, zooms by 2, moves with arrows, closes on Esc and returns focus', () => {
    render(<Masonry images={images} label="Designs" />);
    const opener = screen.getByRole('button', { name: 'Enlarge: Sage kitchen' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    const img = dialog.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/images/a-full.svg');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(img.style.transform).toBe('scale(2)');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(dialog.querySelector('img')!.getAttribute('src')).toBe('/images/b.svg');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
  it('shows the empty message', () => {
    render(<Masonry images={[]} label="Designs" />);
    expect(screen.getByText('No items available')).toBeTruthy();
  });
  it('uses the columns and gutters of the spec', () => {
    expect([340, 350, 749, 750, 900, 1199, 1200].map(masonryColumns)).toEqual([1, 1, 1, 2, 2, 2, 3]);
    expect([360, 750, 1200].map(masonryGutter)).toEqual([10, 20, 30]);
  });
});
