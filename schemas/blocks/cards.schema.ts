import type { FromSchema } from 'json-schema-to-ts';

export const cardImageSchema = {
  type: 'object',
  title: 'Card image',
  description: 'An image or icon of a card.',
  additionalProperties: false,
  required: ['alt'],
  properties: {
    src: { title: 'Image file', type: 'string', minLength: 1, description: 'Image path, e.g. /images/cards/cabinets.svg.' },
    alt: { title: 'Alternative text', type: 'string', description: 'Alternative text; empty only for decorative images.' },
    hoverSrc: { title: 'Image on hover', type: 'string', minLength: 1, description: 'Image shown while the pointer is over the card.' },
    iconName: { title: 'Icon', type: 'string', pattern: '^[a-z0-9-]+$', description: 'An icon instead of an image: /images/icons/{iconName}.svg.' },
    hoverIconName: { title: 'Icon on hover', type: 'string', pattern: '^[a-z0-9-]+$', description: 'Icon shown while the pointer is over the card.' },
    label: { title: 'Label', type: 'string', description: 'Small badge over the image, e.g. New.' },
    align: { title: 'Align', enum: ['left', 'center', 'right'], description: 'Where an icon sits. Default left.' },
    type: { title: 'Type', enum: ['image', 'icon'], description: 'image (full width) or icon (small). Default: icon when iconName is set.' },
    width: { title: 'Width', type: 'integer', minimum: 1, description: 'Intrinsic width in pixels.' },
    height: { title: 'Height', type: 'integer', minimum: 1, description: 'Intrinsic height in pixels.' },
    thumbnail: { title: 'Thumbnail', type: 'string', minLength: 1, description: 'Smaller version shown on the card (the lightbox shows src or fullSize).' },
    fullSize: { title: 'Full size', type: 'string', minLength: 1, description: 'Large original, preferred by the zoom lightbox.' },
  },
} as const;

export const cardActionSchema = {
  type: 'object',
  title: 'Card action',
  description: 'The link of a card.',
  additionalProperties: false,
  required: ['text', 'path'],
  properties: {
    text: { title: 'Text', type: 'string', minLength: 1, description: 'The words on the button or link.' },
    path: { title: 'Path', type: 'string', minLength: 1, description: 'Where it goes: a site path or a full URL.' },
    displayAs: { title: 'Display as', enum: ['button', 'link'], description: 'A button or a text link. Default link.' },
    variant: { title: 'Variant', enum: ['primary', 'secondary', 'link'], description: 'Button style. Default primary.' },
    target: { title: 'Target', enum: ['_self', '_blank'], description: '_blank opens a new tab. Default _self.' },
    showIcon: { title: 'Show icon', type: 'boolean', description: 'Show an arrow after the text. Default false.' },
  },
} as const;

export const contentCardSchema = {
  type: 'object',
  title: 'Card',
  description: 'One card: images, title, description and an action.',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Card heading.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading (cut at 220 characters with Read more).' },
    image: { title: 'Image',
      type: 'object',
      additionalProperties: false,
      required: ['src', 'alt'],
      description: 'A single image (short form of images).',
      properties: {
        src: { title: 'Image file', type: 'string', minLength: 1, description: 'Image path.' },
        alt: { title: 'Alternative text', type: 'string', description: 'Alternative text.' },
        width: { title: 'Width', type: 'integer', minimum: 1, description: 'Intrinsic width in pixels.' },
        height: { title: 'Height', type: 'integer', minimum: 1, description: 'Intrinsic height in pixels.' },
      },
    },
    images: { title: 'Images', type: 'array', items: cardImageSchema, description: 'Images or icons of the card; the first is shown.' },
    action: cardActionSchema,
  },
} as const;

export const contentCardsBlockSchema = {
  type: 'object',
  title: 'Cards block',
  description: "A titled grid of cards, or a card slider (a grid on wide screens, one card at a time under 768 px with dots under 480 px). Shows 'No items available' when empty.",
  additionalProperties: false,
  required: ['type', 'items'],
  properties: {
    type: { title: 'Type', const: 'cards', description: 'Block type: cards.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the cards.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    columns: { title: 'Columns', type: 'integer', minimum: 1, maximum: 6, description: 'Cards per row on desktop. Default 3.' },
    layout: { title: 'Layout', enum: ['grid', 'slider'], description: 'grid, or slider (card slider on phones). Default grid.' },
    zoom: { title: 'Zoom', type: 'boolean', description: 'Clicking a card image opens the zoom lightbox (full-size image). Default false.' },
    items: { title: 'Items', type: 'array', items: contentCardSchema, description: 'The cards, in order.' },
  },
} as const;

export type ContentCardsBlock = FromSchema<typeof contentCardsBlockSchema>;
export type ContentCard = FromSchema<typeof contentCardSchema>;
