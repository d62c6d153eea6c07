/**
 * Shipping methods and their rates. Rates are written in dollars, as the operator
 * reads them; the evaluator (shipping-rules.ts) works in integer cents.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countryCodeSchema, stateCodeSchema, zipCodePatternSchema } from './location.schema';
import { schemaId } from './schema-id';

const zipCodesSchema = {
  type: 'array',
  title: 'ZIP codes',
  description: 'The ZIP codes this entry covers. Default ["*"] (every ZIP code of the state).',
  minItems: 1,
  items: zipCodePatternSchema,
} as const;

const disabledSchema = {
  type: 'boolean',
  title: 'Shipping disabled',
  description: 'true: this method does not ship to these ZIP codes; the customer must use another address.',
} as const;

export const orderRateStateSchema = {
  type: 'object',
  title: 'State rate (by order)',
  description: 'The flat shipping price of an order for a state and some of its ZIP codes.',
  additionalProperties: false,
  required: ['state'],
  properties: {
    state: stateCodeSchema,
    zipCodes: zipCodesSchema,
    rate: { type: 'number', minimum: 0, title: 'Rate', description: 'Shipping price of the whole order in dollars, e.g. 149 or 0 for free shipping.' },
    isShippingDisabled: disabledSchema,
  },
} as const;

export const itemRateStateSchema = {
  type: 'object',
  title: 'State rate (by item)',
  description: 'The shipping price of each item for a state and some of its ZIP codes.',
  additionalProperties: false,
  required: ['state'],
  properties: {
    state: stateCodeSchema,
    zipCodes: zipCodesSchema,
    ratePerItem: { type: 'number', minimum: 0, title: 'Rate per item', description: 'Shipping price of one item in dollars; the order pays it once per item.' },
    isShippingDisabled: disabledSchema,
  },
} as const;

export const orderRangeSchema = {
  type: 'object',
  title: 'Order range',
  description: 'Rates for orders whose subtotal, rounded to whole dollars, lies between startValue and endValue (both included).',
  additionalProperties: false,
  required: ['startValue', 'countries'],
  properties: {
    startValue: { type: 'number', minimum: 0, title: 'From', description: 'Lowest subtotal of the range in dollars (included).' },
    endValue: { type: 'number', minimum: 0, title: 'To', description: 'Highest subtotal of the range in dollars (included). Leave it out for "and over".' },
    countries: {
      type: 'array',
      title: 'Countries',
      description: 'Rates of this range by country.',
      items: {
        type: 'object',
        title: 'Country rates',
        description: 'The states of one country and their rates.',
        additionalProperties: false,
        required: ['countryId', 'states'],
        properties: {
          countryId: countryCodeSchema,
          states: { type: 'array', title: 'States', description: 'Rates by state; a "*" state covers the others.', items: orderRateStateSchema },
        },
      },
    },
  },
} as const;

export const shippingMethodSchema = {
  type: 'object',
  title: 'Shipping method',
  description: 'One way to ship an order, with its rates by order subtotal or by item count.',
  additionalProperties: false,
  required: ['type', 'displayName', 'isEnabled', 'calculateRateBy', 'rates'],
  properties: {
    type: { type: 'string', minLength: 1, pattern: '^[a-z0-9-]+$', title: 'Code', description: 'Unique code of the method, e.g. standard-freight. Stored on the order as its shipping method.' },
    displayName: { type: 'string', minLength: 1, title: 'Name', description: 'What the customer reads at checkout, e.g. "Standard freight".' },
    description: { type: 'string', title: 'Description', description: 'A line under the name, e.g. delivery times.' },
    isEnabled: { type: 'boolean', title: 'Enabled', description: 'Only enabled methods are offered.' },
    samplesAtAnyAmount: {
      type: 'boolean',
      title: 'Every order of samples only',
      description:
        'An order of door samples only ships by this method whatever its subtotal: the rates by address are those of its order ranges, the subtotal not compared. Any other order uses the method within its ranges.',
    },
    calculateRateBy: {
      enum: ['Order', 'Item'],
      title: 'Calculate rate by',
      description: 'Order: a price for the whole order, by subtotal range (rates.byOrder). Item: a price per item (rates.byItem).',
    },
    rates: {
      type: 'object',
      title: 'Rates',
      description: 'The rate tables; the one named by calculateRateBy is used.',
      additionalProperties: false,
      properties: {
        byOrder: {
          type: 'object',
          title: 'Rates by order',
          description: 'Rates by order subtotal range.',
          additionalProperties: false,
          required: ['orderRange'],
          properties: {
            orderRange: { type: 'array', title: 'Order ranges', description: 'Subtotal ranges, each with its rates by country and state.', items: orderRangeSchema },
          },
        },
        byItem: {
          type: 'object',
          title: 'Rates by item',
          description: 'Rates per item by country and state.',
          additionalProperties: false,
          required: ['countries'],
          properties: {
            countries: {
              type: 'array',
              title: 'Countries',
              description: 'Rates per item by country.',
              items: {
                type: 'object',
                title: 'Country rates',
                description: 'The states of one country and their rates per item.',
                additionalProperties: false,
                required: ['countryId', 'states'],
                properties: {
                  countryId: countryCodeSchema,
                  states: { type: 'array', title: 'States', description: 'Rates by state; a "*" state covers the others.', items: itemRateStateSchema },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const shippingMethodsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('shipping-methods'),
  type: 'object',
  title: 'Shipping methods',
  description: 'How orders are shipped and what shipping costs, by subtotal or item count, country, state and ZIP code.',
  additionalProperties: false,
  required: ['shippingMethods'],
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    shippingMethods: {
      type: 'array',
      title: 'Methods',
      description: 'Tried in order; the first enabled method with an entry for the address decides the rate.',
      items: shippingMethodSchema,
    },
  },
} as const;

export type ShippingMethodsDefinition = FromSchema<typeof shippingMethodsSchema>;
export type ShippingMethod = FromSchema<typeof shippingMethodSchema>;
export type OrderRateState = FromSchema<typeof orderRateStateSchema>;
export type ItemRateState = FromSchema<typeof itemRateStateSchema>;
