import type { FromSchema } from 'json-schema-to-ts';
import { actionSchema } from '../common.schema';

export const placeholderBlockSchema = {
  type: 'object',
  title: 'Placeholder block',
  description: 'An honest note where a feature is not on this page yet (a widget of a later release): a heading, a message and actions.',
  additionalProperties: false,
  required: ['type', 'title', 'message'],
  properties: {
    type: { const: 'placeholder', description: 'Block type: placeholder.' },
    id: { type: 'string', description: 'Optional anchor id of the block.' },
    title: { type: 'string', minLength: 1, description: 'Heading (h1 when headingLevel is 1).' },
    message: { type: 'string', minLength: 1, description: 'What the visitor should know.' },
    details: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Further lines of text.' },
    showParam: { type: 'string', description: 'Name of a route parameter to echo, e.g. id: "Order #123".' },
    paramLabel: { type: 'string', description: 'Words before the echoed parameter, e.g. "Order".' },
    headingLevel: { enum: [1, 2], description: 'Heading level. Default 1 (the placeholder is the page).' },
    actions: { type: 'array', items: actionSchema, description: 'Links to where the visitor can go instead.' },
  },
} as const;

export const promotionsBlockSchema = {
  type: 'object',
  title: 'Promotions block',
  description: 'The store-wide offers of the site settings (promotions) as a strip of highlights.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { const: 'promotions', description: 'Block type: promotions.' },
    id: { type: 'string', description: 'Optional anchor id of the block.' },
    title: { type: 'string', description: 'Heading. Default none (a compact strip).' },
    codes: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Which promotions (by code) to show. Default all.' },
  },
} as const;

export type PlaceholderBlock = FromSchema<typeof placeholderBlockSchema>;
export type PromotionsBlock = FromSchema<typeof promotionsBlockSchema>;
