/**
 * The password reset e-mail links to /my-account/reset-password?token=… (server/services/account-service.ts).
 * The token resets the password, so like the quote link's token it must not stay where URLs go
 * (history, bookmarks, Referer, logs; the page's answer also says `Referrer-Policy: no-referrer`): the
 * page moves it into sessionStorage at once (a reload still has it) and the form sends it in the body.
 */
import type { AddressBar } from '../quote/quote-link-token';

const KEY = 'showroom:password-reset-token';

/** Moves `token` from the URL into `storage`; the address bar keeps the rest. */
export function moveResetToken(bar: AddressBar, storage: Pick<Storage, 'setItem'>): void {
  const url = new URL(bar.href);
  const token = url.searchParams.get('token');
  if (token === null) return;
  if (token) storage.setItem(KEY, token);
  url.searchParams.delete('token');
  bar.replace(url.pathname + url.search + url.hash);
}

export function readResetToken(storage: Pick<Storage, 'getItem'>): string | null {
  return storage.getItem(KEY);
}

/** A used link is spent: forget it. */
export function forgetResetToken(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(KEY);
}

/** The page's own sessionStorage, or null where storage is blocked. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
