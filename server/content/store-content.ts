/**
 * The demo store's catalog side of the content folder: product styles and categories, blogs with
 * their HTML bodies, authors, blog categories, FAQs, reviews, the inspiration gallery and the search
 * items. Built once at load from files that already passed their schema check.
 *
 * Blog bodies and FAQ answers are HTML written by operators; they are sanitised here, at load, so
 * renderers only ever receive safe HTML (no scripts, no event handlers, no javascript: links).
 */
import fs from 'node:fs';
import path from 'node:path';
import sanitizeHtml from 'sanitize-html';
import type { BlogAuthorsDefinition } from '../../schemas/catalog/blog-authors.schema';
import type { BlogCategoriesDefinition } from '../../schemas/catalog/blog-categories.schema';
import type { Blog, BlogsDefinition } from '../../schemas/catalog/blogs.schema';
import { deriveSearchItems } from '../../schemas/catalog/derive-search-items';
import type { FaqsDefinition } from '../../schemas/catalog/faqs.schema';
import type { GalleryDefinition } from '../../schemas/catalog/gallery.schema';
import type { ProductCategoriesDefinition } from '../../schemas/catalog/product-categories.schema';
import type { ProductStyle } from '../../schemas/catalog/product-style.schema';
import { summarizeRatings } from '../../schemas/catalog/review-summary';
import type { ReviewsDefinition } from '../../schemas/catalog/reviews.schema';
import type { SearchItemsDefinition } from '../../schemas/catalog/search-items.schema';
import type { CatalogStore } from '../../schemas/catalog/catalog-store';
import { InvalidContentError, type DefinitionProblem } from './definition-problem';

/** Where the catalog files live in a content folder (also listed in content-layout.ts). */
export const storeFiles = {
  styles: 'catalog/styles',
  categories: 'catalog/categories.json',
  searchItems: 'catalog/search-items.json',
  blogs: 'blogs/blogs.json',
  authors: 'blogs/authors.json',
  blogCategories: 'blogs/categories.json',
  faqs: 'data/faqs.json',
  reviews: 'data/reviews.json',
  gallery: 'data/gallery.json',
} as const;

/** The catalog side of Content: the shape every room shares (schemas/catalog/catalog-store.ts). */
export type StoreContent = CatalogStore;

/** Tags and attributes an article may use; everything else (script, style, iframe, on*=) is dropped. */
const articleHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    h2: ['id'],
    h3: ['id'],
    th: ['scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the opener to the other site.
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

/** Safe HTML for a blog body or FAQ answer. Images may only come from this site (a path, no scheme). */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, articleHtmlOptions).trim();
}

function byDateDesc<T>(dateOf: (x: T) => string): (a: T, b: T) => number {
  return (a, b) => dateOf(b).localeCompare(dateOf(a));
}

/** Reads every blog body; a missing body is a problem of blogs/blogs.json at that entry. */
export function readBlogBodies(dir: string, blogs: BlogsDefinition['blogs']): { bodies: string[]; problems: DefinitionProblem[] } {
  const problems: DefinitionProblem[] = [];
  const bodies = blogs.map((blog, i) => {
    const file = path.join(dir, 'blogs', blog.contentPath);
    if (!fs.existsSync(file)) {
      problems.push({ file: storeFiles.blogs, pointer: `/blogs/${i}/contentPath`, message: `names the body file blogs/${blog.contentPath}, which does not exist` });
      return '';
    }
    return sanitizeContentHtml(fs.readFileSync(file, 'utf8'));
  });
  return { bodies, problems };
}

/** Builds the store from parsed, schema-checked files. Missing optional files give empty lists. */
export function loadStoreContent(dir: string, files: ReadonlyMap<string, unknown>): { store: StoreContent; problems: DefinitionProblem[] } {
  const get = <T>(file: string): T | undefined => files.get(file) as T | undefined;
  const styleList: ProductStyle[] = [];
  for (const [file, data] of files) {
    if (file.startsWith(`${storeFiles.styles}/`) && file.endsWith('.json')) styleList.push(data as ProductStyle);
  }
  const categories = get<ProductCategoriesDefinition>(storeFiles.categories)?.categories ?? [];
  const reviewsFile = get<ReviewsDefinition>(storeFiles.reviews);
  const reviews = [...(reviewsFile?.reviews ?? [])].sort(byDateDesc((r) => r.date));

  const styles: Record<string, ProductStyle> = {};
  for (const style of styleList) {
    const own = reviews.filter((r) => r.style === style.name);
    styles[style.name] = style.rating || own.length === 0 ? style : { ...style, rating: summarizeRatings(own) };
  }

  const blogEntries = get<BlogsDefinition>(storeFiles.blogs)?.blogs ?? [];
  const { bodies, problems } = readBlogBodies(dir, blogEntries);
  const blogs: Blog[] = blogEntries.map((b, i) => ({ ...b, content: bodies[i]! })).sort(byDateDesc((b) => b.publishDate));

  const faqs = (get<FaqsDefinition>(storeFiles.faqs)?.faqs ?? []).map((f) => ({ ...f, answer: sanitizeContentHtml(f.answer) }));

  return {
    problems,
    store: {
      styles,
      categories,
      blogs,
      authors: get<BlogAuthorsDefinition>(storeFiles.authors)?.authors ?? [],
      blogCategories: get<BlogCategoriesDefinition>(storeFiles.blogCategories)?.blogCategories ?? [],
      faqs,
      reviews,
      reviewSummary: reviewsFile?.summary ?? summarizeRatings(reviews),
      gallery: get<GalleryDefinition>(storeFiles.gallery)?.designs ?? [],
      searchItems: [...deriveSearchItems(styleList, categories, get<{ categoryPath?: string }>('site.json')?.categoryPath), ...(get<SearchItemsDefinition>(storeFiles.searchItems)?.items ?? [])],
    },
  };
}

/** loadStoreContent for loadContent: a problem (a missing blog body) stops the load like any other. */
export function loadStore(dir: string, files: ReadonlyMap<string, unknown>): StoreContent {
  const { store, problems } = loadStoreContent(dir, files);
  if (problems.length) throw new InvalidContentError(problems);
  return store;
}
