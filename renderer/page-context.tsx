/** The page's state for any component below App (route params, query, settings, breadcrumb). */
import { createContext, useContext } from 'react';
import type { PageState } from './page-state';

export const PageContext = createContext<PageState | null>(null);

export function usePage(): PageState {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside <App>');
  return page;
}

/** The query string of the current page, read from the state so server and browser agree. */
export function usePageQuery(): URLSearchParams {
  const { url } = usePage();
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}
