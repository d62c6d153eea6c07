import type { FromSchema } from 'json-schema-to-ts';

/** A form of the forms/ folder placed on a page. */
export const formBlockSchema = {
  type: 'object',
  title: 'Form block',
  description: 'Shows a form of the forms/ folder (contact, claim, become-dealer, newsletter, free-kitchen-design...). Submissions go to /api/forms/{name}.',
  additionalProperties: false,
  required: ['type', 'form'],
  properties: {
    type: { title: 'Type', const: 'form', description: 'Block type: form.' },
    id: { title: 'Anchor id', type: 'string', description: 'Optional anchor id of the block.' },
    form: { title: 'Form', type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Name of the form definition (forms/{name}.json).' },
    showTitle: { title: 'Show title', type: 'boolean', description: "Show the form's title and description above it. Default true." },
    className: { title: 'Style names', type: 'string', description: 'Extra CSS class names of the block.' },
  },
} as const;

export type FormBlock = FromSchema<typeof formBlockSchema>;
