import type { FromSchema } from 'json-schema-to-ts';

export const notFoundBlockSchema = {
  type: 'object',
  title: 'Not-found block',
  description: 'The \'page not found\' message with Go back and Go to home buttons. Variant v1 is a centred message; v2 adds a large 404 and suggested links.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'not-found', description: 'Block type: not-found.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    variant: { title: 'Variant', enum: ['v1', 'v2'], description: 'Layout variant. Default v1.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: "Heading. Default 'Page not found'." },
    text: { title: 'Text', type: 'string', description: 'Text under the heading.' },
    links: { title: 'Links',
      type: 'array',
      description: 'Suggested links (shown by variant v2).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'path'],
        properties: {
          text: { title: 'Text', type: 'string', minLength: 1, description: 'Link text.' },
          path: { title: 'Path', type: 'string', minLength: 1, description: 'Where the link goes.' },
        },
      },
    },
  },
} as const;

export type NotFoundBlock = FromSchema<typeof notFoundBlockSchema>;
