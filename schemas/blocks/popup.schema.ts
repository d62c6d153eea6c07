import type { FromSchema } from 'json-schema-to-ts';

/** Popups of the popups/ folder that a page may show. */
export const popupBlockSchema = {
  type: 'object',
  title: 'Popup block',
  description: 'Makes popups of the popups/ folder show on this page, each when its triggers fire (delay, scroll, exit intent). Renders nothing in the page flow.',
  additionalProperties: false,
  required: ['type', 'popups'],
  properties: {
    type: { title: 'Type', const: 'popup', description: 'Block type: popup.' },
    popups: { title: 'Popups',
      type: 'array',
      minItems: 1,
      items: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Which popup, e.g. welcome.' },
      description: 'Names of the popups this page may show.',
    },
  },
} as const;

export type PopupBlock = FromSchema<typeof popupBlockSchema>;
