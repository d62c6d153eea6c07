/** The estimator's price summary: which rows it shows and where. */
import type { FromSchema } from 'json-schema-to-ts';

const totalRowSchema = {
  type: 'object',
  title: 'Total row',
  description: 'A total line of the summary.',
  additionalProperties: false,
  required: ['label'],
  properties: { label: { title: 'Label', type: 'string', minLength: 1, description: 'Text of the row, e.g. Estimated Total.' } },
} as const;

export const summaryConfigSchema = {
  type: 'object',
  title: 'Summary config',
  description: 'The price summary beside (or above) the estimator: breakdown rows and totals, each shown as a range $min - $max.',
  additionalProperties: false,
  properties: {
    title: { title: 'Title', type: 'string', description: 'Heading of the summary, e.g. Your Estimate.' },
    note: { title: 'Note', type: 'string', description: 'Small print under the totals.' },
    position: { title: 'Position', enum: ['sidebar', 'top'], description: 'Where the summary sits. Default sidebar.' },
    breakdowns: { title: 'Breakdowns',
      type: 'array',
      description: 'Groups of breakdown rows.',
      items: {
        type: 'object',
        title: 'Breakdown',
        description: 'A titled group of rows.',
        additionalProperties: false,
        required: ['label', 'items'],
        properties: {
          label: { title: 'Label', type: 'string', minLength: 1, description: 'Heading of the group, e.g. Cabinets.' },
          items: { title: 'Items',
            type: 'array',
            description: 'The rows of the group.',
            items: {
              type: 'object',
              title: 'Breakdown row',
              description: 'One row: the summed range (product plus labor) of the listed fields.',
              additionalProperties: false,
              required: ['name', 'label', 'fields'],
              properties: {
                name: { title: 'Name', type: 'string', minLength: 1, description: 'Key of the row (sent with the submission).' },
                label: { title: 'Label', type: 'string', minLength: 1, description: 'Text of the row.' },
                fields: { title: 'Fields',
                  type: 'array',
                  minItems: 1,
                  items: { type: 'string', minLength: 1, description: 'Name of an estimator field.' },
                  description: 'Fields whose prices the row adds up.',
                },
              },
            },
          },
        },
      },
    },
    productTotal: { ...totalRowSchema, title: 'Product total', description: 'Row with the product (material) range.' },
    laborTotal: { ...totalRowSchema, title: 'Labor total', description: 'Row with the labor range.' },
    grandTotal: { ...totalRowSchema, title: 'Grand total', description: 'Row with the final range, product plus labor.' },
  },
} as const;

export type SummaryConfig = FromSchema<typeof summaryConfigSchema>;
