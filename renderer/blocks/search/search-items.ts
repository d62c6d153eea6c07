/** The search rules: at least 3 characters; matches name, title, description and SKU, case-insensitively. */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_MESSAGES = {
  tooShort: 'Please enter at least 3 characters to search.',
  noResults: 'No results found.',
} as const;
/** Result images in the popup default to 100x100. */
export const SEARCH_IMAGE_SIZE = 100;

export interface SearchableItem {
  name: string;
  title: string;
  description?: string;
  sku?: string;
}

export type SearchOutcome<T> = { status: 'empty' } | { status: 'too-short' } | { status: 'results'; items: T[] };

export function searchItems<T extends SearchableItem>(items: readonly T[], term: string, limit = Number.POSITIVE_INFINITY): SearchOutcome<T> {
  const needle = term.trim().toLowerCase();
  if (needle === '') return { status: 'empty' };
  if (needle.length < SEARCH_MIN_CHARS) return { status: 'too-short' };
  const found = items.filter((item) => [item.name, item.title, item.description ?? '', item.sku ?? ''].some((f) => f.toLowerCase().includes(needle)));
  // Titles that start with the term first: they are what the visitor is most likely typing.
  const ranked = [...found].sort((a, b) => Number(b.title.toLowerCase().startsWith(needle)) - Number(a.title.toLowerCase().startsWith(needle)));
  return { status: 'results', items: ranked.slice(0, limit) };
}
