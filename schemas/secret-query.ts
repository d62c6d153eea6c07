/**
 * Query parameters that are secrets: a quote link's or a password reset link's `token` (and PayPal's
 * return, which also calls its order id `token`), plus whatever a route lists in `secretQuery`
 * (routes.json). The islands that need them read them from `location` in the browser; the server
 * must never write them into a page's HTML (the islands' `page.url`) or use them in its page cache
 * key, where a copy of the URL would outlive the visit. Shared by the renderer (what the page shows)
 * and the server (what its cache keeps), so both strip the same names.
 */

/** Secret on every route. */
export const ALWAYS_SECRET_QUERY: readonly string[] = ['token'];

/**
 * `url` (a path with its query) without the secret parameters, compared case-insensitively. An URL
 * without any is returned unchanged, byte for byte; otherwise the rest of the query keeps its order.
 */
export function withoutSecretQuery(url: string, routeSecrets: readonly string[] = []): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const search = url.slice(q + 1, hash === -1 ? undefined : hash);
  const secret = new Set([...ALWAYS_SECRET_QUERY, ...routeSecrets].map((name) => name.toLowerCase()));
  const params = [...new URLSearchParams(search)];
  const kept = params.filter(([name]) => !secret.has(name.toLowerCase()));
  if (kept.length === params.length) return url;
  const rest = new URLSearchParams(kept).toString();
  return url.slice(0, q) + (rest ? `?${rest}` : '');
}
