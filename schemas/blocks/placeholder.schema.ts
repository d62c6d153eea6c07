import type { FromSchema } from 'json-schema-to-ts';
import { actionSchema } from '../common.schema';

export const placeholderBlockSchema = {
  type: 'object',
  title: 'Placeholder block',
  description: 'An honest note where a feature is not on this page yet (a widget of a later release): a heading, a message and actions.',
  additionalProperties: false,
  required: ['type', 'title', 'message'],
  properties: {
    type: { title: 'Type', const: 'placeholder', description: 'Block type: placeholder.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Heading (h1 when headingLevel is 1).' },
    message: { title: 'Message', type: 'string', minLength: 1, description: 'What the visitor should know.' },
    details: { title: 'Details', type: 'array', items: { type: 'string', minLength: 1 }, description: 'Further lines of text.' },
    showParam: { title: 'Address parameter', type: 'string', description: 'Name of a route parameter to echo, e.g. id: "Order #123".' },
    paramLabel: { title: 'Parameter label', type: 'string', description: 'Words before the echoed parameter, e.g. "Order".' },
    headingLevel: { title: 'Heading level', enum: [1, 2], description: 'Heading level. Default 1 (the placeholder is the page).' },
    actions: { title: 'Actions', type: 'array', items: actionSchema, description: 'Links to where the visitor can go instead.' },
  },
} as const;

export const promotionsBlockSchema = {
  type: 'object',
  title: 'Promotions block',
  description: 'The store-wide offers of the site settings (promotions) as a strip of highlights.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'promotions', description: 'Block type: promotions.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading. Default none (a compact strip).' },
    codes: { title: 'Codes', type: 'array', items: { type: 'string', minLength: 1 }, description: 'Which promotions (by code) to show. Default all.' },
  },
} as const;

export type PlaceholderBlock = FromSchema<typeof placeholderBlockSchema>;
export type PromotionsBlock = FromSchema<typeof promotionsBlockSchema>;
