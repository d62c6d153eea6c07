/**
 * The contracts of what the content folder serves to widgets and pages: the door samples
 * (server/api/catalog-samples.ts), the review feed (server/api/reviews.ts) and the estimator
 * templates (server/api/estimator.ts). All are read once at start; none takes a body or a query.
 */
import { endpoint, errorSchema, moneySchema } from './endpoint';

/** One orderable sample as widgets show it (schemas/catalog/widget-samples.ts makes them). */
export const widgetSampleSchema = {
  type: 'object',
  required: ['sku', 'name', 'price', 'style', 'styleTitle', 'finish', 'finishLabel'],
  additionalProperties: false,
  properties: {
    sku: { type: 'string' },
    name: { type: 'string' },
    price: moneySchema,
    style: { type: 'string', description: "The style's name" },
    styleTitle: { type: 'string' },
    finish: { type: 'object', required: ['type', 'value'], additionalProperties: false, properties: { type: { type: 'string' }, value: { type: 'string' } } },
    finishLabel: { type: 'string' },
    image: {
      type: 'object',
      required: ['src', 'altText'],
      additionalProperties: false,
      description: "The finish's swatch; the path is the store's: widgets resolve it against their api-base",
      properties: { src: { type: 'string' }, altText: { type: 'string' } },
    },
  },
} as const;

const notModified = { description: 'Not Modified: the If-None-Match tag is current (no body)' } as const;
const conditional = {
  type: 'object',
  properties: { 'if-none-match': { type: 'string', description: "The ETag of an earlier answer: a 304 while it is current" } },
} as const;

export const catalogSamplesEndpoint = endpoint({
  method: 'GET',
  path: '/api/catalog/samples',
  summary: "Every style's orderable samples (the sample cart's lookup); ETag, brotli or gzip",
  caller: 'anyone (widgets on the allowed origins and dealers\' origins)',
  tags: ['catalog'],
  request: { headers: conditional },
  responses: {
    200: { type: 'object', required: ['samples'], additionalProperties: false, properties: { samples: { type: 'array', items: widgetSampleSchema } } },
    304: notModified,
  },
});

export const styleSamplesEndpoint = endpoint({
  method: 'GET',
  path: '/api/catalog/styles/:styleName/samples',
  summary: "One style's orderable samples (order-samples); ETag, brotli or gzip",
  caller: 'anyone (widgets on the allowed origins and dealers\' origins)',
  tags: ['catalog'],
  request: {
    params: { type: 'object', required: ['styleName'], properties: { styleName: { type: 'string', description: "The style's name (an unknown one is a 404 style_not_found)" } } },
    headers: conditional,
  },
  responses: {
    200: {
      type: 'object',
      required: ['style', 'samples'],
      additionalProperties: false,
      properties: {
        style: { type: 'object', required: ['name', 'title'], additionalProperties: false, properties: { name: { type: 'string' }, title: { type: 'string' } } },
        samples: { type: 'array', items: widgetSampleSchema },
      },
    },
    304: notModified,
    404: { ...errorSchema, description: "style_not_found: 'We are sorry, but we could not find any data.' (fields.styleName)" },
  },
});

/** One review of the feed (rating, reviewer nickname, rdate, comments). */
export const feedReviewSchema = {
  type: 'object',
  required: ['reviewId', 'rating', 'reviewer', 'rdate', 'comments', 'sourceType'],
  additionalProperties: false,
  properties: {
    reviewId: { type: 'string' },
    rating: { type: 'number', minimum: 0, maximum: 5 },
    reviewer: {
      type: 'object',
      required: ['nickname'],
      additionalProperties: false,
      properties: { nickname: { type: 'string' }, location: { type: 'string' }, thumbnailUrl: { type: 'string' } },
    },
    rdate: { type: 'string', description: 'YYYY-MM-DD' },
    comments: { type: 'string' },
    sourceType: { type: 'string', description: 'Where the review was posted (Google, Houzz ... or Our Website)' },
  },
} as const;

export const reviewFeedEndpoint = endpoint({
  method: 'GET',
  path: '/api/reviews/birdeye',
  summary: 'Review feed (rating, reviewer.nickname, rdate, comments)',
  caller: 'anyone (product pages, for their structured data)',
  tags: ['reviews'],
  responses: { 200: { type: 'array', items: feedReviewSchema } },
});

