import type { FromSchema } from 'json-schema-to-ts';

export const notFoundBlockSchema = {
  type: 'object',
  title: 'Not-found block',
  description: 'The not-found message with Go back and Go to home actions (000 §2.10). Variant v1 is a centred message; v2 adds a large 404 and suggested links.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { const: 'not-found', description: 'Block type: not-found.' },
    id: { type: 'string', description: 'Optional anchor id of the block.' },
    variant: { enum: ['v1', 'v2'], description: 'Layout variant. Default v1.' },
    title: { type: 'string', minLength: 1, description: "Heading. Default 'Page not found'." },
    text: { type: 'string', description: 'Text under the heading.' },
    links: {
      type: 'array',
      description: 'Suggested links (shown by variant v2).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'path'],
        properties: {
          text: { type: 'string', minLength: 1, description: 'Link text.' },
          path: { type: 'string', minLength: 1, description: 'Where the link goes.' },
        },
      },
    },
  },
} as const;

export type NotFoundBlock = FromSchema<typeof notFoundBlockSchema>;
