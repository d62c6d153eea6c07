/** Inspiration gallery designs (data/gallery.json): /inspiration-gallery/{slug}, images in a masonry grid. */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { catalogImageSchema, schemaRefProperty, slugPattern } from './catalog-common.schema';

export const galleryImageSchema = {
  ...catalogImageSchema,
  title: 'Gallery image',
  description: 'A photo of the design; width and height are required so the masonry grid can lay out before images load.',
  required: ['src', 'altText', 'width', 'height'],
} as const;

export const galleryDesignSchema = {
  type: 'object',
  title: 'Gallery design',
  description: 'A finished kitchen or bath shown in the inspiration gallery.',
  additionalProperties: false,
  required: ['slug', 'title', 'description', 'style', 'finish', 'images'],
  properties: {
    slug: { title: 'Slug', type: 'string', pattern: slugPattern, description: 'URL-safe name: /inspiration-gallery/{slug}.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Name of the design, e.g. Sage Shaker Farmhouse Kitchen.' },
    description: { title: 'Description', type: 'string', minLength: 1, description: 'The story of the project.' },
    style: { title: 'Style', type: 'string', pattern: slugPattern, description: 'Name of the product style used (links to its page).' },
    finish: { title: 'Finish', type: 'string', pattern: slugPattern, description: 'Finish value of that style used (preselects it with ?type=&value=).' },
    location: { title: 'Location', type: 'string', description: 'Where the project is, e.g. Asheville, NC.' },
    room: { title: 'Room', enum: ['kitchen', 'bathroom', 'laundry', 'pantry', 'office'], description: 'Which room (a gallery filter). Default kitchen.' },
    images: { title: 'Images', type: 'array', minItems: 1, items: galleryImageSchema, description: 'Photos, first is the cover; varied aspect ratios suit the masonry grid.' },
  },
} as const;

export const gallerySchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('gallery'),
  type: 'object',
  title: 'Inspiration gallery',
  description: 'The designs of the inspiration gallery.',
  additionalProperties: false,
  required: ['designs'],
  properties: {
    $schema: schemaRefProperty,
    designs: { title: 'Designs', type: 'array', items: galleryDesignSchema, description: 'The designs, in display order.' },
  },
} as const;

export type GalleryDefinition = FromSchema<typeof gallerySchema>;
export type GalleryDesign = FromSchema<typeof galleryDesignSchema>;
export type GalleryImage = FromSchema<typeof galleryImageSchema>;
