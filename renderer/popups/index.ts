/**
 * Popups: `PopupHost` takes the page's popup definitions and the form definitions
 * they use (serialisable props) and shows each when its trigger fires; the popup's code is a separate
 * chunk loaded then.
 */
export { PopupHost, PopupTrigger, type PopupHostProps } from './PopupHost';
export { popupCookie, popupCookieName, hasPopupCookie, popupCookieSeconds } from './popup-cookie';
export { watchPopupTriggers, scrolledPercent } from './popup-triggers';
