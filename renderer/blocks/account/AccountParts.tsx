/**
 * Small pieces the account blocks share: the status badge, an address card, the loading and error
 * states, and the hook that loads one customer's data (a 401 sends the visitor to sign in).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { formatMoney } from '../../../schemas/money';
import { ApiRequestError } from '../../../widgets/api-client';
import { goToSignIn } from './account-paths';
import { isSignedOut, type AddressLines } from './account-api';
import type { Badge } from '../../../schemas/status-labels';
import './account.css';

export function StatusBadge({ badge }: { badge: Badge }) {
  return <span className={`account-badge account-badge--${badge.tone}`}>{badge.label}</span>;
}

export const money = (dollars: number | undefined) => formatMoney(dollars ?? 0);

/** 2026-11-23T05:20:00Z → "Nov 23, 2026" (in the visitor's time zone: the view renders in the browser only). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** An address as a card's text; the actions (if any) come from the caller. */
export function AddressText({ address }: { address: AddressLines }) {
  return (
    <address className="account-address">
      <strong>
        {address.firstName} {address.lastName}
      </strong>
      {address.company && (
        <>
          <br />
          {address.company}
        </>
      )}
      <br />
      {address.street1}
      {address.street2 && (
        <>
          <br />
          {address.street2}
        </>
      )}
      <br />
      {address.city}, {address.state} {address.zipCode}
      <br />
      {address.countryId}
      {address.phoneNumber && (
        <>
          <br />
          {address.phoneNumber}
        </>
      )}
      {address.email && (
        <>
          <br />
          {address.email}
        </>
      )}
    </address>
  );
}

export function Loading({ text }: { text: string }) {
  return (
    <p className="account-status" role="status">
      {text}
    </p>
  );
}

export function ErrorBox({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="account-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try Again
        </button>
      )}
    </div>
  );
}

/** The frame every account block renders on the server and in the browser alike: its heading, then its state. */
export function AccountFrame({ id, title, titleId, children, actions }: { id?: string; title: string; titleId: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="account" id={id} aria-labelledby={titleId}>
      <div className="account__head">
        <h1 id={titleId} className="account__title" tabIndex={-1}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; status: number; message: string };

/**
 * Loads one customer's data in the browser (never on the server: the first render is 'loading' on
 * both, so hydration matches and no account data is in the HTML). 401 → the sign-in page.
 */
export function useAccountData<T>(load: () => Promise<T>, deps: readonly unknown[]): [Loaded<T>, () => void, (value: T) => void] {
  const [view, setView] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setView({ state: 'loading' });
    load().then(
      (value) => live && setView({ state: 'ready', value }),
      (err: unknown) => {
        if (!live) return;
        if (isSignedOut(err)) return goToSignIn();
        const status = err instanceof ApiRequestError ? err.status : 0;
        setView({ state: 'failed', status, message: err instanceof Error ? err.message : '' });
      },
    );
    return () => {
      live = false;
    };
    // The loader is rebuilt each render; what it depends on is in deps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((value: T) => setView({ state: 'ready', value }), []);
  return [view, retry, set];
}
