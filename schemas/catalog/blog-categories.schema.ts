/** Blog categories (blogs/categories.json): /blogs/category/{id}. */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { schemaRefProperty, slugPattern } from './catalog-common.schema';

export const blogCategorySchema = {
  type: 'object',
  title: 'Blog category',
  description: 'A topic that groups blog posts.',
  additionalProperties: false,
  required: ['id', 'name', 'description'],
  properties: {
    id: { title: 'Anchor id', type: 'string', pattern: slugPattern, description: 'The slug: the name lower-cased with non-alphanumerics turned into hyphens, e.g. kitchen-design.' },
    name: { title: 'Name', type: 'string', minLength: 1, description: 'Display name, e.g. Kitchen Design.' },
    description: { title: 'Description', type: 'string', minLength: 1, description: 'Shown on the category page.' },
  },
} as const;

export const blogCategoriesSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('blog-categories'),
  type: 'object',
  title: 'Blog categories',
  description: 'The blog\'s categories, in sidebar order.',
  additionalProperties: false,
  required: ['blogCategories'],
  properties: {
    $schema: schemaRefProperty,
    blogCategories: { title: 'Blog categories', type: 'array', items: blogCategorySchema, description: 'The categories.' },
  },
} as const;

export type BlogCategoriesDefinition = FromSchema<typeof blogCategoriesSchema>;
export type BlogCategory = FromSchema<typeof blogCategorySchema>;

/** The category slug rule: lower-case, non-alphanumeric characters turned into hyphens. */
export function blogCategorySlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}
