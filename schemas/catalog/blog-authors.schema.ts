/** Blog authors (blogs/authors.json), linked from posts by id: /blogs/authors/{id}. */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { catalogImageSchema, schemaRefProperty, slugPattern } from './catalog-common.schema';

export const authorSchema = {
  type: 'object',
  title: 'Author',
  description: 'A person who writes for the blog.',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'image'],
  properties: {
    id: { title: 'Anchor id', type: 'string', pattern: slugPattern, description: 'URL-safe id: /blogs/authors/{id}; blogs name it as author.' },
    name: { title: 'Name', type: 'string', minLength: 1, description: 'Full name.' },
    role: { title: 'Role', type: 'string', description: 'Job title shown under the name, e.g. Lead Kitchen Designer.' },
    description: { title: 'Description', type: 'string', minLength: 1, description: 'Short biography shown on the author banner.' },
    image: { ...catalogImageSchema, title: 'Image', description: 'Portrait.' },
    socials: { title: 'Socials',
      type: 'array',
      description: 'Links to the author\'s profiles, shown as icons.',
      items: {
        type: 'object',
        title: 'Social link',
        description: 'One profile link.',
        additionalProperties: false,
        required: ['type', 'url'],
        properties: {
          type: { title: 'Type', enum: ['facebook', 'instagram', 'linkedin', 'pinterest', 'x', 'youtube', 'website'], description: 'Which network (picks the icon).' },
          url: { title: 'Link', type: 'string', pattern: '^https?://', description: 'Profile address.' },
        },
      },
    },
  },
} as const;

export const blogAuthorsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('blog-authors'),
  type: 'object',
  title: 'Blog authors',
  description: 'The people who write for the blog.',
  additionalProperties: false,
  required: ['authors'],
  properties: {
    $schema: schemaRefProperty,
    authors: { title: 'Authors', type: 'array', items: authorSchema, description: 'The authors.' },
  },
} as const;

export type BlogAuthorsDefinition = FromSchema<typeof blogAuthorsSchema>;
export type Author = FromSchema<typeof authorSchema>;
