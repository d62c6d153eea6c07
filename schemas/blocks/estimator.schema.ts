import type { FromSchema } from 'json-schema-to-ts';

/** The project price estimator placed on a page: an estimator template of the estimator/ folder. */
export const estimatorBlockSchema = {
  type: 'object',
  title: 'Estimator block',
  description: "Shows an estimator template (estimator/{name}.json) with its live price summary, PDF download and sending. The same estimator is <showroom-estimator template=\"...\"> on other sites.",
  additionalProperties: false,
  required: ['type', 'template'],
  properties: {
    type: { title: 'Type', const: 'estimator', description: 'Block type: estimator.' },
    id: { title: 'Anchor id', type: 'string', description: 'Optional anchor id of the block.' },
    template: { title: 'Template', type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Name of the estimator template (estimator/{name}.json), e.g. kitchen-estimator.' },
    className: { title: 'Style names', type: 'string', description: 'Extra CSS class names of the block.' },
  },
} as const;

export type EstimatorBlock = FromSchema<typeof estimatorBlockSchema>;
