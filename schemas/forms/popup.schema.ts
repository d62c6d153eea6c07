/**
 * Popup definitions: when a popup shows, how long it
 * stays, whether it shows again, and what it contains.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { actionSchema, imageSchema } from '../common.schema';
import { schemaId } from '../schema-id';

/** Durations are strings such as 30s, 5m, 24h, 7d or 2w. */
export const timeStringSchema = {
  type: 'string',
  pattern: '^\\d+(\\.\\d+)?\\s*[smhdw]$',
  description: 'A duration: a number and a unit, s (seconds), m (minutes), h (hours), d (days) or w (weeks), e.g. 10s or 24h.',
} as const;

const textComponentSchema = {
  type: 'object',
  title: 'Text component',
  description: 'A heading and/or paragraph of text.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'text', description: 'Component type: text.' },
    heading: { title: 'Heading', type: 'string', description: 'A heading.' },
    text: { title: 'Text', type: 'string', description: 'A paragraph (simple HTML allowed: bold, italics, links).' },
  },
} as const;

const imageComponentSchema = {
  type: 'object',
  title: 'Image component',
  description: 'A picture.',
  additionalProperties: false,
  required: ['type', 'image'],
  properties: {
    type: { title: 'Type', const: 'image', description: 'Component type: image.' },
    image: imageSchema,
  },
} as const;

const formComponentSchema = {
  type: 'object',
  title: 'Form component',
  description: 'A form of the forms/ folder. After a successful submission the popup closes after 5 seconds.',
  additionalProperties: false,
  required: ['type', 'form'],
  properties: {
    type: { title: 'Type', const: 'form', description: 'Component type: form.' },
    form: { title: 'Form', type: 'string', minLength: 1, description: 'Which form to show, e.g. contact.' },
  },
} as const;

const actionComponentSchema = {
  type: 'object',
  title: 'Action component',
  description: 'A button or link.',
  additionalProperties: false,
  required: ['type', 'action'],
  properties: {
    type: { title: 'Type', const: 'action', description: 'Component type: action.' },
    action: actionSchema,
  },
} as const;

export const popupComponentSchema = {
  type: 'object',
  title: 'Popup component',
  description: 'One piece of the popup content; the type chooses which.',
  oneOf: [textComponentSchema, imageComponentSchema, formComponentSchema, actionComponentSchema],
  discriminator: { propertyName: 'type' },
} as const;

export const popupSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('popup'),
  type: 'object',
  title: 'Popup definition',
  description: 'A popup: hidden, then shown after a delay, past a scroll depth or when the mouse leaves the page.',
  additionalProperties: false,
  required: ['name', 'components'],
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    name: { title: 'Name', type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Name of the popup; the same as its file name.' },
    title: { title: 'Title', type: 'string', description: 'Heading of the popup.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    layout: { title: 'Layout',
      enum: ['center', 'image-content', 'components-only'],
      description: 'center: title, text and components centred; image-content: the image beside the content; components-only: only the components. Default center.',
    },
    image: { ...imageSchema, title: 'Image', description: 'The picture of the image-content layout.' },
    show: {
      type: 'object',
      title: 'Show triggers',
      description: 'When the popup appears; the first trigger that fires shows it. Without any trigger it shows after 0s.',
      additionalProperties: false,
      properties: {
        delay: { ...timeStringSchema, title: 'Delay', description: 'Show after this time on the page: a number and a unit (s, m, h, d, w), e.g. 5s.' },
        scrollPercentage: { title: 'Scroll percentage',
          type: 'number',
          minimum: 0,
          maximum: 100,
          description: 'Show once the visitor has scrolled past this percentage of the page (giving it turns the scroll trigger on). Default 50 with onScroll.',
        },
        onScroll: { title: 'On scroll', type: 'boolean', description: 'Show on scrolling past scrollPercentage (50 unless given).' },
        exitIntent: { title: 'Exit intent', type: 'boolean', description: 'Show when the mouse leaves the page towards the browser bar.' },
      },
    },
    showOnce: { title: 'Show once', type: 'boolean', description: 'After it has shown once, do not show it again to the same visitor for a while (Show again after).' },
    cookieExpiry: { ...timeStringSchema, title: 'Shown again after (days)', description: 'How long until a popup shown once may show again: a number and a unit (s, m, h, d, w), e.g. 24h or 7d. Default 24h.' },
    autoClose: {
      title: 'Auto close',
      description: 'Close automatically after this time (default 10s), or false to stay open until closed.',
      anyOf: [timeStringSchema, { const: false, description: 'Never close automatically.' }],
    },
    components: { title: 'Components', type: 'array', items: popupComponentSchema, description: 'The content of the popup, top to bottom.' },
  },
} as const;

export type PopupDefinition = FromSchema<typeof popupSchema>;
export type PopupComponent = FromSchema<typeof popupComponentSchema>;

/** Popup defaults. */
export const POPUP_DEFAULTS = {
  autoClose: '10s',
  formSuccessCloseSeconds: 5,
  animationMs: 300,
  scrollPercentage: 50,
  cookieExpiry: '24h',
  zIndex: 9999,
  maxWidth: '90vw',
  maxHeight: '90vh',
} as const;
