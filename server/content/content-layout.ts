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
];

export function matchesPattern(pattern: string, file: string): boolean {
  const [dir, name] = pattern.includes('/') ? [pattern.slice(0, pattern.lastIndexOf('/')), pattern.slice(pattern.lastIndexOf('/') + 1)] : ['', pattern];
  const fileDir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  const fileName = file.slice(file.lastIndexOf('/') + 1);
  if (dir !== fileDir) return false;
  if (name === '*.json') return fileName.endsWith('.json');
  return name === fileName;
}
