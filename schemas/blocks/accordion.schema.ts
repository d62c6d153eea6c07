import type { FromSchema } from 'json-schema-to-ts';

export const accordionBlockSchema = {
  type: 'object',
  title: 'Accordion block',
  description: 'Questions or topics that open one at a time.',
  additionalProperties: false,
  required: ['type', 'items'],
  properties: {
    type: { title: 'Type', const: 'accordion', description: 'Block type: accordion.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the accordion.' },
    initiallyOpen: { title: 'Initially open', type: 'integer', minimum: 0, description: 'Index of the item open at first. Default: all closed.' },
    items: { title: 'Items',
      type: 'array',
      description: 'The items, in order.',
      items: {
        type: 'object',
        title: 'Accordion item',
        additionalProperties: false,
        required: ['title', 'description'],
        properties: {
          title: { title: 'Title', type: 'string', minLength: 1, description: 'The header the visitor clicks.' },
          description: { title: 'Description',
            description: 'The content: text or a list of texts. Simple HTML (p, br, strong, em, b, i, u, ul, ol, li, span, h3, h4, a href) is allowed; anything else is shown as text.',
            oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
          },
        },
      },
    },
  },
} as const;

export type AccordionBlock = FromSchema<typeof accordionBlockSchema>;
