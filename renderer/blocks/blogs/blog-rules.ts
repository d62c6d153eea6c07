/**
 * Blog rules: category slugs, search, recent and popular posts, category
 * counts. Pure functions over plain blog records, used by the blog blocks' selectData.
 */
import { blogCategorySlug } from '../../../schemas/catalog/blog-categories.schema';

export interface BlogRecord {
  title: string;
  description?: string;
  /** The author's id. */
  author?: string;
  publishDate?: string;
  blogCategory?: string;
  isPopular?: boolean;
}

/**
 * A category slug is lower-case with non-alphanumerics turned into hyphens. A run of them becomes
 * one hyphen and none lead or trail, so slugs match the category ids of the content (the schemas'
 * slug rule); this is the same rule as schemas/catalog/blog-categories.schema.ts.
 */
export { blogCategorySlug };

/** Blog search is case-insensitive over title, description and author name. Blank terms match everything. */
export function matchesBlogSearch(blog: BlogRecord, authorName: string | undefined, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [blog.title, blog.description ?? '', authorName ?? ''].some((field) => field.toLowerCase().includes(needle));
}

type Dated = { publishDate?: string; isPopular?: boolean };

function time(blog: Dated): number {
  const t = blog.publishDate ? Date.parse(blog.publishDate) : NaN;
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

export function newestFirst<T extends Dated>(blogs: readonly T[]): T[] {
  return [...blogs].sort((a, b) => time(b) - time(a));
}

/** Recent articles: newest first, up to `max`, leaving out the one being read. */
export function recentBlogs<T extends Dated>(blogs: readonly T[], max: number, exclude?: T): T[] {
  return newestFirst(blogs.filter((b) => b !== exclude)).slice(0, Math.max(0, max));
}

/** Popular posts: flagged isPopular, newest first, capped to `max`. */
export function popularBlogs<T extends Dated>(blogs: readonly T[], max: number): T[] {
  return newestFirst(blogs.filter((b) => b.isPopular)).slice(0, Math.max(0, max));
}

export interface CategoryCount {
  name: string;
  slug: string;
  count: number;
}

/** Categories with their number of posts, in order of first appearance in `names` then the blogs. */
export function categoryCounts(blogs: readonly BlogRecord[], names: readonly string[] = []): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, 0);
  for (const blog of blogs) if (blog.blogCategory) counts.set(blog.blogCategory, (counts.get(blog.blogCategory) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, slug: blogCategorySlug(name), count }));
}

/** Formats a publish date the way the blog pages show it (e.g. March 4, 2025); UTC so server and browser agree. */
export function formatPublishDate(iso: string | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Date(t).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
