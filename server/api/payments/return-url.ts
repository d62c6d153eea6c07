/**
 * Where a payment that leaves the page (the test gateway's authentication step) sends the browser
 * back. The browser names it, so it is checked twice (when the charge stores it and again before
 * the redirect): only a path on the store, or a URL on the store's origin or an allowed dealer
 * origin (the CORS allowlist and dealers.json, ../../http/dealer-origin.ts). Anything else would
 * make the store an open redirect.
 */
export interface ReturnOrigins {
  /** The store's own origin (PUBLIC_URL). */
  storeOrigin: string;
  /** Whether a page on this origin may embed the widgets (allowed origins and dealer origins). */
  isAllowedOrigin(origin: string): boolean;
}

/** The store's own verify page for the test gateway (001 §2), where a return without a URL goes. */
export const DEFAULT_RETURN_PATH = '/payment/verify/test';
const MAX_LENGTH = 2000;

/** The absolute return URL (without a fragment), or undefined when it may not be used. */
export function checkReturnUrl(raw: string, origins: ReturnOrigins): string | undefined {
  // Backslashes and control characters are how "/\evil.example" and friends sneak past a path check.
  if (raw.length === 0 || raw.length > MAX_LENGTH || /[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  let url: URL;
  try {
    if (raw.startsWith('/')) {
      if (raw.startsWith('//')) return undefined;
      url = new URL(raw, origins.storeOrigin);
    } else {
      url = new URL(raw);
    }
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  if (url.origin !== origins.storeOrigin && !origins.isAllowedOrigin(url.origin)) return undefined;
  url.hash = '';
  return url.href;
}

/** The return URL with the transaction the verify page checks (`?transactionId=...`). */
export function returnUrlFor(returnUrl: string, transactionId: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('transactionId', transactionId);
  return url.href;
}
