/**
 * Blog posts (blogs/blogs.json). Each post's HTML body is a file under blogs/content/, read and
 * sanitised by the server at load, so renderers only ever get safe HTML.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { catalogImageSchema, schemaRefProperty, slugPattern } from './catalog-common.schema';

export const blogSchema = {
  type: 'object',
  title: 'Blog post',
  description: 'One article of the blog.',
  additionalProperties: false,
  required: ['title', 'description', 'author', 'publishDate', 'blogCategory', 'path', 'contentPath', 'image'],
  properties: {
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Headline of the article.' },
    description: { title: 'Description', type: 'string', minLength: 1, description: 'One or two sentences shown on cards and as the meta description.' },
    author: { title: 'Author', type: 'string', pattern: slugPattern, description: 'Id of the author (blogs/authors.json).' },
    publishDate: { title: 'Publish date', type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Publication date, YYYY-MM-DD (newest first in lists).' },
    blogCategory: { title: 'Blog category', type: 'string', pattern: slugPattern, description: 'Id of the blog category (blogs/categories.json).' },
    isPopular: { title: 'Popular', type: 'boolean', description: 'Listed under popular posts. Default false.' },
    path: { title: 'Path', type: 'string', pattern: slugPattern, description: 'URL slug of the article: /blogs/{path}.' },
    contentPath: { title: 'Article file', type: 'string', pattern: '^content/[a-z0-9-]+\\.html$', description: 'HTML body file relative to the blogs folder, e.g. content/rta-vs-assembled.html.' },
    image: { ...catalogImageSchema, title: 'Image', description: 'Cover image, on cards and at the top of the article.' },
    tags: { title: 'Tags', type: 'array', items: { type: 'string' }, description: 'Free keywords shown under the article.' },
  },
} as const;

export const blogsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('blogs'),
  type: 'object',
  title: 'Blog posts',
  description: 'All articles of the blog.',
  additionalProperties: false,
  required: ['blogs'],
  properties: {
    $schema: schemaRefProperty,
    blogs: { title: 'Blogs', type: 'array', items: blogSchema, description: 'The articles (lists sort them newest first).' },
  },
} as const;

export type BlogsDefinition = FromSchema<typeof blogsSchema>;
export type BlogEntry = FromSchema<typeof blogSchema>;
/** A blog post as the server hands it to renderers: the entry plus its sanitised HTML body. */
export type Blog = BlogEntry & { content: string };