export const reviewSummaryEndpoint = endpoint({
  method: 'GET',
  path: '/api/reviews/summary',
  summary: 'avgRating and reviewCount of the review feed',
  caller: 'anyone',
  tags: ['reviews'],
  responses: {
    200: {
      type: 'object',
      required: ['avgRating', 'reviewCount'],
      additionalProperties: false,
      properties: { avgRating: { type: 'number', minimum: 0, maximum: 5, description: 'One decimal; 0 without reviews' }, reviewCount: { type: 'integer', minimum: 0 } },
    },
  },
});

const templateParams = {
  type: 'object',
  required: ['template'],
  properties: { template: { type: 'string', description: 'The estimator template name (an unknown one is a 404)' } },
} as const;

export const estimatorListEndpoint = endpoint({
  method: 'GET',
  path: '/api/estimator',
  summary: 'The names (and titles) of the estimator templates the store serves',
  caller: "anyone (the developers' playground offers them as the template attribute's choices)",
  tags: ['estimator'],
  responses: {
    200: {
      type: 'object',
      required: ['success', 'templates'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        templates: { type: 'array', items: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string' }, title: { type: 'string' } } } },
      },
    },
  },
});

export const estimatorTemplateEndpoint = endpoint({
  method: 'GET',
  path: '/api/estimator/:template',
  summary: 'An estimator template and the pricing data it reads; a strong ETag, a 304 for a matching If-None-Match',
  caller: 'anyone (the <showroom-estimator> element on any allowed origin)',
  tags: ['estimator'],
  request: { params: templateParams, headers: conditional },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'template', 'pricing'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        template: {
          type: 'object',
          required: ['name', 'fields'],
          description: 'The template as the content folder defines it (schemas/estimator/estimator-template.schema.ts)',
          properties: { name: { type: 'string' }, title: { type: 'string' }, fields: { type: 'array', items: { type: 'object' } } },
        },
        pricing: {
          type: 'object',
          description: 'The pricing data the template reads, by field name (schemas/estimator/estimator-pricing.schema.ts)',
          properties: { $schema: { type: 'string', description: "The data file's own schema reference" } },
          additionalProperties: { type: 'object' },
        },
        cabinets: {
          type: 'object',
          description: "A template with a cabinet mix: its mixes and each code's catalog numbers (list cents, price group and finish percent) at the low and the high end (schemas/evaluators/cabinet-mix.ts)",
          required: ['sizeField', 'mixes', 'low', 'high'],
          properties: {
            sizeField: { type: 'string' },
            layoutField: { type: 'string' },
            mixes: { type: 'array', items: { type: 'object' } },
            low: { type: 'object', additionalProperties: { type: 'object' } },
            high: { type: 'object', additionalProperties: { type: 'object' } },
          },
        },
      },
    },
    304: notModified,
    404: { ...errorSchema, description: "estimator_not_found (fields.template: 'Unknown estimator template')" },
  },
});

/** The logo is an image, not JSON: the contract checks its request; its 200 is described in words. */
export const estimatorLogoEndpoint = endpoint({
  method: 'GET',
  path: '/api/estimator/:template/logo',
  responseTypes: { 200: 'image/*' },
  summary: "The logo an estimator's PDF draws (SVG, PNG, JPEG or WebP), with CORS so a page of another origin may draw it on a canvas",
  caller: 'anyone (the <showroom-estimator> element)',
  tags: ['estimator'],
  request: { params: templateParams },
  responses: {
    200: { type: 'string', description: 'The image itself (image/svg+xml, image/png, image/jpeg or image/webp), not JSON' },
    404: { ...errorSchema, description: "logo_not_found: 'This estimator has no logo.'" },
  },
});

export const catalogEndpoints = [
  catalogSamplesEndpoint,
  styleSamplesEndpoint,
  reviewFeedEndpoint,
  reviewSummaryEndpoint,
  estimatorListEndpoint,
  estimatorTemplateEndpoint,
  estimatorLogoEndpoint,
] as const;
