import type { FromSchema } from 'json-schema-to-ts';

/** The project price estimator placed on a page: an estimator template of the estimator/ folder. */
export const estimatorBlockSchema = {
  type: 'object',
  title: 'Estimator block',
  description: "Shows a price estimator with its live price summary, PDF download and sending. Dealers can show the same estimator on their own sites.",
  additionalProperties: false,
  required: ['type', 'template'],
  properties: {
    type: { title: 'Type', const: 'estimator', description: 'Block type: estimator.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    template: { title: 'Template', type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Which estimator, e.g. kitchen-estimator.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

export type EstimatorBlock = FromSchema<typeof estimatorBlockSchema>;
