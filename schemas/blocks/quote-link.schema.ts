import type { FromSchema } from 'json-schema-to-ts';

export const quoteLinkBlockSchema = {
  type: 'object',
  title: 'Quote-link block',
  description:
    "Put first on the page a quote's payment link opens. It shows nothing: it takes the link's secret out of the address bar at once, so it does not stay in the browser's history, a bookmark or a shared screenshot.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'quote-link', description: 'Block type: quote-link.' },
  },
} as const;

export type QuoteLinkBlock = FromSchema<typeof quoteLinkBlockSchema>;
