/**
 * Which quote the payment page opens and the link token that proves it is the visitor's: the
 * element's `quote-id` / `token` attributes first, then the address bar's `?quoteId=&token=` (the
 * quote e-mail's link, 001 §2), then the token the `quote-link` island already moved out of the
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
