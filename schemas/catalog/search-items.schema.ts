/**
 * Search items: what the search page and search popup match (name, title, description, sku).
 * The server derives one item per style and per door sample from the catalog at load
 * (./derive-search-items.ts); catalog/search-items.json may add further items (pages, services).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { catalogImageSchema, schemaRefProperty } from './catalog-common.schema';

export const searchItemSchema = {
  type: 'object',
  title: 'Search item',
  description: 'One thing a visitor can find with the search box.',
  additionalProperties: false,
  required: ['name', 'title', 'description', 'type', 'path'],
  properties: {
    name: { title: 'Name', type: 'string', minLength: 1, description: 'Code of the item (a style name, a page name).' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'What the result shows.' },
    description: { title: 'Description', type: 'string', description: 'A line under the title; matched too.' },
    sku: { title: 'SKU', type: 'string', description: 'SKU of a sample item; matched too.' },
    type: { title: 'Type', enum: ['style', 'sample', 'category', 'page'], description: 'Kind of result.' },
    categories: { title: 'Categories', type: 'array', items: { type: 'string' }, description: 'Product category slugs the item belongs to (search filters).' },
    images: { title: 'Images', type: 'array', items: catalogImageSchema, description: 'Result image (the first is shown, 100x100 in the popup).' },
    path: { title: 'Path', type: 'string', pattern: '^/', description: 'Where the result links to.' },
  },
} as const;

export const searchItemsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('search-items'),
  type: 'object',
  title: 'Search items',
  description: 'Extra search items, added to the ones derived from the catalog.',
  additionalProperties: false,
  required: ['items'],
  properties: {
    $schema: schemaRefProperty,
    items: { title: 'Items', type: 'array', items: searchItemSchema, description: 'The extra items.' },
  },
} as const;

export type SearchItemsDefinition = FromSchema<typeof searchItemsSchema>;
export type SearchItem = FromSchema<typeof searchItemSchema>;
