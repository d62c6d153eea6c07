/**
 * Islands: the interactive parts of a server-rendered page, each hydrated in the browser as its own
 * small root. The server writes each island as
 *
 *   <script type="application/json" id="ISLAND-props">{"props":...,"page":...}</script>
 *   <showroom-island data-island="NAME" data-id="ISLAND" data-hydrate="load|visible|interaction">
 *     ...the component's HTML...
 *   </showroom-island>
 *
 * The JSON script is inert (not executable), so the page needs no inline script and runs under
 * `script-src 'self'`. The bootstrap (./bootstrap.ts) finds the markers and imports each island's
 * chunk (./client-islands.ts) when it is needed.
 */
import type { PageView } from '../page-context';

/**
 * When an island hydrates:
 * - `load`: at once (the header, alerts, anything that must answer from the first moment);
 * - `visible`: when it comes near the viewport (IntersectionObserver), so an island above the fold
 *   hydrates at once and one below it only when scrolled to;
 * - `interaction`: on the first pointer, focus or key event inside it; a click that started the
 *   hydration is replayed on the same element once the island is live.
 */
export type HydrateWhen = 'load' | 'visible' | 'interaction';

export const HYDRATE_WHEN: readonly HydrateWhen[] = ['load', 'visible', 'interaction'];

/** Tag of the element that wraps an island's HTML (styled `display: contents`, so it adds no box). */
export const ISLAND_TAG = 'showroom-island';

/** The shell's islands (not blocks of a page definition). */
export type ShellIslandName = 'header' | 'alerts' | 'back-to-top' | 'cookie-banner' | 'footer-newsletter';

/** What the server writes in an island's JSON script. */
export interface IslandPayload {
  props: Record<string, unknown>;
  /** The page view (URL, display constants) for islands that read it; see ../page-context.tsx. */
  page?: PageView;
}

export function propsElementId(islandId: string): string {
  return `${islandId}-props`;
}

/**
 * The interactive block types, each an island of its own (./client-islands.ts loads them). A list
 * of names only, so the server's content checks can read it without bundling the islands' code.
 */
export const BLOCK_ISLAND_NAMES = [
  'banner-slider',
  'scheduling-widget',
  'not-found',
  'quote-link',
  'cards',
  'accordion',
  'faq',
  'video-cards',
  'review-cards',
  'category-showcase',
  'style-listing',
  'product-style',
  'blog-list',
  'blog-detail',
  'blog-author',
  'blog-category',
  'gallery',
  'gallery-design',
  'visualizer',
  'sample-grid',
  'search-results',
  'search-popup',
  'form',
  'popup',
  'newsletter-unsubscribe',
  'newsletter-confirm',
  'estimator',
  'order-samples',
  'sample-cart',
  'payment-verify',
  'order-success',
  'payment-failure',
  'account-home',
  'account-addresses',
  'account-address-form',
  'account-list',
  'account-detail',
  'quote-payment',
  'split-payment',
  'checkout',
] as const;
export type BlockIslandName = (typeof BLOCK_ISLAND_NAMES)[number];
