/**
 * Typed access to the store's catalog side for the catalog and content blocks' selectData (server
 * only). The server hands the renderer its Content object, whose `store` field holds the catalog
 * built by server/content/store-content.ts; the renderer may not import server code, so the shape
 * is restated here from the schema types. Every list defaults to empty, so a content folder without
 * a blog or a gallery still renders (the blocks show their empty messages).
 */
import type { Author } from '../../schemas/catalog/blog-authors.schema';
import type { BlogCategory } from '../../schemas/catalog/blog-categories.schema';
import type { Blog } from '../../schemas/catalog/blogs.schema';
import type { Faq } from '../../schemas/catalog/faqs.schema';
import type { GalleryDesign } from '../../schemas/catalog/gallery.schema';
import type { ProductCategory } from '../../schemas/catalog/product-categories.schema';
import type { ProductStyle } from '../../schemas/catalog/product-style.schema';
import type { RatingSummary, Review } from '../../schemas/catalog/reviews.schema';
import type { SearchItem } from '../../schemas/catalog/search-items.schema';
import type { StoreData } from './store-data';

export interface CatalogStore {
  styles: Record<string, ProductStyle>;
  categories: ProductCategory[];
  blogs: Blog[];
  authors: Author[];
  blogCategories: BlogCategory[];
  faqs: Faq[];
  reviews: Review[];
  reviewSummary: RatingSummary;
  gallery: GalleryDesign[];
  searchItems: SearchItem[];
}

const EMPTY: CatalogStore = {
  styles: {},
  categories: [],
  blogs: [],
  authors: [],
  blogCategories: [],
  faqs: [],
  reviews: [],
  reviewSummary: { avgRating: 0, reviewCount: 0 },
  gallery: [],
  searchItems: [],
};

/** The catalog of the store data: `content.store` when handed the Content object, else the object itself. */
export function catalogOf(store: StoreData): CatalogStore {
  const inner = (store as { store?: unknown }).store;
  const source = (inner && typeof inner === 'object' ? inner : store) as Partial<CatalogStore>;
  return { ...EMPTY, ...Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined)) } as CatalogStore;
}

/** Style names in the order the categories list them (the store's own order), then any others. */
export function orderedStyleNames(catalog: CatalogStore): string[] {
  const names = [...new Set(catalog.categories.flatMap((c) => c.styles))].filter((n) => n in catalog.styles);
  return [...names, ...Object.keys(catalog.styles).filter((n) => !names.includes(n))];
}

/** Where category pages sit (site setting categoryPath, default /products), without a trailing slash. */
export function categoryBase(settings: { categoryPath?: string } | undefined): string {
  return (settings?.categoryPath ?? '/products').replace(/\/$/, '');
}
