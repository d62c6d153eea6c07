import type { FromSchema } from 'json-schema-to-ts';

export const productStyleBlockSchema = {
  type: 'object',
  title: 'Product style block',
  description:
    "A style's detail: image slider with a 3-thumbnail strip, finish picker, description, door-sample list and specifications (tabular or tabbed); search engines are told the product and its rating. An unknown style is a missing page.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'product-style', description: 'Block type: product-style.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    style: { title: 'Style', type: 'string', description: "Name of the style, or ':styleName' (the default) for the route's styleName parameter." },
    category: { title: 'Category', type: 'string', description: "Category slug the style must belong to, or ':categorySlug' (the default) for the route's parameter when the route has one." },
    layout: { title: 'Layout', enum: ['V1', 'V2'], description: "Layout: V1 (slider beside the details) or V2 (wide slider, up to 10 finishes visible). Default: the style's own layout, else V1." },
    showSamples: { title: 'Show samples', type: 'boolean', description: 'Show the door-sample list. Default true.' },
    showSpecifications: { title: 'Show specifications', type: 'boolean', description: 'Show the specifications. Default true.' },
    structuredData: { title: 'Search engine details', type: 'boolean', description: 'Tell search engines about the product, with its rating when it has reviews. Default on.' },
  },
} as const;

export type ProductStyleBlock = FromSchema<typeof productStyleBlockSchema>;
