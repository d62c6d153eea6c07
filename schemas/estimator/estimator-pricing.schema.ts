/**
 * Estimator pricing data: keyed by field name, then by chosen option value;
 * for a field with dependsOn, nested under each dependency's chosen value first, in dependsOn order:
 *   { "doorStyle": { "<cabinetLine value>": { "<doorStyle value>": { "price": {...}, "labor": {...} } } } }
 * A node is a price entry when it has `price`; otherwise it is a map one level deeper.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';

const rangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['min', 'max'],
  properties: {
    min: { title: 'Min', type: 'number', minimum: 0, description: 'Low end of the range, in dollars.' },
    max: { title: 'Max', type: 'number', minimum: 0, description: 'High end of the range, in dollars.' },
  },
} as const;

export const priceEntrySchema = {
  type: 'object',
  title: 'Price entry',
  description: 'What choosing this option adds to the estimate.',
  additionalProperties: false,
  required: ['price'],
  properties: {
    price: { ...rangeSchema, title: 'Price', description: 'Product (material) range, in dollars.' },
    labor: { ...rangeSchema, title: 'Labor', description: 'Labor range, in dollars. Default 0 - 0.' },
  },
} as const;

export const estimatorPricingSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('estimator-pricing'),
  type: 'object',
  title: 'Estimator pricing data',
  description:
    'Prices by field name, then option value. For a field with dependsOn, nest the option values under each dependency value first, in dependsOn order.',
  definitions: {
    node: {
      type: 'object',
      title: 'Pricing node',
      description: 'A price entry (has price), or option values / dependency values mapped to deeper nodes.',
      if: { required: ['price'], properties: { price: { title: 'Price', description: 'A node with price is a price entry.' } } },
      then: priceEntrySchema,
      else: { additionalProperties: { $ref: '#/definitions/node' } },
    },
  },
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
  },
  additionalProperties: {
    type: 'object',
    title: 'Field prices',
    description: 'Prices of one field, keyed by option value (or by dependency value first).',
    additionalProperties: { $ref: '#/definitions/node' },
  },
} as const;

export type PriceEntry = FromSchema<typeof priceEntrySchema>;
export type PriceRange = PriceEntry['price'];
/** A node of the pricing tree: an entry, or a map one level deeper (typed by hand: the schema recurses). */
export type PricingNode = PriceEntry | { [key: string]: PricingNode };
/** Pricing data: field name -> (dependency values ->) option value -> entry. */
export type EstimatorPricing = { [fieldName: string]: { [key: string]: PricingNode } };
