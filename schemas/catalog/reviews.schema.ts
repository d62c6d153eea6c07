/**
 * Customer reviews (data/reviews.json) in their display form; the feed form of the review badge
 * (rating, reviewer nickname, rdate, comments) is derived by ./review-summary.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { catalogImageSchema, ratingSummarySchema, schemaRefProperty, slugPattern } from './catalog-common.schema';

export const reviewSchema = {
  type: 'object',
  title: 'Review',
  description: 'One customer review as shown on review cards.',
  additionalProperties: false,
  required: ['name', 'rating', 'platform', 'reviewText', 'date'],
  properties: {
    name: { title: 'Name', type: 'string', minLength: 1, description: 'Reviewer\'s display name (also the feed nickname), e.g. Megan R.' },
    rating: { title: 'Rating', type: 'number', minimum: 0.5, maximum: 5, multipleOf: 0.5, description: 'Stars out of 5, in halves.' },
    platform: { title: 'Platform', enum: ['Google', 'Houzz', 'Facebook', 'Trustpilot', 'Yelp', 'Website'], description: 'Where the review was posted (shows its logo name).' },
    location: { title: 'Location', type: 'string', description: 'Where the reviewer lives, e.g. Austin, TX.' },
    profilePicture: { ...catalogImageSchema, title: 'Profile picture', description: 'Reviewer\'s picture; initials are shown when absent.' },
    reviewText: { title: 'Review text', type: 'string', minLength: 1, description: 'The review (cards cut it at 150 characters with Show More).' },
    date: { title: 'Date', type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'When it was posted, YYYY-MM-DD (the feed\'s rdate).' },
    style: { title: 'Style', type: 'string', pattern: slugPattern, description: 'Name of the style the review is about, if any (counts toward that style\'s rating).' },
  },
} as const;

export const reviewsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('reviews'),
  type: 'object',
  title: 'Reviews',
  description: 'Customer reviews and, optionally, the store\'s overall rating on review platforms.',
  additionalProperties: false,
  required: ['reviews'],
  properties: {
    $schema: schemaRefProperty,
    summary: { ...ratingSummarySchema, title: 'Summary', description: 'The overall rating to show; computed from the reviews below when absent.' },
    reviews: { title: 'Reviews', type: 'array', items: reviewSchema, description: 'The reviews, newest first.' },
  },
} as const;

export type ReviewsDefinition = FromSchema<typeof reviewsSchema>;
export type Review = FromSchema<typeof reviewSchema>;
export type RatingSummary = FromSchema<typeof ratingSummarySchema>;
