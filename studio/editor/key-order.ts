/**
 * rjsf rebuilds objects in schema order, and builds new objects for parts that did not change. The
 * file's own order is kept, so a saved draft (and the published file's `git diff`) shows only what
 * the operator changed; and every part equal to what it was is the same object as before, so the
 * memoised block forms of the blocks nobody touched do not render again.
 */
type Json = unknown;

const isPlainObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function keepKeyOrder<T>(prev: Json, next: T): T {
  if (prev === next) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const out = next.map((item, i) => keepKeyOrder(prev[i], item));
    return (out.length === prev.length && out.every((v, i) => v === prev[i]) ? prev : out) as T;
  }
  if (!isPlainObject(prev) || !isPlainObject(next)) return next;
  const out: Record<string, Json> = {};
  for (const key of Object.keys(prev)) if (key in next && next[key] !== undefined) out[key] = keepKeyOrder(prev[key], next[key]);
  for (const key of Object.keys(next)) if (!(key in out) && next[key] !== undefined) out[key] = next[key];
  const keys = Object.keys(out);
  const prevKeys = Object.keys(prev);
  const same = keys.length === prevKeys.length && keys.every((k, i) => k === prevKeys[i] && out[k] === prev[k]);
  return (same ? prev : out) as T;
}
