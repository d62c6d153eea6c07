/**
 * The server's only door into the renderer: it looks the route up, runs each block's selectData
 * (the block data contract, ./blocks/block-definition.ts), assembles the page and renders it to
 * HTML. The server wraps the result in a document (head tags, JSON-LD, state, scripts).
 */
import { renderToString } from 'react-dom/server';
import type { Block, PageDefinition } from '../schemas/page.schema';
import type { RouteEntry } from '../schemas/routes.schema';
import { withoutSecretQuery } from '../schemas/secret-query';
import type { SiteSettings } from '../schemas/site-settings.schema';
import { App } from './App';
import type { BlockDataContext, Crumb, PageMetadataOverride, StructuredData } from './blocks/block-definition';
import { selectBlockData } from './blocks/registry';
import type { StoreData } from './blocks/store-data';
import { hasConsentCookie } from './layout/consent-cookie';
import type { PageState, StudioView } from './page-state';
import { FOOTER_NEWSLETTER_FORM } from './layout/FooterNewsletter';
import { selectFormBlockData } from './forms/form-block-entry';
import { matchRoute, normalisePath } from './routing';
import { breadcrumbFromRoutes } from './seo/breadcrumb-trail';
import { pageStructuredData } from './seo/structured-data';
import { paymentBlockOf } from '../schemas/payment-page-blocks';
import { documentTitle } from './seo/document-title';

export type { StoreData } from './blocks/store-data';

export interface RenderInput {
  /** Path and query of the request; secret parameters (schemas/secret-query.ts) are dropped from all the page shows. */
  url: string;
  routes: readonly RouteEntry[];
  pages: Readonly<Record<string, PageDefinition>>;
  settings: SiteSettings;
  /** The request's Cookie header: the renderer reads its own consent cookie from it. */
  cookieHeader: string | undefined;
  /** The store's data (the server's Content object); blocks pick from it in selectData. */
  store?: StoreData;
  /** Public origin of the site, e.g. https://shop.example; used for absolute URLs in JSON-LD. */
  publicUrl?: string;
  /** The studio's preview and block pictures only (./page-state.ts); never for a visitor's page. */
  studio?: StudioView;
}

export interface RenderResult {
  status: number;
  html: string;
  title: string;
  description: string;
  /** og:image path, when the page or a block gave one. */
  image: string | undefined;
  /** JSON-LD objects for the head, each with its @context. */
  structuredData: StructuredData[];
  /** Path of the canonical URL: an alias (/aboutus) points to the page's first route (/about-us). */
  canonicalPath: string;
  /** Transactional and not-found pages are not indexed. */
  noindex: boolean;
  state: PageState;
}

const FALLBACK_NOT_FOUND: PageDefinition = {
  metadata: { title: 'Page not found', description: 'The page you are looking for does not exist.' },
  blocks: [{ type: 'not-found' }],
};

const EMPTY_STORE: StoreData = {};

/** The first parameterless route that shows the same page, so aliases share one canonical URL. */
function canonicalPathOf(routes: readonly RouteEntry[], route: RouteEntry | undefined, path: string): string {
  if (!route || route.path.includes(':') || route.path.includes('*')) return path;
  return routes.find((r) => r.page === route.page && !r.path.includes(':') && !r.path.includes('*'))?.path ?? path;
}

export function renderPage(input: RenderInput): RenderResult {
  return renderPageWith(input, selectBlockData);
}

/** renderPage with the data selection passed in, so tests can exercise the contract with their own blocks. */
export function renderPageWith(input: RenderInput, select: (block: Block, ctx: BlockDataContext) => unknown): RenderResult {
  const q = input.url.indexOf('?');
  const path = normalisePath(q === -1 ? input.url : input.url.slice(0, q));
  const match = matchRoute(input.routes, path);
  // The page and its islands' props see the URL without its secrets (a link's token): the HTML is
  // cached and may be copied; the islands that need a token read it from the address bar.
  const url = withoutSecretQuery(input.url, match?.route.secretQuery);
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const pageName = match && input.pages[match.route.page] ? match.route.page : 'not-found';
  const page = input.pages[pageName] ?? FALLBACK_NOT_FOUND;
  let status = !match || !input.pages[match.route.page] ? 404 : (match.route.status ?? 200);
  const params = match?.params ?? {};

  let meta: PageMetadataOverride = {};
  let breadcrumb: Crumb[] | null = null;
  const fromBlocks: StructuredData[] = [];
  const ctx: BlockDataContext = {
    store: input.store ?? EMPTY_STORE,
    params,
    query,
    settings: input.settings,
    path,
    pageName,
    notFound: () => {
      status = 404;
    },
    setMetadata: (m) => {
      meta = { ...meta, ...m };
    },
    setBreadcrumb: (trail) => {
      breadcrumb = trail;
    },
    addStructuredData: (item) => {
      fromBlocks.push(item);
    },
  };
  // JSON has no undefined: null keeps the indexes of blockData aligned with the blocks.
  const failedBlocks: number[] = [];
  const blockData = page.blocks.map((block, i) => {
    try {
      return select(block, ctx) ?? null;
    } catch (err) {
      // One block whose data cannot be read must not take the page down: it is left out (on the
      // server and in the browser alike) and the failure is reported in the server's output.
      failedBlocks.push(i);
      console.error(`Block ${i} (${block.type}) of page ${pageName} failed to select its data:`, err);
      return null;
    }
  });

  const trail = breadcrumb ?? breadcrumbFromRoutes(path, input.routes, input.pages);
  const siteName = input.settings.siteName;
  const pageTitle = meta.title ?? page.metadata.title;
  const title = documentTitle(pageTitle, siteName);
  const state: PageState = {
    pageName,
    page,
    settings: input.settings,
    url,
    params,
    consentGiven: hasConsentCookie(input.cookieHeader),
    blockData,
    failedBlocks,
    breadcrumb: trail,
    title: pageTitle,
    ...(input.studio ? { studio: input.studio } : {}),
  };
  // A payment page runs only its inventory's scripts: no newsletter form (nor its captcha) there.
  const footerNewsletter = paymentBlockOf(page.blocks) ? null : selectFormBlockData({ type: 'form', form: FOOTER_NEWSLETTER_FORM }, ctx);
  if (footerNewsletter?.form) state.footerNewsletter = footerNewsletter;
  const html = renderToString(<App state={state} />);
  const transactional = page.metadata.transactional === true;
  return {
    status,
    html,
    title,
    description: meta.description ?? page.metadata.description,
    image: meta.image ?? page.metadata.image,
    structuredData: pageStructuredData({
      settings: input.settings,
      baseUrl: (input.publicUrl ?? '').replace(/\/$/, ''),
      path,
      breadcrumb: status === 404 ? [] : trail,
      fromBlocks,
      transactional,
    }),
    canonicalPath: canonicalPathOf(input.routes, match?.route, path),
    noindex: transactional || page.metadata.noindex === true || status === 404,
    state,
  };
}
