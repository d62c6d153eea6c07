import type { FromSchema } from 'json-schema-to-ts';

export const productCategoriesBlockSchema = {
  type: 'object',
  title: 'Product categories block',
  description: "Every product category of catalog/categories.json as a card linking to its showcase page. Shows 'No category data available' when there are none.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'product-categories', description: 'Block type: product-categories.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the cards.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
  },
} as const;

export const categoryShowcaseBlockSchema = {
  type: 'object',
  title: 'Category showcase block',
  description:
    "One category's styles as cards, with its description, its action and links to the previous and next categories. An unknown category shows 'Category \"{x}\" not found in data' as a missing page.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'category-showcase', description: 'Block type: category-showcase.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    category: { title: 'Category', type: 'string', description: "Category slug, or ':categorySlug' (the default) for the route's parameter." },
    showNavigation: { title: 'Show navigation', type: 'boolean', description: 'Show the previous and next category links. Default true.' },
    swatchLimit: { title: 'Swatch limit', type: 'integer', minimum: 1, description: 'Finish swatches visible on each style card before the +N expander. Default 9.' },
  },
} as const;

export const styleListingBlockSchema = {
  type: 'object',
  title: 'Style listing block',
  description: "Styles as cards with filter tabs, a sort menu and pagination; the state lives in the query (page, sort, and one parameter per filter). Shows 'No items available' when nothing matches.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'style-listing', description: 'Block type: style-listing.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the listing.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    category: { title: 'Category', type: 'string', description: "Only the styles of this category slug (or ':categorySlug'). Default: every style." },
    filter: { title: 'Filter', enum: ['finish', 'category', 'none'], description: 'Filter tabs by finish family (Paint, Stain...), by category, or none. Default finish.' },
    tabs: { title: 'Tabs', enum: ['wrap', 'scroll', 'buttons'], description: 'How the tab strip handles overflow. Default wrap.' },
    showAll: { title: 'Show all', type: 'boolean', description: "Add an 'All' tab. Default true." },
    showSort: { title: 'Show sort', type: 'boolean', description: 'Show the sort menu (A-Z, Z-A, Newest, Oldest). Default true.' },
    pageSize: { title: 'Page size', type: 'integer', minimum: 1, maximum: 60, description: 'Cards per page. Default 9.' },
    pagination: { title: 'Pagination', enum: ['page-numbers', 'load-more', 'infinite-scroll'], description: 'How further pages come. Default page-numbers.' },
    swatchLimit: { title: 'Swatch limit', type: 'integer', minimum: 1, description: 'Finish swatches visible on each card before the +N expander. Default 9.' },
  },
} as const;

export type ProductCategoriesBlock = FromSchema<typeof productCategoriesBlockSchema>;
export type CategoryShowcaseBlock = FromSchema<typeof categoryShowcaseBlockSchema>;
export type StyleListingBlock = FromSchema<typeof styleListingBlockSchema>;
