import type { ReviewBadgeBlock as ReviewBadgeBlockDef, ReviewCardsBlock as ReviewCardsBlockDef } from '../../../schemas/blocks/review-cards.schema';
import { summarizeRatings } from '../../../schemas/catalog/review-summary';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf } from '../catalog-store';
import { routeValue } from '../route-value';
import { CardSlider } from '../sliders/CardSlider';
import { ReviewBadge, type RatingSummaryView } from './ReviewBadge';
import { ReviewCard, type ReviewView } from './ReviewCard';
import { StarRating } from './StarRating';

export interface ReviewCardsData {
  reviews: ReviewView[];
  summary: RatingSummaryView;
}

export function selectReviewCardsData(block: ReviewCardsBlockDef, ctx: BlockDataContext): ReviewCardsData {
  const catalog = catalogOf(ctx.store);
  const style = routeValue(block.style, ctx.params);
  let reviews = catalog.reviews.filter((r) => (block.style === undefined || r.style === style) && r.rating >= (block.minRating ?? 0));
  const summary = block.style === undefined ? catalog.reviewSummary : summarizeRatings(reviews);
  if (block.limit) reviews = reviews.slice(0, block.limit);
  return {
    summary,
    reviews: reviews.map((r) => ({
      name: r.name,
      rating: r.rating,
      platform: r.platform,
      reviewText: r.reviewText,
      date: r.date,
      ...(r.location ? { location: r.location } : {}),
      ...(r.profilePicture ? { profilePicture: r.profilePicture } : {}),
    })),
  };
}

export function ReviewCardsBlock({ block, data }: BlockProps<ReviewCardsBlockDef, ReviewCardsData>) {
  const title = block.title ?? 'What our customers say';
  const cards = data.reviews.map((r, i) => <ReviewCard key={i} review={r} />);
  return (
    <section className="review-cards" id={block.id} aria-label={title}>
      <h2>{title}</h2>
      {block.showSummary !== false && data.summary.reviewCount > 0 && (
        <p className="review-cards__summary">
          <strong>{data.summary.avgRating.toFixed(1)}</strong>
          <StarRating rating={data.summary.avgRating} />
          <span>
            Based on {data.summary.reviewCount} {data.summary.reviewCount === 1 ? 'review' : 'reviews'}
          </span>
        </p>
      )}
      {cards.length === 0 ? (
        <p className="empty">No items available</p>
      ) : block.layout === 'slider' ? (
        <CardSlider cards={cards} label={title} />
      ) : (
        <ul className="review-cards__grid">
          {cards.map((card, i) => (
            <li key={i}>{card}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function selectReviewBadgeData(block: ReviewBadgeBlockDef, ctx: BlockDataContext): RatingSummaryView {
  const catalog = catalogOf(ctx.store);
  const style = routeValue(block.style, ctx.params);
  if (block.style === undefined) return catalog.reviewSummary;
  return (style && catalog.styles[style]?.rating) || { avgRating: 0, reviewCount: 0 };
}

export function ReviewBadgeBlock({ block, data }: BlockProps<ReviewBadgeBlockDef, RatingSummaryView>) {
  return (
    <div className="review-badge-block" id={block.id}>
      <ReviewBadge summary={data} href={block.href ?? '/reviews'} label={block.label} />
    </div>
  );
}
