import type { FromSchema } from 'json-schema-to-ts';

export const breadcrumbBlockSchema = {
  type: 'object',
  title: 'Breadcrumb block',
  description: 'The trail from the home page to this page: built from the route list, or from the items given here.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'breadcrumb', description: 'Block type: breadcrumb.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    items: { title: 'Items',
      type: 'array',
      description: 'Explicit trail, first to last. The last item is the current page and needs no path. Default: from the route list.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label'],
        properties: {
          label: { title: 'Label', type: 'string', minLength: 1, description: 'Text of the crumb.' },
          path: { title: 'Path', type: 'string', minLength: 1, description: 'Where the crumb links to.' },
        },
      },
    },
  },
} as const;

export type BreadcrumbBlock = FromSchema<typeof breadcrumbBlockSchema>;
