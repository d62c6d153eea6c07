/**
 * The block data contract. A block type is a React component plus, optionally, a `selectData`
 * function that runs on the server only, once per request: it picks from the store's data (catalog,
 * blogs, FAQs, reviews, gallery...) exactly what this block needs for this request. renderPage puts
 * each result in `PageState.blockData` (by block index), so the hydration state carries only what
 * the page needs; the browser renders the block with the same `data`.
 *
 * Besides returning data, selectData may tell the page about itself through the context:
 * `ctx.notFound()` (the page answers 404: unknown style, blog, author, category, design),
 * `ctx.setMetadata()` (title, description, image of the page, e.g. from the blog post),
 * `ctx.setBreadcrumb()` (the trail of the breadcrumb block and of the BreadcrumbList JSON-LD) and
 * `ctx.addStructuredData()` (JSON-LD objects: Product, FAQPage, VideoObject, BlogPosting...).
 */
import type { ComponentType } from 'react';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import type { HydrateWhen } from '../islands/island-types';
import type { StoreData } from './store-data';

export interface Crumb {
  label: string;
  /** Absent for the current page (the last crumb). */
  path?: string;
}

/** A JSON-LD object (schema.org); `@context` is added by the page if absent. */
export type StructuredData = { '@type': string } & Record<string, unknown>;

export interface PageMetadataOverride {
  title?: string;
  description?: string;
  /** Image for link previews (og:image), a site path such as /images/styles/shaker.svg. */
  image?: string;
}

export interface BlockDataContext {
  /** The store's data as loaded by the server (the Content object). Server only: never sent to the browser. */
  store: StoreData;
  /** Route parameters, e.g. { styleName: 'aspen-white' } for /products/kitchen-cabinets/:styleName. */
  params: Readonly<Record<string, string>>;
  /** The request's query string. */
  query: URLSearchParams;
  settings: SiteSettings;
  /** The request path (normalised, no query). */
  path: string;
  /** Name of the page definition being rendered. */
  pageName: string;
  /** The page answers 404 (the block still renders; it shows its own not-found message). */
  notFound(): void;
  setMetadata(meta: PageMetadataOverride): void;
  setBreadcrumb(trail: Crumb[]): void;
  addStructuredData(item: StructuredData): void;
}

export interface BlockProps<B, D = undefined> {
  block: B;
  /** What selectData returned for this block (undefined when the block has no selectData). */
  data: D;
}

export interface BlockDefinition<B extends { type: string }, D = undefined> {
  component: ComponentType<BlockProps<B, D>>;
  /** Runs on the server only: picks from the store what this block needs for this request. Must return JSON-serialisable data. */
  selectData?(block: B, ctx: BlockDataContext): D;
  /**
   * Whether the block is interactive, and when it hydrates in the browser. Absent: a static block,
   * rendered by the server and shipping no JavaScript. A function decides per block (a card grid
   * without slider, zoom or long texts is static). An interactive type needs an entry in
   * renderer/islands/client-islands.ts, which loads its code as its own chunk.
   */
  island?: HydrateWhen | ((block: B, data: D) => HydrateWhen | undefined);
}

/** Typed constructor for registry entries: infers the data type from selectData. */
export function defineBlock<B extends { type: string }, D = undefined>(definition: BlockDefinition<B, D>): BlockDefinition<B, D> {
  return definition;
}
