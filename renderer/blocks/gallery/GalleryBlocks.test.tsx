// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageViewContext } from '../../page-context';
import { testContext } from '../testing/block-context';
import { fixtureStore } from '../testing/catalog-fixture';
import { GalleryBlock, GalleryDesignBlock, selectGalleryData, selectGalleryDesignData } from './GalleryBlocks';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});
const page = (url: string, node: ReactNode) => <PageViewContext.Provider value={{ url }}>{node}</PageViewContext.Provider>;

describe('gallery', () => {
  it('links each design and filters by room', () => {
    const block = { type: 'gallery' as const };
    render(page('/inspiration-gallery', <GalleryBlock block={block} data={selectGalleryData(block, testContext({ store: fixtureStore() }))} />));
    expect(screen.getByRole('link', { name: /Sage Farmhouse Kitchen/ }).getAttribute('href')).toBe('/inspiration-gallery/sage-farmhouse');
    fireEvent.click(screen.getByRole('link', { name: 'Bathrooms' }));
    expect(screen.queryByRole('link', { name: /Sage Farmhouse Kitchen/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Navy Bath/ })).toBeTruthy();
    expect(window.location.search).toBe('?room=bathroom');
  });
  it("says 'No items available' without designs", () => {
    const block = { type: 'gallery' as const };
    render(page('/inspiration-gallery', <GalleryBlock block={block} data={selectGalleryData(block, testContext({ store: {} }))} />));
    expect(screen.getByText('No items available')).toBeTruthy();
  });
});

describe('gallery design', () => {
  const block = { type: 'gallery-design' as const };
  it('shows the story, photos with the lightbox and the style in its finish', () => {
    const ctx = testContext({ store: fixtureStore(), params: { designSlug: 'sage-farmhouse' } });
    render(page('/inspiration-gallery/sage-farmhouse', <GalleryDesignBlock block={block} data={selectGalleryDesignData(block, ctx)} />));
    expect(screen.getByRole('heading', { level: 1, name: 'Sage Farmhouse Kitchen' })).toBeTruthy();
    expect(screen.getByText('Hartford Shaker in Sage Green')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See this style' }).getAttribute('href')).toBe('/products/kitchen-cabinets/hartford-shaker?type=painted&value=sage-green');
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge: Sage island' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(ctx.recorded.metadata.title).toBe('Sage Farmhouse Kitchen');
  });
  it('answers 404 for an unknown design', () => {
    const ctx = testContext({ store: fixtureStore(), params: { designSlug: 'nope' } });
    render(page('/inspiration-gallery/nope', <GalleryDesignBlock block={block} data={selectGalleryDesignData(block, ctx)} />));
    expect(ctx.recorded.notFound).toBe(true);
    expect(screen.getByText('Design not found')).toBeTruthy();
  });
});
