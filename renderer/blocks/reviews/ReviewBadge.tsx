import { StarRating } from './StarRating';
import './review-cards.css';

export interface RatingSummaryView {
  avgRating: number;
  reviewCount: number;
}

/**
 * The review badge: average, stars and count. The original loads a third-party badge script; we
 * draw it from the store's own review data (no script from the internet), linking to the reviews page.
 */
export function ReviewBadge({ summary, href = '/reviews', label }: { summary: RatingSummaryView | undefined; href?: string; label?: string }) {
  if (!summary || summary.reviewCount === 0) return null;
  const text = `${summary.reviewCount} ${summary.reviewCount === 1 ? 'review' : 'reviews'}`;
  return (
    <a className="review-badge" href={href} aria-label={`${label ?? 'Customer rating'}: ${summary.avgRating} out of 5 from ${text}`}>
      <span className="review-badge__score" aria-hidden="true">
        {summary.avgRating.toFixed(1)}
      </span>
      <StarRating rating={summary.avgRating} />
      <span className="review-badge__count" aria-hidden="true">
        {text}
      </span>
    </a>
  );
}
