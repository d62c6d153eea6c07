import type { FromSchema } from 'json-schema-to-ts';

/** A form of the forms/ folder placed on a page. */
export const formBlockSchema = {
  type: 'object',
  title: 'Form block',
  description: 'Shows one of the site\'s forms (contact, claim, become-dealer, newsletter, free-kitchen-design...).',
  additionalProperties: false,
  required: ['type', 'form'],
  properties: {
    type: { title: 'Type', const: 'form', description: 'Block type: form.' },
    id: { title: 'Anchor id', type: 'string', description: 'Optional anchor id of the block.' },
    form: { title: 'Form', type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Which form to show, e.g. contact.' },
    showTitle: { title: 'Show title', type: 'boolean', description: "Show the form's title and description above it. Default true." },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

export type FormBlock = FromSchema<typeof formBlockSchema>;
