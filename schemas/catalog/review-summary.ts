/** Rating summaries and the review feed form (pure: shared by server, renderer and widgets). */
import type { RatingSummary, Review } from './reviews.schema';

/** Average (one decimal) and count of the given reviews; 0 and 0 when there are none. */
export function summarizeRatings(reviews: readonly Pick<Review, 'rating'>[]): RatingSummary {
  if (reviews.length === 0) return { avgRating: 0, reviewCount: 0 };
  const sum = reviews.reduce((total, r) => total + r.rating, 0);
  return { avgRating: Math.round((sum / reviews.length) * 10) / 10, reviewCount: reviews.length };
}

/** Rounds an average to the nearest half star, for star widgets that draw halves. */
export function toHalfStars(avgRating: number): number {
  return Math.round(avgRating * 2) / 2;
}

/** The review in the feed form of the review badge (rating, reviewer nickname, rdate, comments). */
export interface ReviewFeedEntry {
  rating: number;
  reviewer: { nickname: string };
  rdate: string;
  comments: string;
}

export function toFeedEntry(review: Review): ReviewFeedEntry {
  return { rating: review.rating, reviewer: { nickname: review.name }, rdate: review.date, comments: review.reviewText };
}
