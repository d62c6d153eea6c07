/**
 * The show-once cookie: once a popup with showOnce has shown, it does not come back
 * until its cookie expires. The lifetime is the popup's cookieExpiry time string (s, m, h, d, w),
 * default 24h.
 */
import { parseTimeString } from '../../schemas/evaluators/time-string';
import { POPUP_DEFAULTS } from '../../schemas/forms/popup.schema';

export function popupCookieName(popupName: string): string {
  return `showroom_popup_${popupName}`;
}

/** Seconds the show-once cookie lives. */
export function popupCookieSeconds(cookieExpiry: string | undefined): number {
  return Math.round(parseTimeString(cookieExpiry, POPUP_DEFAULTS.cookieExpiry) / 1000);
}

/** The Set-Cookie string for document.cookie. */
export function popupCookie(popupName: string, cookieExpiry: string | undefined): string {
  return `${popupCookieName(popupName)}=1; Max-Age=${popupCookieSeconds(cookieExpiry)}; Path=/; SameSite=Lax`;
}

export function hasPopupCookie(cookies: string, popupName: string): boolean {
  const prefix = `${popupCookieName(popupName)}=`;
  return cookies.split(';').some((c) => c.trim().startsWith(prefix));
}
