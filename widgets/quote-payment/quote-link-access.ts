/**
 * Which quote the payment page opens and the link token that proves it is the visitor's: the
 * element's `quote-id` / `token` attributes first, then the address bar's `?quoteId=&token=` (the
 * quote e-mail's link), then the token the `quote-link` island already moved out of the
 * address bar into sessionStorage (renderer/blocks/quote/quote-link-token.ts writes the same key).
 */
export const QUOTE_LINK_KEY_PREFIX = 'showroom:quote-link:';

export interface QuoteLinkAccess {
  quoteId: string;
  token: string;
}

type SessionReader = Pick<Storage, 'getItem'>;

function session(): SessionReader | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The quote and its token, or null when the link names no quote or carries no token (not found). */
export function quoteLinkAccess(given: { quoteId?: string; token?: string }, search: string, storage = session()): QuoteLinkAccess | null {
  const query = new URLSearchParams(search);
  const quoteId = (given.quoteId || query.get('quoteId') || '').trim();
  if (!quoteId) return null;
  const token = given.token || query.get('token') || storage?.getItem(QUOTE_LINK_KEY_PREFIX + quoteId) || '';
  return token ? { quoteId, token } : null;
}

/**
 * On a page without the quote-link island (a dealer's page holding the element), the element moves
 * the token out of the address bar itself: into sessionStorage for a reload, out of history and
 * Referer headers. The main site's island does the same first; then there is nothing left to move.
 */
export function moveTokenOutOfAddressBar(access: QuoteLinkAccess): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('token') !== access.token) return;
  try {
    sessionStorage.setItem(QUOTE_LINK_KEY_PREFIX + access.quoteId, access.token);
  } catch {
    // storage blocked: the token still leaves the address bar; a reload then shows not-found
  }
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
