/**
 * Typed access to the store's catalog side for the catalog and content blocks' selectData (server
 * only). The server hands the renderer its Content object, whose `store` field holds the catalog
 * built by server/content/store-content.ts, in the shape of schemas/catalog/catalog-store.ts. Every
 * list defaults to empty, so a content folder without a blog or a gallery still renders (the blocks
 * show their empty messages).
 */
import type { CatalogStore } from '../../schemas/catalog/catalog-store';
import type { StoreData } from './store-data';

export type { CatalogStore };

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
