// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageGallery } from './ImageGallery';

afterEach(cleanup);
const images = Array.from({ length: 5 }, (_, i) => ({ src: `/images/${i}.svg`, altText: `Kitchen ${i + 1}` }));

describe('ImageGallery', () => {
  it('shows up to 3 thumbnails and follows the selection, with arrow keys on the main image', () => {
    render(<ImageGallery images={images} label="Hartford Shaker" />);
    expect(screen.getAllByRole('button', { name: /^Show image/ })).toHaveLength(3);
    const main = screen.getByRole('button', { name: /^Enlarge image 1 of 5/ });
    fireEvent.keyDown(main, { key: 'ArrowLeft' });
    expect(screen.getByRole('button', { name: /^Enlarge image 5 of 5/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Show image/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show image 3: Kitchen 3',
      'Show image 4: Kitchen 4',
      'Show image 5: Kitchen 5',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('button', { name: /^Enlarge image 1 of 5/ })).toBeTruthy();
  });
  it('opens the lightbox and closes it with Esc', () => {
    render(<ImageGallery images={images} label="Hartford Shaker" />);
    fireEvent.click(screen.getByRole('button', { name: /^Enlarge image 1/ }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
