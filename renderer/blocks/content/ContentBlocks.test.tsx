// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testContext } from '../testing/block-context';
import { fixtureStore } from '../testing/catalog-fixture';
import { AccordionBlock } from './AccordionBlock';
import { FaqBlock, selectFaqData } from './FaqBlock';
import { selectVideoCardsData, VideoCardsBlock } from './VideoCardsBlock';

afterEach(cleanup);

describe('faq block', () => {
  it('filters by category tab with an All tab and adds FAQPage data', () => {
    const block = { type: 'faq' as const };
    const ctx = testContext({ store: fixtureStore() });
    const data = selectFaqData(block, ctx);
    expect(ctx.recorded.structuredData[0]).toMatchObject({ '@type': 'FAQPage' });
    expect((ctx.recorded.structuredData[0]!['mainEntity'] as { acceptedAnswer: { text: string } }[])[0]!.acceptedAnswer.text).toBe('About a week.');
    render(<FaqBlock block={block} data={data} />);
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /\?$/ })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Shipping' }));
    expect(screen.getAllByRole('button', { name: /\?$/ }).map((b) => b.textContent)).toEqual(['How long does shipping take?']);
    fireEvent.click(screen.getByRole('button', { name: 'How long does shipping take?' }));
    expect(screen.getByText('About a week.')).toBeTruthy();
  });
  it("keeps a style's questions from the route, and says 'No Data Found' when none", () => {
    const block = { type: 'faq' as const, style: ':styleName' };
    const data = selectFaqData(block, testContext({ store: fixtureStore(), params: { styleName: 'soho-slab' } }));
    expect(data.faqs.map((f) => f.question)).toEqual(['Can I paint Soho?']);
    const none = selectFaqData(block, testContext({ store: fixtureStore(), params: { styleName: 'cambridge-vanity' } }));
    render(<FaqBlock block={block} data={none} />);
    expect(screen.getByText('No Data Found')).toBeTruthy();
    const general = selectFaqData({ ...block, includeGeneral: true }, testContext({ store: fixtureStore(), params: { styleName: 'soho-slab' } }));
    expect(general.faqs).toHaveLength(2);
  });
  it('can filter by style tabs', () => {
    const block = { type: 'faq' as const, tabsBy: 'style' as const };
    const data = selectFaqData(block, testContext({ store: fixtureStore() }));
    render(<FaqBlock block={block} data={data} />);
    fireEvent.click(screen.getByRole('button', { name: 'Soho Slab' }));
    expect(screen.getAllByRole('button', { name: /\?$/ }).map((b) => b.textContent)).toEqual(['Can I paint Soho?']);
  });
  it('leaves FAQPage out when asked', () => {
    const ctx = testContext({ store: fixtureStore() });
    selectFaqData({ type: 'faq', structuredData: false }, ctx);
    expect(ctx.recorded.structuredData).toEqual([]);
  });
});

describe('accordion and video blocks', () => {
  it("accordion block says 'No Data Found' when empty", () => {
    render(<AccordionBlock block={{ type: 'accordion', items: [] }} data={undefined} />);
    expect(screen.getByText('No Data Found')).toBeTruthy();
  });
  it('video cards add VideoObject data and show the empty message', () => {
    const block = { type: 'video-cards' as const, items: [{ videoUrl: 'https://youtu.be/abcDEF12345', title: 'Showroom tour', thumbnail: { src: '/images/v.svg', alt: 'Tour' } }] };
    const ctx = testContext({ store: {} });
    selectVideoCardsData(block, ctx);
    expect(ctx.recorded.structuredData[0]).toMatchObject({ '@type': 'VideoObject', name: 'Showroom tour', thumbnailUrl: '/images/v.svg' });
    render(<VideoCardsBlock block={{ type: 'video-cards', items: [] }} data={undefined} />);
    expect(screen.getByText('No items available')).toBeTruthy();
  });
});
