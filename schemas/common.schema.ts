/** Pieces that several definition schemas share: images, links and actions. */

export const imageSchema = {
  type: 'object',
  title: 'Image',
  description: 'An image shipped with the content folder (a path under /images/) with its alternative text.',
  additionalProperties: false,
  required: ['src', 'alt'],
  properties: {
    src: { title: 'Image file', type: 'string', minLength: 1, description: 'Path of the image, e.g. /images/banner-home.svg.' },
    alt: { title: 'Alternative text', type: 'string', description: 'Alternative text read by screen readers; empty only for decorative images.' },
    width: { title: 'Width', type: 'integer', minimum: 1, description: 'Intrinsic width in pixels.' },
    height: { title: 'Height', type: 'integer', minimum: 1, description: 'Intrinsic height in pixels.' },
  },
} as const;

export const actionSchema = {
  type: 'object',
  title: 'Action',
  description: 'A link shown as a button or a text link.',
  additionalProperties: false,
  required: ['text', 'path'],
  properties: {
    text: { title: 'Text', type: 'string', minLength: 1, description: 'The words on the button or link.' },
    path: { title: 'Path', type: 'string', minLength: 1, description: 'Where the link goes: a site path such as /contact, or a full URL.' },
    variant: { title: 'Variant', enum: ['primary', 'secondary', 'link'], description: 'How the action looks. Default primary.' },
  },
} as const;
