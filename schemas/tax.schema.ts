/** Tax rules: a percentage by country, state and ZIP code. */
import type { FromSchema } from 'json-schema-to-ts';
import { countryCodeSchema, stateCodeSchema, zipCodePatternSchema } from './location.schema';
import { schemaId } from './schema-id';

export const taxRuleSchema = {
  type: 'object',
  title: 'Tax rule',
  description: 'The tax percentages of one country, by state and ZIP code.',
  additionalProperties: false,
  required: ['country', 'states'],
  properties: {
    country: countryCodeSchema,
    states: {
      type: 'array',
      title: 'States',
      description: 'Percentages by state; a "*" state covers the states that have no entry.',
      items: {
        type: 'object',
        title: 'State tax',
        description: 'The percentages of one state by ZIP code.',
        additionalProperties: false,
        required: ['state', 'zipCodes'],
        properties: {
          state: stateCodeSchema,
          zipCodes: {
            type: 'array',
            title: 'ZIP codes',
            description: 'Percentages by ZIP code: an exact code wins over a range, a range over "*".',
            minItems: 1,
            items: {
              type: 'object',
              title: 'ZIP code tax',
              description: 'The tax percentage for a ZIP code, a range of ZIP codes or "*".',
              additionalProperties: false,
              required: ['zipCode', 'taxPercentage'],
              properties: {
                zipCode: zipCodePatternSchema,
                taxPercentage: { type: 'number', minimum: 0, maximum: 100, title: 'Tax %', description: 'Percentage charged on each item and on shipping, e.g. 7.25.' },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const taxRulesSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('tax-rules'),
  type: 'object',
  title: 'Tax rules',
  description: 'Sales tax by country, state and ZIP code. An address no rule covers pays no tax.',
  additionalProperties: false,
  required: ['taxRules'],
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    taxRules: { type: 'array', title: 'Rules', description: 'One rule per country.', items: taxRuleSchema },
  },
} as const;

export type TaxRulesDefinition = FromSchema<typeof taxRulesSchema>;
export type TaxRule = FromSchema<typeof taxRuleSchema>;
