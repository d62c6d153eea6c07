import type { FromSchema } from 'json-schema-to-ts';

export const galleryBlockSchema = {
  type: 'object',
  title: 'Inspiration gallery block',
  description: "The designs of data/gallery.json in a masonry grid (columns 1/2/3, gutters 10/20/30 px), filterable by room, each linking to its design page. Shows 'No items available' when empty.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'gallery', description: 'Block type: gallery.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the gallery.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    filterByRoom: { title: 'Filter by room', type: 'boolean', description: "Room filter tabs with an 'All' tab. Default on." },
    pageSize: { title: 'Page size', type: 'integer', minimum: 1, maximum: 60, description: 'Designs per page. Default 9.' },
    pagination: { title: 'Pagination', enum: ['page-numbers', 'load-more', 'infinite-scroll'], description: 'How further designs come. Default load-more.' },
  },
} as const;

export const galleryDesignBlockSchema = {
  type: 'object',
  title: 'Gallery design block',
  description: "One design of the inspiration gallery, the one the page's address names: its story, its photos in a masonry grid with the zoom lightbox, the style and finish used (linking to the style page with that finish) and other designs. An unknown design is a missing page.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'gallery-design', description: 'Block type: gallery-design.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    moreLimit: { title: 'More limit', type: 'integer', minimum: 0, maximum: 12, description: 'Other designs shown below. Default 3.' },
  },
} as const;

export const visualizerBlockSchema = {
  type: 'object',
  title: 'Visualizer block',
  description: 'Pick a style and a finish and see its door and a room in it, then order that door sample. ?style=&type=&value= preselects.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'visualizer', description: 'Block type: visualizer.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: "Heading. Default 'Kitchen visualizer'." },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    styles: { title: 'Styles', type: 'array', items: { type: 'string' }, description: 'Styles offered, in order. Default: every style.' },
  },
} as const;

export const sampleGridBlockSchema = {
  type: 'object',
  title: 'Sample grid block',
  description: "Styles with their finish swatches (11 visible, '+N' and Less) and an 'Order Now' sample form each; 'No Data Found' when there are none.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'sample-grid', description: 'Block type: sample-grid.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the grid.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    category: { title: 'Category', type: 'string', description: 'Only the styles of this category slug. Default: every style.' },
    swatchLimit: { title: 'Swatch limit', type: 'integer', minimum: 1, description: 'Swatches visible before +N. Default 11.' },
  },
} as const;

export type GalleryBlock = FromSchema<typeof galleryBlockSchema>;
export type GalleryDesignBlock = FromSchema<typeof galleryDesignBlockSchema>;
export type VisualizerBlock = FromSchema<typeof visualizerBlockSchema>;
export type SampleGridBlock = FromSchema<typeof sampleGridBlockSchema>;
