/** Route lookup: the request path is matched against the route list in order; the first match wins. */
import type { RouteEntry } from '../schemas/routes.schema';

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

/** Normalises a request path: no trailing slash (but "/"), repeated slashes joined. */
export function normalisePath(pathname: string): string {
  const joined = '/' + pathname.split('/').filter(Boolean).join('/');
  return joined;
}

export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = normalisePath(pathname).split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const seg = want[i]!;
    if (seg === '*') {
      params['*'] = got.slice(i).join('/');
      return params;
    }
    const value = got[i];
    if (value === undefined) return null;
    if (seg.startsWith(':')) {
      try {
        params[seg.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (seg !== value) return null;
  }
  return want.length === got.length ? params : null;
}

export function matchRoute(routes: readonly RouteEntry[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
