/** Pieces the catalog schemas share: images with alternative text, slugs, dollar prices. */

/** A URL-safe name: lower-case letters, digits and single hyphens (used in paths). */
export const slugPattern = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

export const catalogImageSchema = {
  type: 'object',
  title: 'Catalog image',
  description: 'An image shipped with the content folder (a path under /images/) with its alternative text.',
  additionalProperties: false,
  required: ['src', 'altText'],
  properties: {
    src: { title: 'Image file', type: 'string', pattern: '^/images/', description: 'Path of the image under the content folder, e.g. /images/styles/hartford-shaker/door-white.svg.' },
    altText: { title: 'Alternative text', type: 'string', description: 'Alternative text read by screen readers; empty only for decorative images.' },
    width: { title: 'Width', type: 'integer', minimum: 1, description: 'Intrinsic width in pixels (lets the page reserve the space before the image loads).' },
    height: { title: 'Height', type: 'integer', minimum: 1, description: 'Intrinsic height in pixels.' },
  },
} as const;

export const ratingSummarySchema = {
  type: 'object',
  title: 'Rating summary',
  description: 'Average rating and number of reviews, as shown by star badges and given to search engines.',
  additionalProperties: false,
  required: ['avgRating', 'reviewCount'],
  properties: {
    avgRating: { title: 'Average rating', type: 'number', minimum: 0, maximum: 5, description: 'Average rating out of 5 (one decimal; stars show halves).' },
    reviewCount: { title: 'Review count', type: 'integer', minimum: 0, description: 'How many reviews the average is taken over.' },
  },
} as const;

export const schemaRefProperty = { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' } as const;
