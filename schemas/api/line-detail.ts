/**
 * A kitchen line's words as the quote and order answers carry them (schemas/evaluators/quote-lines.ts
 * LineDetail): what the line is, its finish, its options with their prices, its measure and its room
 * or wall. Absent on a door sample's line. Pages format it with lineWords, never by hand.
 */
import { moneySchema } from './endpoint';

const text = { type: 'string' } as const;

export const lineDetailSchema = {
  type: 'object',
  required: ['kind', 'description', 'options'],
  additionalProperties: false,
  description: "A kitchen line's words: cabinet, countertop, service or free line",
  properties: {
    kind: { enum: ['cabinet', 'countertop', 'service', 'free'] },
    description: text,
    finish: { type: 'object', required: ['type', 'value', 'label'], additionalProperties: false, properties: { type: text, value: text, label: { type: 'string', description: 'As the catalog names it' } } },
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'label', 'amount', 'per'],
        additionalProperties: false,
        properties: { code: text, label: text, amount: moneySchema, per: { enum: ['each', 'sqft', 'line'], description: 'each: per unit; sqft: per square foot; line: once for the line' } },
      },
    },
    measure: { type: 'object', required: ['amount', 'unit'], additionalProperties: false, properties: { amount: { type: 'number' }, unit: { enum: ['sq ft', 'ft'] } } },
    rate: { ...moneySchema, description: 'The price per square foot (edge included) or per foot' },
    unitName: { type: 'string', description: 'What one unit of a service priced each is (cabinet)' },
    group: { type: 'string', description: 'The room or wall of the line, e.g. Kitchen — sink wall' },
  },
} as const;
