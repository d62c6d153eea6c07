import type { FromSchema } from 'json-schema-to-ts';

export const schedulingWidgetBlockSchema = {
  type: 'object',
  title: 'Scheduling widget block',
  description: "The appointment scheduler titled 'Select a Date & Time'. Its address and sizes come from the site settings (Scheduling).",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'scheduling-widget', description: 'Block type: scheduling-widget.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: "Heading. Default: the settings' title, else 'Select a Date & Time'." },
    text: { title: 'Text', type: 'string', description: 'A line under the heading.' },
  },
} as const;

export type SchedulingWidgetBlock = FromSchema<typeof schedulingWidgetBlockSchema>;
