/**
 * The studio app: who is signed in (GET /api/studio/me at start), which screen the address names,
 * and the shell around the signed-in screens. A signed-out visit to a studio screen goes to
 * sign-in and comes back afterwards; a call that finds the session ended does the same.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { StudioApiError, studioClient, type Operator, type StudioClient } from '../api/studio-client';
import { LeadsPage } from '../back-office/LeadsPage';
import { OrdersPage } from '../back-office/OrdersPage';
import { QuotesPage } from '../back-office/QuotesPage';
import { SubscribersPage } from '../back-office/SubscribersPage';
import { AuditPage } from './AuditPage';
import { PaymentPagesPage } from '../payment-pages/PaymentPagesPage';
import { HistoryPage } from './HistoryPage';
import { ImagesPage } from './ImagesPage';
import { ReviewPage } from './ReviewPage';
import { OperatorsPage } from './OperatorsPage';
import { BASE, Link, matchRoute, navigate, useLocation, type Route } from './router';
import { SetupPage } from './SetupPage';
import { Shell } from './Shell';
import { SignInPage } from './SignInPage';
import { atLeast, messageOf, StudioContext, type Studio } from './studio-context';
import { PageTitle } from './ui';
import { Workspace } from './Workspace';

type Session = { state: 'checking' } | { state: 'unreachable'; message: string } | { state: 'known'; operator: Operator | null };

export function App({ client = studioClient }: { client?: StudioClient }) {
  const { pathname, search } = useLocation();
  const route = matchRoute(pathname, search);
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const [notice, setNotice] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    client.me().then(
      (operator) => live && setSession({ state: 'known', operator }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof StudioApiError && error.status === 401) setSession({ state: 'known', operator: null });
        else setSession({ state: 'unreachable', message: messageOf(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [client, round]);

  const setOperator = useCallback((operator: Operator | null) => {
    setNotice('');
    setSession({ state: 'known', operator });
  }, []);

  const failure = useCallback((error: unknown) => {
    if (error instanceof StudioApiError && error.status === 401) {
      setNotice('Your session has ended. Sign in again to go on.');
      setSession({ state: 'known', operator: null });
      return '';
    }
    return messageOf(error);
  }, []);

  const operator = session.state === 'known' ? session.operator : null;
  const studio: Studio = useMemo(() => ({ client, operator, setOperator, failure }), [client, operator, setOperator, failure]);

  // Signed out on a signed-in screen: to sign-in, then back here.
  const needsSignIn = session.state === 'known' && !operator && route.name !== 'sign-in' && route.name !== 'setup';
  const here = pathname + (search.size ? `?${search}` : '');
  useEffect(() => {
    if (needsSignIn) navigate(`${BASE}/sign-in${here === BASE ? '' : `?next=${encodeURIComponent(here)}`}`, { replace: true });
  }, [needsSignIn, here]);
  // Signed in on the sign-in screen: to the studio.
  const signedInAtSignIn = route.name === 'sign-in' && operator !== null;
  useEffect(() => {
    if (signedInAtSignIn && route.name === 'sign-in') navigate(route.next ?? BASE, { replace: true });
  }, [signedInAtSignIn, route]);

  let screen: ReactNode;
  if (route.name === 'setup') screen = <SetupPage />;
  else if (session.state === 'checking') screen = <Opening />;
  else if (session.state === 'unreachable') screen = <Unreachable message={session.message} retry={() => setRound((n) => n + 1)} />;
  else if (route.name === 'sign-in') screen = operator ? <Opening /> : <SignInPage next={route.next} notice={notice} />;
  else if (!operator) screen = <Opening />;
  else screen = <Shell route={route}>{signedInScreen(route, operator)}</Shell>;

  return <StudioContext.Provider value={studio}>{screen}</StudioContext.Provider>;
}

function signedInScreen(route: Route, operator: Operator): ReactNode {
  switch (route.name) {
    case 'files':
      return <Workspace file={route.file} />;
    case 'history':
      return <HistoryPage version={route.version} file={route.file} />;
    case 'operators':
      return atLeast(operator, 'admin') ? <OperatorsPage /> : <AdminsOnly what="Operators" />;
    case 'audit':
      return atLeast(operator, 'admin') ? <AuditPage /> : <AdminsOnly what="Audit log" />;
    case 'payment-pages':
      return atLeast(operator, 'admin') ? <PaymentPagesPage /> : <AdminsOnly what="Payment pages" />;
    case 'orders':
      return <OrdersPage id={route.id} />;
    case 'quotes':
      return <QuotesPage id={route.id} edit={route.edit === true} />;
    case 'leads':
      return <LeadsPage id={route.id} />;
    case 'subscribers':
      return <SubscribersPage />;
    case 'reviews':
      return <ReviewPage id={route.id} />;
    case 'images':
      return <ImagesPage />;
    default:
      return (
        <main id="main" className="page page--narrow">
          <PageTitle title="Not found">No such page in the studio</PageTitle>
          <p>
            <Link href={BASE}>Go to the files</Link>
          </p>
        </main>
      );
  }
}

function AdminsOnly({ what }: { what: string }) {
  return (
    <main id="main" className="page page--narrow">
      <PageTitle title={what}>{what}</PageTitle>
      <p className="list-state list-state--empty">Only admins see this page. Your role does not include it.</p>
      <p>
        <Link href={BASE}>Go to the files</Link>
      </p>
    </main>
  );
}

function Opening() {
  return (
    <main id="main" className="auth" aria-busy="true">
      <p className="list-state list-state--loading" role="status">
        <span className="spinner" aria-hidden="true" /> Opening the studio…
      </p>
    </main>
  );
}

function Unreachable({ message, retry }: { message: string; retry(): void }) {
  return (
    <main id="main" className="auth">
      <div className="auth__card">
        <PageTitle title="Studio unavailable">The studio is not answering</PageTitle>
        <p role="alert">{message}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Try again
        </button>
      </div>
    </main>
  );
}
