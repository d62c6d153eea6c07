/**
 * What the page does around an account form's call (account-form-api.ts): the reset page takes the
 * link's token out of the address bar as soon as the form runs, and sends it; a sign-in (or the
 * sign-in after registering) leaves the header's hint and goes to the safe `returnTo`, else the
 * account home; a password reset forgets the spent token.
 */
import type { AccountFormAction } from '../../schemas/forms/form.schema';
import { safeReturnTo } from '../blocks/account/account-paths';
import { forgetResetToken, moveResetToken, readResetToken, sessionStore } from '../blocks/account/reset-link-token';
import { setSignedInHint } from '../blocks/account/signed-in-hint';
import { postAccountForm } from './account-form-api';
import type { FormPost, FormPostResult } from '../../widgets/forms/form-api';

export interface AccountFlowOptions {
  apiBase?: string;
  fetch?: typeof fetch;
  /** Where the browser goes after signing in (tests pass a spy). Default: location.assign. */
  navigate?: (path: string) => void;
}

/** Runs once when the form mounts: the reset page moves the token out of the address bar. */
export function prepareAccountForm(action: AccountFormAction): void {
  if (action !== 'reset-password') return;
  const storage = sessionStore();
  if (storage) moveResetToken({ href: window.location.href, replace: (url) => window.history.replaceState(window.history.state, '', url) }, storage);
}

/** The form store's `post` for an account form. */
export function accountFormPost(action: AccountFormAction, options: AccountFlowOptions = {}): (post: FormPost) => Promise<FormPostResult> {
  return async (post) => {
    const storage = sessionStore();
    const result = await postAccountForm(action, post, { apiBase: options.apiBase, fetch: options.fetch, resetToken: storage && readResetToken(storage) });
    if (result.ok && action === 'reset-password' && storage) forgetResetToken(storage);
    if (result.ok && result.signedIn) {
      setSignedInHint(true);
      const next = safeReturnTo(new URLSearchParams(window.location.search).get('returnTo'));
      (options.navigate ?? ((path) => window.location.assign(path)))(next);
    }
    return result;
  };
}
