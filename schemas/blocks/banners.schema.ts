import type { FromSchema } from 'json-schema-to-ts';
import { actionSchema, imageSchema } from '../common.schema';

export const bannerBlockSchema = {
  type: 'object',
  title: 'Banner block',
  description: 'A wide picture with a title, a line of text and up to two buttons. The picture looks best 1920 wide and 787 high.',
  additionalProperties: false,
  required: ['type', 'title', 'image'],
  properties: {
    type: { title: 'Type', const: 'banner', description: 'Block type: banner.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Main heading of the banner.' },
    subtitle: { title: 'Subtitle', type: 'string', description: 'Line under the heading.' },
    image: imageSchema,
    action: { ...actionSchema, title: 'Button' },
    secondaryAction: { ...actionSchema, title: 'Second button', description: 'Another button beside the first, usually outlined.' },
  },
} as const;

export const bannerSlideSchema = {
  type: 'object',
  title: 'Banner slide',
  description: 'One slide of a banner slider.',
  additionalProperties: false,
  required: ['title', 'image'],
  properties: {
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Heading of the slide.' },
    subtitle: { title: 'Subtitle', type: 'string', description: 'Line under the heading.' },
    image: imageSchema,
    action: actionSchema,
  },
} as const;

export const bannerSliderBlockSchema = {
  type: 'object',
  title: 'Banner slider block',
  description: 'Several banners shown one at a time, with previous/next arrows and dots (multiple banners).',
  additionalProperties: false,
  required: ['type', 'slides'],
  properties: {
    type: { title: 'Type', const: 'banner-slider', description: 'Block type: banner-slider.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    label: { title: 'Label', type: 'string', description: 'Accessible name of the slider. Default "Featured".' },
    slides: { title: 'Slides', type: 'array', minItems: 1, items: bannerSlideSchema, description: 'The slides, in order. The first slide is shown first.' },
  },
} as const;

export const titleBannerBlockSchema = {
  type: 'object',
  title: 'Title banner block',
  description: 'A page title band with the breadcrumb of the page under it, and an optional background image.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'title-banner', description: 'Block type: title-banner.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: "Heading. Default: the page's title." },
    subtitle: { title: 'Subtitle', type: 'string', description: 'Line under the heading.' },
    image: imageSchema,
    breadcrumb: { title: 'Breadcrumb', type: 'boolean', description: 'Show the breadcrumb trail. Default true.' },
  },
} as const;

export type BannerBlock = FromSchema<typeof bannerBlockSchema>;
export type BannerSliderBlock = FromSchema<typeof bannerSliderBlockSchema>;
export type TitleBannerBlock = FromSchema<typeof titleBannerBlockSchema>;
