import type { FromSchema } from 'json-schema-to-ts';

const pagination = { title: 'Paging', enum: ['page-numbers', 'load-more', 'infinite-scroll'], description: 'How further pages come. Default page-numbers.' } as const;
const pageSize = { title: 'Posts per page', type: 'integer', minimum: 1, maximum: 60, description: 'Posts per page. Default 9 (three rows of the 3-column grid).' } as const;
const popularLimit = { title: 'Popular posts shown', type: 'integer', minimum: 0, maximum: 20, description: 'Most popular posts listed (flagged isPopular, newest first). 0 hides them. Default: the site setting blog.popularPostsMax, else 3.' } as const;
const showSearch = { title: 'Search box', type: 'boolean', description: "Show the search box (it finds posts by title, description and author). Default on." } as const;

export const blogListBlockSchema = {
  type: 'object',
  title: 'Blog list block',
  description: "Every blog post, newest first, in a 3-column grid with search, categories with counts and popular posts. When the posts cannot be read: 'Error Loading Data'.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'blog-list', description: 'Block type: blog-list.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the grid.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    showSearch,
    showCategories: { title: 'Show categories', type: 'boolean', description: 'Show the category list with counts. Default true.' },
    popularLimit,
    pageSize,
    pagination,
  },
} as const;

export const blogDetailBlockSchema = {
  type: 'object',
  title: 'Blog detail block',
  description: "One article, the one the page's address names: title, author link, date, share icons, the text, a sidebar of categories with counts and the most recent articles. An unknown article shows 'Blog not found' as a missing page.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'blog-detail', description: 'Block type: blog-detail.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    recentLimit: { title: 'Recent limit', type: 'integer', minimum: 0, maximum: 20, description: 'Recent articles in the sidebar, newest first. Default: the site setting blog.recentArticlesCount, else 3.' },
    showShare: { title: 'Show share', type: 'boolean', description: 'Show the share icons. Default true.' },
  },
} as const;

export const blogAuthorBlockSchema = {
  type: 'object',
  title: 'Blog author block',
  description: "An author's banner and posts in a 3-column grid, with search and popular posts. An unknown author shows 'Blog Author Not Found' as a missing page.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'blog-author', description: 'Block type: blog-author.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    showSearch,
    popularLimit,
    pageSize,
    pagination,
  },
} as const;

export const blogCategoryBlockSchema = {
  type: 'object',
  title: 'Blog category block',
  description:
    "A blog category's page: title and description with a {category} placeholder, search, a card grid, popular posts and the category list with counts. An unknown category shows 'Blog Category Not Found' as a missing page; one without posts, 'No Blogs Found'.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'blog-category', description: 'Block type: blog-category.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: "Heading; {category} is replaced by the category's name. Default '{category}'." },
    description: { title: 'Description', type: 'string', description: "Text under the heading; {category} is replaced by the name. Default: the category's own description." },
    showSearch,
    popularLimit,
    pageSize,
    pagination,
  },
} as const;

export type BlogListBlock = FromSchema<typeof blogListBlockSchema>;
export type BlogDetailBlock = FromSchema<typeof blogDetailBlockSchema>;
export type BlogAuthorBlock = FromSchema<typeof blogAuthorBlockSchema>;
export type BlogCategoryBlock = FromSchema<typeof blogCategoryBlockSchema>;
