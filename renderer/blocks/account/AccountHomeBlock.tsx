/**
 * /my-account: the greeting with the customer's name, links to orders, quotes and addresses, and Sign
 * out (which ends the session on the server, then goes to the sign-in page).
 */
import { useState } from 'react';
import type { AccountHomeBlock as AccountHomeDefinition } from '../../../schemas/blocks/account.schema';
import { useIslandId } from '../../islands/use-island-id';
import type { BlockProps } from '../block-definition';
import { accountApi, type AccountApi } from './account-api';
import { SIGN_IN_PAGE } from './account-paths';
import { AccountFrame, ErrorBox, Loading, useAccountData } from './AccountParts';

export const ACCOUNT_LINKS = [
  { path: '/my-account/orders', text: 'Your orders', description: 'Follow your orders and their payments.' },
  { path: '/my-account/quotes', text: 'Your quotes', description: 'The quotes our designers prepared for you.' },
  { path: '/my-account/addresses', text: 'Your addresses', description: 'Saved shipping and billing addresses, and your defaults.' },
] as const;

export const SIGN_OUT_FAILED = 'We could not sign you out. Please try again.';

export function AccountHomeBlock({ block, api = accountApi(), navigate }: BlockProps<AccountHomeDefinition, undefined> & { api?: AccountApi; navigate?: (path: string) => void }) {
  const titleId = useIslandId();
  const [me, retry] = useAccountData(() => api.me(), []);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  const signOut = async () => {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await api.signOut();
      (navigate ?? ((p) => window.location.assign(p)))(SIGN_IN_PAGE);
    } catch {
      setSigningOut(false);
      setSignOutError(SIGN_OUT_FAILED);
    }
  };

  const title = block.title ?? 'My account';
  return (
    <AccountFrame id={block.id} title={title} titleId={titleId}>
      {me.state === 'loading' && <Loading text="Loading your account…" />}
      {me.state === 'failed' && <ErrorBox message={me.message || 'We could not load your account. Please try again.'} onRetry={retry} />}
      {me.state === 'ready' && (
        <>
          <p className="account__greeting">
            Hello, {me.value.user.firstName} {me.value.user.lastName}
          </p>
          <p className="account__muted">Signed in as {me.value.user.email}</p>
          <ul className="account-links">
            {ACCOUNT_LINKS.map((link) => (
              <li key={link.path}>
                <a className="account-links__link" href={link.path}>
                  <span className="account-links__text">{link.text}</span>
                  <span className="account-links__description">{link.description}</span>
                </a>
              </li>
            ))}
          </ul>
          <p>
            <button type="button" className="button button--secondary" onClick={signOut} disabled={signingOut} aria-busy={signingOut || undefined}>
              Sign out
            </button>
          </p>
          {signOutError && (
            <p className="account-error__text" role="alert">
              {signOutError}
            </p>
          )}
        </>
      )}
    </AccountFrame>
  );
}
