/**
 * The store's catalog side as the server loads it (server/content/store-content.ts) and the
 * renderer's blocks read it: one shape, stated once, from the catalog schemas' types.
 */
import type { Author } from './blog-authors.schema';
import type { BlogCategory } from './blog-categories.schema';
import type { Blog } from './blogs.schema';
import type { Faq } from './faqs.schema';
import type { GalleryDesign } from './gallery.schema';
import type { ProductCategory } from './product-categories.schema';
import type { ProductStyle } from './product-style.schema';
import type { RatingSummary, Review } from './reviews.schema';
import type { SearchItem } from './search-items.schema';

export interface CatalogStore {
  /** Styles by name (the styleName route parameter). Every style has a rating (from the file or its reviews). */
  styles: Record<string, ProductStyle>;
  /** Categories in the order of catalog/categories.json (previous / next links follow it). */
  categories: ProductCategory[];
  /** Blog posts newest first, each with its sanitised HTML body in `content`. */
  blogs: Blog[];
  authors: Author[];
  blogCategories: BlogCategory[];
  /** FAQs in file order; answers sanitised. */
  faqs: Faq[];
  /** Reviews newest first. */
  reviews: Review[];
  /** The store's overall rating: data/reviews.json's summary, or computed from its reviews. */
  reviewSummary: RatingSummary;
  gallery: GalleryDesign[];
  /** Derived from categories, styles and sample SKUs, plus catalog/search-items.json if present. */
  searchItems: SearchItem[];
}
