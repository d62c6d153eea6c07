/**
 * A bounded LRU cache of rendered pages. The content is loaded once at start and never changes
 * while the server runs, and a page's HTML depends only on its URL and on whether the visitor has
 * answered the cookie banner; so a rendered document can be served again to anyone asking for the
 * same URL with the same consent state. The bound keeps arbitrary URLs (404s, odd query strings)
 * from growing it without limit.
 */
export interface CachedPage {
  status: number;
  /** The document as UTF-8 bytes: encoded once, not on every answer. */
  body: Buffer;
  /** The body gzipped, made the first time a client that accepts gzip (and not brotli) asks for it. */
  gzip?: Buffer;
  /** The body in brotli, made the first time a client that accepts brotli asks for it. */
  br?: Buffer;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Move to the newest end: Map keeps insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, page: CachedPage): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, page);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The part of the Cookie header a page depends on: has the visitor answered the cookie banner?
 * Mirrors hasConsentCookie in renderer/layout/consent-cookie.ts (the server may not import the
 * renderer except through its built SSR entry); page-cache.test.ts keeps the two in step.
 */
export const CONSENT_COOKIE_NAME = 'showroom_cookie_consent';

export function pageCacheKey(url: string, cookieHeader: string | undefined): string {
  const answered = (cookieHeader ?? '').split(';').some((c) => c.trim().startsWith(`${CONSENT_COOKIE_NAME}=`));
  return `${answered ? 'c' : '-'} ${url}`;
}

/** PAGE_CACHE_SIZE=0 turns the cache off (e.g. to measure rendering itself). Default 500 pages. */
export function pageCacheSize(env: Record<string, string | undefined>): number {
  const n = Number(env['PAGE_CACHE_SIZE'] ?? 500);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 500;
}
