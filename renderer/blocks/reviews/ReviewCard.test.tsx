// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewBadge } from './ReviewBadge';
import { ReviewCard } from './ReviewCard';
import { StarRating } from './StarRating';

afterEach(cleanup);

const long = 'We ordered the sage shaker doors for our whole kitchen and the quality is wonderful. '.repeat(3);

describe('ReviewCard', () => {
  it('cuts long text at 150 characters with Show More / Show Less', () => {
    render(<ReviewCard review={{ name: 'Megan R', rating: 4.5, platform: 'Google', reviewText: long }} />);
    expect(screen.getByText(long.slice(0, 150).trimEnd() + '...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText(long.trim())).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.getByRole('button', { name: 'Show More' })).toBeTruthy();
  });
  it('shows short text whole, without a button, and initials without a picture', () => {
    render(<ReviewCard review={{ name: 'Tom Lee', rating: 5, platform: 'Houzz', reviewText: 'Great.' }} />);
    expect(screen.getByText('Great.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('TL')).toBeTruthy();
  });
});

describe('StarRating and ReviewBadge', () => {
  it('labels the rating and draws halves', () => {
    const { container } = render(<StarRating rating={3.5} />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeTruthy();
    expect(container.querySelectorAll('.star-rating__star--half')).toHaveLength(1);
  });
  it('badge shows average and count, and nothing without reviews', () => {
    const { container } = render(<ReviewBadge summary={{ avgRating: 4.8, reviewCount: 126 }} />);
    expect(container.textContent).toContain('4.8');
    expect(container.textContent).toContain('126 reviews');
    cleanup();
    const empty = render(<ReviewBadge summary={{ avgRating: 0, reviewCount: 0 }} />);
    expect(empty.container.innerHTML).toBe('');
  });
  it("badge's name holds the words it shows, in their order, with the score as shown (axe label-content-name-mismatch)", () => {
    render(<ReviewBadge summary={{ avgRating: 4.67, reviewCount: 3 }} label="Hartford Shaker rating" />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('aria-label')).toBeNull();
    const name = link.textContent!.replace(/\s+/g, ' ');
    expect(name).toBe('Hartford Shaker rating: 4.7 (3 reviews), out of 5 stars');
    const shown = Array.from(link.querySelectorAll('.review-badge__score, .review-badge__count'), (e) => e.textContent).join('');
    expect(name).toContain(shown);
  });
});
