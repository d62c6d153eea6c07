import type { FromSchema } from 'json-schema-to-ts';

export const quoteLinkBlockSchema = {
  type: 'object',
  title: 'Quote-link block',
  description:
    "Put first on the page a quote's payment link opens (001 §2, /quote/payment?quoteId=&token=). It shows nothing; in the browser it moves the link's token out of the address bar at once (into sessionStorage, for the payment calls' Authorization header), so the token does not stay in the history, a bookmark or a shared screenshot.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'quote-link', description: 'Block type: quote-link.' },
  },
} as const;

export type QuoteLinkBlock = FromSchema<typeof quoteLinkBlockSchema>;
