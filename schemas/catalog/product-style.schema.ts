/**
 * A product style (a cabinet door style such as Hartford Shaker): its images, its finishes, the
 * door-sample SKUs that can be ordered and its specifications. One file per style:
 * catalog/styles/{name}.json, where {name} is also the style page's route parameter.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { catalogImageSchema, ratingSummarySchema, schemaRefProperty, slugPattern } from './catalog-common.schema';

export const styleImageSchema = {
  type: 'object',
  title: 'Style image',
  description: 'One image of the style slider. Images of type sample show a door sample.',
  additionalProperties: false,
  required: ['src', 'altText'],
  properties: {
    ...catalogImageSchema.properties,
    type: { title: 'Type',
      enum: ['preview', 'door', 'sample', 'detail'],
      description: 'What the image shows: preview (a room), door (one door), sample (a door sample; marks the image used for sample items), detail (a close-up). Default preview.',
    },
  },
} as const;

export const finishItemSchema = {
  type: 'object',
  title: 'Finish',
  description: 'One finish (colour or stain) of a finish group, shown as a swatch.',
  additionalProperties: false,
  required: ['value', 'label', 'swatchImage', 'doorImage', 'previewImage'],
  properties: {
    value: { title: 'Value', type: 'string', pattern: slugPattern, description: 'Code of the finish, used in ?type=&value= and in the cart (finish.value), e.g. sage-green.' },
    label: { title: 'Label', type: 'string', minLength: 1, description: 'Name the customer reads, e.g. Sage Green.' },
    swatchImage: { ...catalogImageSchema, title: 'Swatch image', description: 'Small colour chip shown in the finish picker.' },
    doorImage: { ...catalogImageSchema, title: 'Door image', description: 'The door in this finish.' },
    previewImage: { ...catalogImageSchema, title: 'Preview image', description: 'A room with cabinets in this finish.' },
  },
} as const;

export const finishGroupSchema = {
  type: 'object',
  title: 'Finish group',
  description: 'Finishes of one kind (painted, stained, natural wood...).',
  additionalProperties: false,
  required: ['name', 'group', 'title', 'items'],
  properties: {
    name: { title: 'Name', type: 'string', pattern: slugPattern, description: 'Code of the group; it is the finish type of a cart item (finish.type), e.g. painted.' },
    group: { title: 'Group', type: 'string', minLength: 1, description: 'Family the group belongs to, e.g. Paint or Stain (used to group swatches).' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Heading above the swatches, e.g. Painted Finishes.' },
    items: { title: 'Items', type: 'array', minItems: 1, items: finishItemSchema, description: 'The finishes of the group, in display order.' },
  },
} as const;

export const sampleItemSchema = {
  type: 'object',
  title: 'Sample item',
  description: 'A door-sample SKU that can be put in the sample cart. The server prices orders from these entries only.',
  additionalProperties: false,
  required: ['sku', 'name', 'price', 'weight', 'finish', 'isSample'],
  properties: {
    sku: { title: 'SKU', type: 'string', pattern: '^[A-Z0-9][A-Z0-9-]*$', description: 'Stock keeping unit, upper-case letters, digits and hyphens; unique across the catalog.' },
    name: { title: 'Name', type: 'string', minLength: 1, description: 'Item name shown in the cart, e.g. Hartford Shaker Door Sample - Sage Green.' },
    price: { title: 'Price', type: 'number', minimum: 0, description: 'Price in US dollars with at most two decimals, e.g. 14.99.' },
    weight: { title: 'Weight', type: 'number', exclusiveMinimum: 0, description: 'Shipping weight in pounds (lb).' },
    isSample: { title: 'Sample', type: 'boolean', description: 'True for a door sample (quantity limited to 1 per order).' },
    finish: {
      type: 'object',
      title: 'Sample finish',
      description: 'Which finish this sample shows: a finish group name and a finish value of this style.',
      additionalProperties: false,
      required: ['type', 'value'],
      properties: {
        type: { title: 'Type', type: 'string', minLength: 1, description: 'Finish group name (finishes[].name).' },
        value: { title: 'Value', type: 'string', minLength: 1, description: 'Finish value (finishes[].items[].value).' },
      },
    },
  },
} as const;

export const specSchema = {
  type: 'object',
  title: 'Specification',
  description: 'One row (tabular view) or tab (tabbed view) of the specifications.',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    name: { title: 'Name', type: 'string', minLength: 1, description: 'Row or tab title, e.g. Construction.' },
    type: { title: 'Type',
      enum: ['unordered-list', 'ordered-list', 'text', 'video', 'faq', 'sample'],
      description: 'What the spec shows: a bulleted list, a numbered list, text, a video, the style\'s FAQs or its sample list.',
    },
    props: {
      type: 'object',
      title: 'Specification content',
      description: 'The content, by type: items for lists, text for text, videoUrl/thumbnail/title/description/videoType for a video.',
      additionalProperties: false,
      properties: {
        items: { title: 'Items', type: 'array', items: { type: 'string' }, description: 'List entries (unordered-list and ordered-list).' },
        text: { title: 'Text', type: 'string', description: 'Paragraph (text).' },
        videoUrl: { title: 'Video link', type: 'string', description: 'Video address (video); loaded only when the visitor presses play.' },
        videoType: { title: 'Video type', enum: ['youtube', 'video'], description: 'youtube for a YouTube link, video for a video file.' },
        thumbnail: { ...catalogImageSchema, title: 'Thumbnail', description: 'Still image shown before the video plays.' },
        title: { title: 'Title', type: 'string', description: 'Video title.' },
        description: { title: 'Description', type: 'string', description: 'Video description (cut at 250 characters on a word boundary).' },
      },
    },
    width: { title: 'Width', type: 'integer', minimum: 1, description: 'Display width in pixels (video).' },
    height: { title: 'Height', type: 'integer', minimum: 1, description: 'Display height in pixels (video).' },
    playIcon: { title: 'Play icon', type: 'boolean', description: 'Show a play icon over the video thumbnail. Default true.' },
  },
} as const;

export const specificationsSchema = {
  type: 'object',
  title: 'Specifications',
  description: 'The style\'s specifications and how they are shown.',
  additionalProperties: false,
  required: ['specView', 'specs'],
  properties: {
    specView: { title: 'Spec view', enum: ['tabular', 'tabbed'], description: 'tabular: a table of rows; tabbed: one tab per spec.' },
    specs: { title: 'Specs', type: 'array', items: specSchema, description: 'The specifications, in order. Empty shows \'No Data Found\'.' },
    options: {
      type: 'object',
      title: 'Specification options',
      description: 'Display options of the spec view.',
      additionalProperties: false,
      properties: {
        view: { title: 'View', enum: ['grid', 'list'], description: 'Lists as a grid or a single column. Default list.' },
        columns: { title: 'Columns', type: 'integer', minimum: 1, maximum: 4, description: 'Columns in grid view. Default 2.' },
      },
    },
  },
} as const;

export const productStyleSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('product-style'),
  type: 'object',
  title: 'Product style',
  description: 'One cabinet style (door style) with its finishes, door-sample SKUs and specifications.',
  additionalProperties: false,
  required: ['name', 'title', 'description', 'category', 'images', 'finishes', 'items', 'specifications'],
  properties: {
    $schema: schemaRefProperty,
    name: { title: 'Name', type: 'string', pattern: slugPattern, description: 'URL-safe name, the styleName route parameter; must equal the file name without .json.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Display name, e.g. Hartford Shaker.' },
    description: { title: 'Description', type: 'string', minLength: 1, description: 'What the style is (cut at 350 characters on a word boundary on cards).' },
    label: { title: 'Label', type: 'string', description: 'Short badge text on cards, e.g. Best Seller.' },
    layout: { title: 'Layout', enum: ['V1', 'V2'], description: 'Style page layout: V1 (slider left, details right) or V2 (wide slider, up to 10 finishes visible). Default V1.' },
    category: { title: 'Category', type: 'string', pattern: slugPattern, description: 'Slug of the main product category (catalog/categories.json).' },
    highlights: { title: 'Highlights', type: 'array', items: { type: 'string' }, description: 'Key selling points shown as a list (more than 6 shows the first 6 and \'Read more...\').' },
    images: { title: 'Images', type: 'array', minItems: 1, items: styleImageSchema, description: 'Slider images, in order; the first is the card image.' },
    finishes: { title: 'Finishes', type: 'array', minItems: 1, items: finishGroupSchema, description: 'Finish groups, in display order.' },
    items: { title: 'Items', type: 'array', items: sampleItemSchema, description: 'Door-sample SKUs. Empty shows \'No sample items available for this style.\'' },
    specifications: specificationsSchema,
    rating: { ...ratingSummarySchema, title: 'Rating', description: 'Rating summary of the style, for the review badge and for search engines.' },
  },
} as const;

export type ProductStyle = FromSchema<typeof productStyleSchema>;
export type StyleImage = FromSchema<typeof styleImageSchema>;
export type FinishGroup = FromSchema<typeof finishGroupSchema>;
export type FinishItem = FromSchema<typeof finishItemSchema>;
export type SampleItem = FromSchema<typeof sampleItemSchema>;
export type Spec = FromSchema<typeof specSchema>;
export type Specifications = FromSchema<typeof specificationsSchema>;
