/**
 * Where each kind of definition lives in a content folder and which schema checks it.
 * Paths are relative to the content folder; `*` matches one file name.
 */
import type { DefinitionSchemaName } from '../../schemas/index';

export interface LayoutEntry {
  pattern: string;
  schema: DefinitionSchemaName;
  required: boolean;
}

export const contentLayout: LayoutEntry[] = [
  { pattern: 'site.json', schema: 'site-settings', required: true },
  { pattern: 'routes.json', schema: 'routes', required: true },
  { pattern: 'payment-methods.json', schema: 'payment-methods', required: true },
  { pattern: 'pages/*.json', schema: 'page', required: true },
  { pattern: 'shipping-methods.json', schema: 'shipping-methods', required: false },
  { pattern: 'tax-rules.json', schema: 'tax-rules', required: false },
  { pattern: 'dealers.json', schema: 'dealers', required: false },
  { pattern: 'catalog/styles/*.json', schema: 'product-style', required: false },
  { pattern: 'catalog/categories.json', schema: 'product-categories', required: false },
  { pattern: 'catalog/search-items.json', schema: 'search-items', required: false },
  { pattern: 'catalog/price-groups.json', schema: 'price-groups', required: false },
  { pattern: 'catalog/cabinets/*.json', schema: 'cabinet-line', required: false },
  { pattern: 'catalog/countertops.json', schema: 'countertops', required: false },
  { pattern: 'catalog/services.json', schema: 'services', required: false },
  { pattern: 'blogs/blogs.json', schema: 'blogs', required: false },
  { pattern: 'blogs/authors.json', schema: 'blog-authors', required: false },
  { pattern: 'blogs/categories.json', schema: 'blog-categories', required: false },
  { pattern: 'data/faqs.json', schema: 'faqs', required: false },
  { pattern: 'data/reviews.json', schema: 'reviews', required: false },
  { pattern: 'data/gallery.json', schema: 'gallery', required: false },
  { pattern: 'forms/*.json', schema: 'form', required: false },
  { pattern: 'popups/*.json', schema: 'popup', required: false },
  { pattern: 'estimator/*.json', schema: 'estimator-template', required: false },
  { pattern: 'data/estimator-pricing.json', schema: 'estimator-pricing', required: false },
  { pattern: 'planner/*.json', schema: 'kitchen-planner', required: false },
];

export function matchesPattern(pattern: string, file: string): boolean {
  const [dir, name] = pattern.includes('/') ? [pattern.slice(0, pattern.lastIndexOf('/')), pattern.slice(pattern.lastIndexOf('/') + 1)] : ['', pattern];
  const fileDir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  const fileName = file.slice(file.lastIndexOf('/') + 1);
  if (dir !== fileDir) return false;
  if (name === '*.json') return fileName.endsWith('.json');
  return name === fileName;
}
