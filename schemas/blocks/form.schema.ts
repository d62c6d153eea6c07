import type { FromSchema } from 'json-schema-to-ts';

/** A form of the forms/ folder placed on a page. */
export const formBlockSchema = {
  type: 'object',
  title: 'Form block',
  description: "One of the site's forms, such as Get in touch or a claim.",
  additionalProperties: false,
  required: ['type', 'form'],
  properties: {
    type: { title: 'Type', const: 'form', description: 'Block type: form.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    form: { title: 'Form', type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: "Which form to show, by the title the file list gives it." },
    showTitle: { title: 'Show title', type: 'boolean', description: "Show the form's title and description above it. Default true." },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

export type FormBlock = FromSchema<typeof formBlockSchema>;
