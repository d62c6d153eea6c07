/**
 * What components read about the page they are on.
 *
 * - `usePage()`: the whole page state. Only the server renders the whole page, so only static
 *   blocks (rendered on the server alone, never hydrated) may call it.
 * - `usePageView()` / `usePageQuery()`: the small part of the page an island needs (its URL, for the
 *   listing query, and the site's display constants). The server's App provides it for the whole
 *   page; in the browser each island root provides it from the island's own props, so islands share
 *   no page-wide context.
 */
import { createContext, useContext } from 'react';
import type { SiteSettings } from '../schemas/site-settings.schema';
import type { PageState } from './page-state';

export const PageContext = createContext<PageState | null>(null);

/** The part of the page an island receives with its props. */
export interface PageView {
  /** Path and query of the request, e.g. /products?page=2. */
  url: string;
  constants?: SiteSettings['constants'];
}

export const PageViewContext = createContext<PageView | null>(null);

export function usePage(): PageState {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside the server-rendered <App> (an island reads usePageView())');
  return page;
}

export function pageViewOf(state: PageState): PageView {
  return { url: state.url, ...(state.settings.constants ? { constants: state.settings.constants } : {}) };
}

export function usePageView(): PageView | null {
  return useContext(PageViewContext);
}

/** The query string of the current page, read from the page view so server and browser agree. */
export function usePageQuery(): URLSearchParams {
  const url = usePageView()?.url ?? '';
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}
