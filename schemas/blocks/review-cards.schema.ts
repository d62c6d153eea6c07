import type { FromSchema } from 'json-schema-to-ts';

export const reviewCardsBlockSchema = {
  type: 'object',
  title: 'Review cards block',
  description: 'Customer reviews from data/reviews.json as cards (text cut at 150 characters with Show More / Show Less), with the overall rating.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'review-cards', description: 'Block type: review-cards.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the cards.' },
    style: { title: 'Style', type: 'string', description: "Only reviews of this style; ':styleName' takes the style of the page's route." },
    minRating: { title: 'Min rating', type: 'number', minimum: 0, maximum: 5, description: 'Only reviews with at least this rating.' },
    limit: { title: 'Limit', type: 'integer', minimum: 1, description: 'At most this many reviews (newest first).' },
    layout: { title: 'Layout', enum: ['grid', 'slider'], description: 'A grid, or a card slider. Default grid.' },
    showSummary: { title: 'Show summary', type: 'boolean', description: 'Show the average rating and count above the cards. Default true.' },
  },
} as const;

export const reviewBadgeBlockSchema = {
  type: 'object',
  title: 'Review badge block',
  description: "The store's (or a style's) average rating, stars and review count, linking to the reviews page.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'review-badge', description: 'Block type: review-badge.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    label: { title: 'Label', type: 'string', description: "What the rating is of, read by screen readers. Default 'Customer rating'." },
    href: { title: 'Link', type: 'string', description: 'Where the badge links. Default /reviews.' },
    style: { title: 'Style', type: 'string', description: "The rating of this style instead of the store; ':styleName' takes the route's style." },
  },
} as const;

export type ReviewCardsBlock = FromSchema<typeof reviewCardsBlockSchema>;
export type ReviewBadgeBlock = FromSchema<typeof reviewBadgeBlockSchema>;
