import { useState } from 'react';
import { REVIEW_TEXT_LIMIT, truncateChars } from '../content/truncate';
import { StarRating } from './StarRating';
import './review-cards.css';

export interface ReviewView {
  name: string;
  rating: number;
  platform: string;
  location?: string;
  profilePicture?: { src: string; altText: string };
  reviewText: string;
  date?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** One review: stars, text cut at 150 characters with Show More / Show Less. */
export function ReviewCard({ review }: { review: ReviewView }) {
  const [expanded, setExpanded] = useState(false);
  const cut = truncateChars(review.reviewText, REVIEW_TEXT_LIMIT);
  return (
    <article className="review-card">
      <header className="review-card__head">
        {review.profilePicture ? (
          <img className="review-card__avatar" src={review.profilePicture.src} alt={review.profilePicture.altText} width={48} height={48} loading="lazy" />
        ) : (
          <span className="review-card__avatar review-card__avatar--initials" aria-hidden="true">
            {initials(review.name)}
          </span>
        )}
        <div>
          <h3 className="review-card__name">{review.name}</h3>
          {review.location && <p className="review-card__location">{review.location}</p>}
        </div>
      </header>
      <StarRating rating={review.rating} />
      <p className="review-card__text">{expanded ? review.reviewText : cut.text}</p>
      {cut.truncated && (
        <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      )}
      <p className="review-card__platform">Posted on {review.platform}</p>
    </article>
  );
}
