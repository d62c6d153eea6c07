/** The product categories (catalog/categories.json): each shows its styles, in order, on a showcase page. */
import type { FromSchema } from 'json-schema-to-ts';
import { actionSchema } from '../common.schema';
import { schemaId } from '../schema-id';
import { catalogImageSchema, schemaRefProperty, slugPattern } from './catalog-common.schema';

export const productCategorySchema = {
  type: 'object',
  title: 'Product category',
  description: 'A group of styles shown together, e.g. Kitchen Cabinets.',
  additionalProperties: false,
  required: ['slug', 'title', 'description', 'image', 'styles'],
  properties: {
    slug: { title: 'Slug', type: 'string', pattern: slugPattern, description: 'URL-safe name; the category page is the category path followed by /{slug}.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Display name, e.g. Kitchen Cabinets.' },
    description: { title: 'Description', type: 'string', minLength: 1, description: 'A paragraph about the category.' },
    image: { ...catalogImageSchema, title: 'Image', description: 'Card and banner image of the category.' },
    action: { ...actionSchema, title: 'Action', description: 'Call to action shown under the description.' },
    styles: { title: 'Styles', type: 'array', items: { type: 'string', pattern: slugPattern }, description: 'Names of the styles in this category, in display order (a style may appear in several categories).' },
  },
} as const;

export const productCategoriesSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('product-categories'),
  type: 'object',
  title: 'Product categories',
  description: 'The product categories, in the order of the previous and next links.',
  additionalProperties: false,
  required: ['categories'],
  properties: {
    $schema: schemaRefProperty,
    categories: { title: 'Categories', type: 'array', minItems: 1, items: productCategorySchema, description: 'The categories, in order.' },
  },
} as const;

export type ProductCategoriesDefinition = FromSchema<typeof productCategoriesSchema>;
export type ProductCategory = FromSchema<typeof productCategorySchema>;
