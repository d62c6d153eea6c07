/**
 * Does a route pattern answer a path? The same rules as the renderer's route lookup
 * (renderer/routing.ts): literal segments, ":name" parameters, and "*" for the rest of the path.
 * Kept here because the server reaches the renderer only through its built SSR entry.
 */
export function routeAnswers(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const seg = want[i]!;
    if (seg === '*') return true;
    const value = got[i];
    if (value === undefined) return false;
    if (!seg.startsWith(':') && seg !== value) return false;
  }
  return want.length === got.length;
}

/** The catch-all route (path "/*" or a 404 answer) matches everything, so it proves no link right. */
export function isCatchAll(route: { path: string; status?: number }): boolean {
  return route.path === '/*' || route.status === 404;
}
