/**
 * The content folder's files grouped for the sidebar, by the kind of definition the server names
 * (GET /api/studio/files: `schema`), in the order an operator looks for them.
 */
import type { SiteFiles } from '../api/studio-client';

export type FileEntry = SiteFiles['files'][number];

export interface FileGroup {
  id: string;
  label: string;
  schemas: readonly string[];
}

export const FILE_GROUPS: readonly FileGroup[] = [
  { id: 'pages', label: 'Pages', schemas: ['page'] },
  { id: 'forms', label: 'Forms', schemas: ['form'] },
  { id: 'popups', label: 'Popups', schemas: ['popup'] },
  { id: 'estimator', label: 'Estimator', schemas: ['estimator-template', 'estimator-pricing'] },
  { id: 'catalog', label: 'Catalog styles and categories', schemas: ['product-style', 'product-categories', 'search-items'] },
  { id: 'blog', label: 'Blog', schemas: ['blogs', 'blog-authors', 'blog-categories'] },
  { id: 'faqs', label: 'FAQs', schemas: ['faqs'] },
  { id: 'site', label: 'Site settings', schemas: ['site-settings'] },
  { id: 'routes', label: 'Routes', schemas: ['routes'] },
  { id: 'dealers', label: 'Dealers', schemas: ['dealers'] },
  { id: 'payment', label: 'Payment', schemas: ['payment-methods'] },
  { id: 'shipping', label: 'Shipping', schemas: ['shipping-methods'] },
  { id: 'tax', label: 'Tax', schemas: ['tax-rules'] },
];
const OTHER: FileGroup = { id: 'other', label: 'Other', schemas: [] };

/** A kind of definition in words: "page" -> "Page", "site-settings" -> "Site settings". */
export function kindLabel(schema: string): string {
  const words = schema.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kinds an operator creates from the sidebar, with their folder. */
export const NEW_KINDS = [
  { schema: 'page', label: 'page', folder: 'pages' },
  { schema: 'form', label: 'form', folder: 'forms' },
  { schema: 'popup', label: 'popup', folder: 'popups' },
] as const;
export type NewKind = (typeof NEW_KINDS)[number];

/** The file name a title gives: "Showroom Austin (TX)" -> showroom-austin-tx; accents dropped. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A name for a new file (its folder holds no sub-folders): lower-case words with hyphens. */
export const NEW_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,80}$/;
export const NEW_NAME_RULE = 'Lower-case letters, digits and hyphens, such as showroom-austin.';

/** The groups that have files matching the filter (every word, in the path, the title, an address or the kind), each sorted by what the list shows. */
export function groupFiles(files: readonly FileEntry[], filter: string): { group: FileGroup; files: FileEntry[] }[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = (f: FileEntry) => [f.path, f.schema, f.title ?? '', ...(f.addresses ?? [])].join(' ').toLowerCase();
  const matching = files.filter((f) => words.every((w) => haystack(f).includes(w)));
  const groups = [...FILE_GROUPS, OTHER].map((group) => ({
    group,
    files: matching
      .filter((f) => (group === OTHER ? !FILE_GROUPS.some((g) => g.schemas.includes(f.schema)) : group.schemas.includes(f.schema)))
      .sort((a, b) => fileTitle(a).localeCompare(fileTitle(b)) || a.path.localeCompare(b.path)),
  }));
  return groups.filter((g) => g.files.length > 0);
}

/**
 * The pages by section of the site, as a visitor meets them: a first segment of the address that
 * two pages or more share is a section (/my-account, /blogs, /products…), named by the title of
 * the page at that address ("My account"), else by the segment ("Payment"); the other pages with an
 * address are the main pages, first; pages no route shows yet come last. The order of `pages` is kept within a section.
 */
export function pageSections(pages: readonly FileEntry[]): { id: string; label: string; files: FileEntry[] }[] {
  const segmentOf = (f: FileEntry) => f.addresses?.[0]?.split('/')[1] ?? null;
  const counts = new Map<string, number>();
  for (const f of pages) {
    const segment = segmentOf(f);
    if (segment) counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  const main = { id: 'main', label: 'Main pages', files: [] as FileEntry[] };
  const unrouted = { id: 'unrouted', label: 'Not on the site yet', files: [] as FileEntry[] };
  const sections = new Map<string, { id: string; label: string; files: FileEntry[] }>();
  for (const f of pages) {
    const segment = segmentOf(f);
    if (!f.addresses?.length) unrouted.files.push(f);
    else if (!segment || segment.startsWith(':') || segment === '*' || (counts.get(segment) ?? 0) < 2) main.files.push(f);
    else {
      const landing = pages.find((p) => p.addresses?.includes(`/${segment}`));
      const label = landing?.title ?? segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, ' ');
      if (!sections.has(segment)) sections.set(segment, { id: `section-${segment}`, label, files: [] });
      sections.get(segment)!.files.push(f);
    }
  }
  const named = [...sections.values()].sort((a, b) => a.label.localeCompare(b.label));
  return [main, ...named, unrouted].filter((s) => s.files.length > 0);
}

/** A file as the list names it: a page's, form's or popup's title, else its name. */
export function fileTitle(f: Pick<FileEntry, 'path' | 'title'>): string {
  return f.title ?? fileLabel(f.path);
}

/** What the sidebar shows for a file: its path without `.json` and without its kind's folder. */
export function fileLabel(path: string): string {
  const bare = path.replace(/\.json$/, '');
  const slash = bare.indexOf('/');
  return slash === -1 ? bare : bare.slice(slash + 1);
}

/** The kind of a file that is not in the list yet (a new one): from its folder. */
export function schemaOfNewPath(path: string): string | null {
  return NEW_KINDS.find((k) => path.startsWith(`${k.folder}/`))?.schema ?? null;
}

/** The page name a pages/… file defines, as routes.json names it: pages/showroom-austin.json -> showroom-austin. */
export function pageName(path: string): string | null {
  const m = /^pages\/(.+)\.json$/.exec(path);
  return m ? m[1]! : null;
}
