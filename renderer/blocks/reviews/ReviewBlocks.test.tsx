// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../testing/block-context';
import { fixtureStore } from '../testing/catalog-fixture';
import { ReviewBadgeBlock, ReviewCardsBlock, selectReviewBadgeData, selectReviewCardsData } from './ReviewBlocks';

afterEach(cleanup);
beforeAll(() => {
  window.matchMedia = ((q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

describe('review blocks', () => {
  it('lists reviews with the store summary', () => {
    const block = { type: 'review-cards' as const };
    render(<ReviewCardsBlock block={block} data={selectReviewCardsData(block, testContext({ store: fixtureStore() }))} />);
    expect(screen.getByText('Based on 2 reviews')).toBeTruthy();
    expect(screen.getByText('Beautiful doors.')).toBeTruthy();
  });
  it("keeps a style's reviews and says 'No items available' without any", () => {
    const block = { type: 'review-cards' as const, style: ':styleName' };
    const data = selectReviewCardsData(block, testContext({ store: fixtureStore(), params: { styleName: 'hartford-shaker' } }));
    expect(data.reviews.map((r) => r.name)).toEqual(['Megan R.']);
    expect(data.summary).toEqual({ avgRating: 5, reviewCount: 1 });
    render(<ReviewCardsBlock block={block} data={selectReviewCardsData(block, testContext({ store: fixtureStore(), params: { styleName: 'soho-slab' } }))} />);
    expect(screen.getByText('No items available')).toBeTruthy();
  });
  it("badge shows a style's rating", () => {
    const block = { type: 'review-badge' as const, style: 'hartford-shaker' };
    const { container } = render(<ReviewBadgeBlock block={block} data={selectReviewBadgeData(block, testContext({ store: fixtureStore() }))} />);
    expect(container.textContent).toContain('12 reviews');
  });
});
