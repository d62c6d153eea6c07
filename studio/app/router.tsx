/**
 * The studio's routing: paths under /studio, changed with history.pushState, read with
 * useSyncExternalStore. Small on purpose: ten screens need no router library.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export const BASE = '/studio';
const CHANGE = 'studio:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

/** The current path and query, e.g. `/studio/history?path=pages%2Fhome.json`. */
export function useLocation(): { pathname: string; search: URLSearchParams } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const url = new URL(current, 'http://studio.invalid');
  return { pathname: url.pathname, search: url.searchParams };
}

/** True once the app has moved from the page it was opened at (focus then follows the new page's heading). */
let navigated = false;
export const hasNavigated = () => navigated;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === window.location.pathname + window.location.search + window.location.hash) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  navigated = true;
  window.dispatchEvent(new Event(CHANGE));
  if (!options.replace) window.scrollTo?.(0, 0);
}

/** A link inside the studio: a plain <a> (open in a new tab works), followed in place on a plain click. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}

/** /studio/edit/<path of the content file> */
export const editPath = (file: string) => `${BASE}/edit/${file.split('/').map(encodeURIComponent).join('/')}`;
export const ordersPath = (id?: number) => `${BASE}/orders${id ? `/${id}` : ''}`;
export const quotesPath = (id?: number | 'new') => `${BASE}/quotes${id ? `/${id}` : ''}`;
/** A draft quote, opened in the builder again. */
export const quoteBuilderPath = (id: number) => `${BASE}/quotes/${id}/edit`;
export const leadsPath = (id?: number) => `${BASE}/leads${id ? `/${id}` : ''}`;
export const reviewsPath = (id?: number) => `${BASE}/reviews${id ? `/${id}` : ''}`;
export const imagesPath = `${BASE}/images`;
export const historyPath = (version?: number, file?: string) =>
  `${BASE}/history${version ? `/${version}` : ''}${file ? `?path=${encodeURIComponent(file)}` : ''}`;

export type Route =
  | { name: 'sign-in'; next: string | null }
  | { name: 'setup' }
  | { name: 'files'; file: string | null }
  | { name: 'history'; version: number | null; file: string | null }
  | { name: 'operators' }
  | { name: 'audit' }
  | { name: 'payment-pages' }
  | { name: 'orders'; id: number | null }
  | { name: 'quotes'; id: number | 'new' | null; edit?: true }
  | { name: 'leads'; id: number | null }
  | { name: 'subscribers' }
  | { name: 'reviews'; id: number | null }
  | { name: 'images' }
  | { name: 'not-found' };

export function matchRoute(pathname: string, search: URLSearchParams): Route {
  const rest = pathname.replace(/\/+$/, '').slice(BASE.length);
  if (!pathname.startsWith(BASE)) return { name: 'not-found' };
  if (rest === '' || rest === '/edit') return { name: 'files', file: null };
  if (rest === '/sign-in') return { name: 'sign-in', next: safeNext(search.get('next')) };
  if (rest === '/setup') return { name: 'setup' };
  if (rest.startsWith('/edit/')) {
    try {
      return { name: 'files', file: decodeURIComponent(rest.slice('/edit/'.length)) };
    } catch {
      return { name: 'not-found' };
    }
  }
  const history = /^\/history(?:\/(\d{1,15}))?$/.exec(rest);
  if (history) return { name: 'history', version: history[1] ? Number(history[1]) : null, file: search.get('path') };
  if (rest === '/operators') return { name: 'operators' };
  if (rest === '/audit') return { name: 'audit' };
  if (rest === '/payment-pages') return { name: 'payment-pages' };
  const draft = /^\/quotes\/([1-9]\d{0,14})\/edit$/.exec(rest);
  if (draft) return { name: 'quotes', id: Number(draft[1]), edit: true };
  // The back office: a list, or one record by its id (a new quote: /quotes/new).
  const record = /^\/(orders|quotes|leads)(?:\/([1-9]\d{0,14}|new))?$/.exec(rest);
  if (record) {
    const name = record[1] as 'orders' | 'quotes' | 'leads';
    const id = record[2] === undefined ? null : record[2] === 'new' ? 'new' : Number(record[2]);
    if (id === 'new' && name !== 'quotes') return { name: 'not-found' };
    return name === 'quotes' ? { name, id } : { name, id: id as number | null };
  }
  if (rest === '/subscribers') return { name: 'subscribers' };
  const review = /^\/reviews(?:\/([1-9]\d{0,14}))?$/.exec(rest);
  if (review) return { name: 'reviews', id: review[1] ? Number(review[1]) : null };
  if (rest === '/images') return { name: 'images' };
  return { name: 'not-found' };
}

/** Where to go after signing in: only a studio path (never another site). */
export function safeNext(next: string | null): string | null {
  if (!next || !/^\/studio(?:[/?]|$)/.test(next) || next.includes('\\')) return null;
  if (next.startsWith(`${BASE}/sign-in`) || next.startsWith(`${BASE}/setup`)) return null;
  return next;
}
