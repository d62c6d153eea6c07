/**
 * Price groups (catalog/price-groups.json): kitchen software groups door styles into price groups,
 * and a style's group raises (or lowers) the list price of every cabinet of the style by its
 * percentage. The rule that applies it is schemas/evaluators/kitchen-pricing.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { schemaRefProperty } from './catalog-common.schema';
import { codePattern, percent } from './kitchen-common.schema';

export const priceGroupSchema = {
  type: 'object',
  title: 'Price group',
  description: 'One price group: its code, its name and the percentage it adds to the list price of the cabinets of its styles.',
  additionalProperties: false,
  required: ['code', 'title', 'percent'],
  properties: {
    code: { title: 'Code', type: 'string', pattern: codePattern, description: 'The code a cabinet line names, e.g. A; unique in the file.' },
    title: { title: 'Name', type: 'string', minLength: 1, maxLength: 80, description: 'Its name in the studio, e.g. Select.' },
    percent: { title: 'Percentage', ...percent, description: 'Added to the list price of every cabinet of its styles, e.g. 12 for 12 %; 0 for list price.' },
  },
} as const;

export const priceGroupsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('price-groups'),
  type: 'object',
  title: 'Price groups',
  description: 'The price groups the cabinet lines name. Every group must be used by at least one line.',
  additionalProperties: false,
  required: ['groups'],
  properties: {
    $schema: schemaRefProperty,
    groups: { title: 'Price groups', type: 'array', minItems: 1, items: priceGroupSchema, description: 'The groups, from the least to the most expensive.' },
  },
} as const;

export type PriceGroupsDefinition = FromSchema<typeof priceGroupsSchema>;
export type PriceGroup = FromSchema<typeof priceGroupSchema>;
