/**
 * A quote's payment link carries its token in the query. The token proves ownership of the
 * quote, so it must not stay where URLs go (history, bookmarks, Referer, logs): the page moves it
 * into sessionStorage at once, and the payment calls send it as `Authorization: Bearer`.
 */
const KEY_PREFIX = 'showroom:quote-link:';

export interface AddressBar {
  href: string;
  replace(url: string): void;
}

/** Moves `token` from the URL into `storage` under the quote's id; the URL keeps `quoteId`. */
export function moveQuoteLinkToken(bar: AddressBar, storage: Pick<Storage, 'setItem'>): void {
  const url = new URL(bar.href);
  const token = url.searchParams.get('token');
  if (token === null) return;
  const quoteId = url.searchParams.get('quoteId');
  if (quoteId && token) storage.setItem(KEY_PREFIX + quoteId, token);
  url.searchParams.delete('token');
  bar.replace(url.pathname + url.search + url.hash);
}

/** The link token kept for a quote, or null. */
export function readQuoteLinkToken(quoteId: string, storage: Pick<Storage, 'getItem'>): string | null {
  return storage.getItem(KEY_PREFIX + quoteId);
}
