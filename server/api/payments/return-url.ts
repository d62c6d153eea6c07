/**
 * Where a payment that leaves the page (the test gateway's authentication step) sends the browser
 * back. The browser names it, so it is checked twice (when the charge stores it and again before
 * the redirect): only a path on the store, or a URL on the store's origin or an allowed dealer
 * origin (the CORS allowlist and dealers.json, ../../http/dealer-origin.ts). Anything else would
 * make the store an open redirect.
 */
import { RETURN_ADDRESS_MESSAGES } from '../../../schemas/evaluators/return-address-messages';
import { ApiError } from '../../http/api-error';
import type { Logger } from '../../logger';

export interface ReturnOrigins {
  /** The store's origin this request came to (../../http/store-origins.ts), against which a path resolves. */
  storeOrigin: string;
  /** Whether a page on this origin may be returned to: the store's other origins, allowed origins and dealer origins. */
  isAllowedOrigin(origin: string): boolean;
}

/** The store's own verify page for the test gateway, where a return without a URL goes. */
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

/** The origin a refused return URL names, for the page's message and the log; undefined when it names none. */
function originOf(raw: string): string | undefined {
  try {
    const origin = new URL(raw).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The refusal the page shows in its own words (the page's origin), with `fields.returnUrl`. */
export function returnUrlRefused(raw: string): ApiError {
  return new ApiError(400, 'return_url_refused', RETURN_ADDRESS_MESSAGES.refused(originOf(raw)), { returnUrl: RETURN_ADDRESS_MESSAGES.field });
}

const WARNED_ORIGINS_MAX = 100;

/**
 * Logs a refused return address once per origin (up to a hundred: a stranger's made-up ones must
 * not flood the log): a store whose visitors reach it at an address it does not know (PUBLIC_URL
 * unset or another, a dealer missing from dealers.json) loses every payment that leaves the page,
 * and the operator needs the origin and the setting to change, not a customer's complaint.
 */
export function refusedReturnWarner(logger: Logger | undefined): (raw: string, origins: ReturnOrigins) => void {
  const warned = new Set<string>();
  return (raw, origins) => {
    const origin = originOf(raw) ?? raw.slice(0, 200);
    if (!logger || warned.has(origin) || warned.size >= WARNED_ORIGINS_MAX) return;
    warned.add(origin);
    logger.warn(
      { origin, storeOrigin: origins.storeOrigin, settings: ['PUBLIC_URL', 'dealers.json'] },
      `payment refused: its return address ${origin} is not the store's nor an allowed dealer's; if customers reach the store at ${origin}, set PUBLIC_URL to it, or if it is a dealer's page, add it to that dealer's allowedOrigins in dealers.json`,
    );
  };
}
