import type { FromSchema } from 'json-schema-to-ts';

export const searchResultsBlockSchema = {
  type: 'object',
  title: 'Search results block',
  description:
    "A search box and its results, matching name, title, description and SKU of the search items (at least 3 characters: 'Please enter at least 3 characters to search.'; nothing found: 'No results found.').",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'search-results', description: 'Block type: search-results.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: "Heading. Default 'Search'." },
    param: { title: 'Address parameter', type: 'string', pattern: '^[a-z]+$', description: "The name the search term takes in the page's address. Default 'query'." },
    pageSize: { title: 'Page size', type: 'integer', minimum: 1, maximum: 60, description: 'Results per page. Default 12.' },
    pagination: { title: 'Pagination', enum: ['page-numbers', 'load-more', 'infinite-scroll'], description: 'How further pages come. Default page-numbers.' },
  },
} as const;

export const searchPopupBlockSchema = {
  type: 'object',
  title: 'Search popup block',
  description: 'A search button that opens a dialog with suggestions as the visitor types (from 3 characters), each with a 100x100 image; Enter goes to the search page.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'search-popup', description: 'Block type: search-popup.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    label: { title: 'Label', type: 'string', description: "Text of the button that opens the popup. Default 'Search products'." },
    searchPage: { title: 'Search page', type: 'string', pattern: '^/', description: 'Page that shows all results. Default /search.' },
    limit: { title: 'Limit', type: 'integer', minimum: 1, maximum: 20, description: 'Suggestions shown. Default 8.' },
    imageSize: { title: 'Image size', type: 'integer', minimum: 24, maximum: 200, description: 'Suggestion image size in pixels. Default 100.' },
  },
} as const;

export type SearchResultsBlock = FromSchema<typeof searchResultsBlockSchema>;
export type SearchPopupBlock = FromSchema<typeof searchPopupBlockSchema>;
