/** The account pages' paths, and where a sign-in may send the visitor afterwards. */
export const ACCOUNT_HOME = '/my-account';
export const SIGN_IN_PAGE = '/my-account/login';

/**
 * The `returnTo` of a sign-in, if it is a path of this site: it starts with one slash (not `//host`
 * or `/\host`, which browsers read as another host) and holds no control characters. Anything else
 * (an absolute URL, `javascript:`) gives the account home, so a link cannot send a visitor who
 * just signed in to another site.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > 500) return ACCOUNT_HOME;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return ACCOUNT_HOME;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return ACCOUNT_HOME;
  // The sign-in page itself would loop.
  if (value === SIGN_IN_PAGE || value.startsWith(`${SIGN_IN_PAGE}?`)) return ACCOUNT_HOME;
  return value;
}

/** The sign-in page, told to come back to `path` (the page the visitor wanted) afterwards. */
export function signInPathFor(path: string): string {
  return `${SIGN_IN_PAGE}?returnTo=${encodeURIComponent(safeReturnTo(path))}`;
}

/** Where the browser is sent when an account page finds it signed out (replace: Back does not bounce). */
export function goToSignIn(): void {
  window.location.replace(signInPathFor(window.location.pathname + window.location.search));
}
