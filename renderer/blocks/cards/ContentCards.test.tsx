// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContentCardsBlock } from './ContentCardsBlock';

afterEach(cleanup);
beforeAll(() => {
  window.matchMedia = ((q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

describe('cards block', () => {
  it('renders images with hover swaps, icons and actions of every kind', () => {
    render(
      <ContentCardsBlock
        data={undefined}
        block={{
          type: 'cards',
          title: 'Why us',
          items: [
            { title: 'Cabinets', images: [{ src: '/a.svg', hoverSrc: '/a-hover.svg', alt: 'Cabinets', label: 'New' }], action: { text: 'Shop', path: '/products', displayAs: 'button', variant: 'secondary', showIcon: true } },
            { title: 'Design', images: [{ iconName: 'card', alt: 'Pencil icon', align: 'center' }], action: { text: 'Partner site', path: 'https://example.test', target: '_blank' } },
            { title: 'Legacy', image: { src: '/l.svg', alt: 'Legacy image' } },
          ],
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Cabinets' }).getAttribute('src')).toBe('/a.svg');
    expect(document.querySelector('.content-card__hover')?.getAttribute('src')).toBe('/a-hover.svg');
    expect(screen.getByText('New')).toBeTruthy();
    const shop = screen.getByRole('link', { name: /Shop/ });
    expect(shop.className).toBe('button button--secondary');
    expect(shop.textContent).toContain('→');
    expect(screen.getByRole('img', { name: 'Pencil icon' }).getAttribute('src')).toBe('/images/icons/card.svg');
    const external = screen.getByRole('link', { name: /Partner site/ });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('img', { name: 'Legacy image' })).toBeTruthy();
  });
  it('opens the full-size image in the lightbox when zoom is on', () => {
    render(<ContentCardsBlock data={undefined} block={{ type: 'cards', zoom: true, items: [{ title: 'Kitchen', images: [{ src: '/k.svg', thumbnail: '/k-small.svg', fullSize: '/k-full.svg', alt: 'Kitchen' }] }] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge: Kitchen' }));
    expect(screen.getByRole('dialog').querySelector('img')!.getAttribute('src')).toBe('/k-full.svg');
  });
  it("says 'No items available' when empty", () => {
    render(<ContentCardsBlock data={undefined} block={{ type: 'cards', items: [] }} />);
    expect(screen.getByText('No items available')).toBeTruthy();
  });
});
