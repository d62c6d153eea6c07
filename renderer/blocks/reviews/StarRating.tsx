import { MAX_STARS, starParts } from './star-parts';
import './star-rating.css';

/** Stars out of `max` (5) in halves; the number is read out to screen readers once. */
export function StarRating({ rating, max = MAX_STARS, size = 18 }: { rating: number; max?: number; size?: number }) {
  const parts = starParts(rating, max);
  const label = `Rated ${Math.round(rating * 10) / 10} out of ${max}`;
  return (
    <span className="star-rating" role="img" aria-label={label} style={{ ['--star-size' as string]: `${size}px` }}>
      {parts.map((part, i) => (
        <span key={i} className={`star-rating__star star-rating__star--${part}`} aria-hidden="true" />
      ))}
    </span>
  );
}
