/** Blog posts as the plain views the blog blocks send to the browser (no bodies except on the detail page). */
import type { Blog } from '../../../schemas/catalog/blogs.schema';
import type { CatalogStore } from '../catalog-store';
import { categoryCounts, type CategoryCount } from './blog-rules';

export interface BlogCardView {
  title: string;
  description: string;
  path: string;
  image: { src: string; altText: string; width?: number; height?: number };
  publishDate: string;
  isPopular: boolean;
  author: { id: string; name: string } | null;
  category: { id: string; name: string } | null;
}

export function blogPath(blog: Pick<Blog, 'path'>): string {
  return `/blogs/${blog.path}`;
}

export function blogCardView(blog: Blog, catalog: CatalogStore): BlogCardView {
  const author = catalog.authors.find((a) => a.id === blog.author);
  const category = catalog.blogCategories.find((c) => c.id === blog.blogCategory);
  const { src, altText, width, height } = blog.image;
  return {
    title: blog.title,
    description: blog.description,
    path: blogPath(blog),
    image: { src, altText, ...(width ? { width } : {}), ...(height ? { height } : {}) },
    publishDate: blog.publishDate,
    isPopular: blog.isPopular ?? false,
    author: author ? { id: author.id, name: author.name } : null,
    category: category ? { id: category.id, name: category.name } : null,
  };
}

/** The categories with their post counts, in the order of blogs/categories.json; links use the ids. */
export function blogCategoryCounts(catalog: CatalogStore): CategoryCount[] {
  const counts = categoryCounts(catalog.blogs.map((b) => ({ title: b.title, blogCategory: b.blogCategory })));
  return catalog.blogCategories.map((c) => ({ name: c.name, slug: c.id, count: counts.find((x) => x.name === c.id)?.count ?? 0 }));
}

/** Whether the store's blog data has the shape the blocks read (the loader checks it; this guards the renderer). */
export function validBlogs(catalog: CatalogStore): boolean {
  return Array.isArray(catalog.blogs) && catalog.blogs.every((b) => b && typeof b.title === 'string' && typeof b.path === 'string');
}

export function validAuthors(catalog: CatalogStore): boolean {
  return Array.isArray(catalog.authors) && catalog.authors.every((a) => a && typeof a.id === 'string' && typeof a.name === 'string');
}
