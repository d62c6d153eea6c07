/** The frame of the signed-in screens: skip link, the studio's name, its sections, who is signed in, sign out. */
import { useEffect, useState, type ReactNode } from 'react';
import { BASE, Link, navigate, type Route } from './router';
import { atLeast, ROLE_LABEL, useStudio } from './studio-context';

/** The header's id: the workspace makes it inert while the file drawer covers it on a phone. */
export const TOPBAR_ID = 'studio-topbar';

export function Shell({ route, children }: { route: Route; children: ReactNode }) {
  const { client, operator, setOperator } = useStudio();
  const [leaving, setLeaving] = useState(false);
  const [counts, setCounts] = useState<{ waiting: number; answered: number } | null>(null);
  // Asked again on every screen: a change sent back or submitted since shows on the next click.
  useEffect(() => {
    if (!operator) return;
    let live = true;
    client.reviewCounts().then(
      (c) => live && setCounts(c),
      () => live && setCounts(null),
    );
    return () => {
      live = false;
    };
  }, [client, operator, route]);
  // Refunds an editor asked for wait for someone who may carry them out: only they are told.
  const [waitingRefunds, setWaitingRefunds] = useState(0);
  const mayCarryOut = operator ? atLeast(operator, 'publisher') : false;
  useEffect(() => {
    if (!mayCarryOut) return;
    let live = true;
    client.waitingRefunds().then(
      (r) => live && setWaitingRefunds(r.count),
      () => live && setWaitingRefunds(0),
    );
    return () => {
      live = false;
    };
  }, [client, mayCarryOut, route]);
  if (!operator) return null;
  // A publisher is told what waits for them; an editor, the decisions on their changes not opened yet.
  const reviewCount = !counts ? 0 : atLeast(operator, 'publisher') ? counts.waiting + counts.answered : counts.answered;
  const reviewWords = !counts ? '' : atLeast(operator, 'publisher') ? `${counts.waiting} waiting${counts.answered ? `, ${counts.answered} decided` : ''}` : `${counts.answered} decided`;

  const sections = [
    { name: 'orders', label: 'Orders', href: `${BASE}/orders` },
    { name: 'quotes', label: 'Quotes', href: `${BASE}/quotes` },
    { name: 'leads', label: 'Leads', href: `${BASE}/leads` },
    { name: 'subscribers', label: 'Subscribers', href: `${BASE}/subscribers` },
    { name: 'files', label: 'Files', href: BASE },
    { name: 'reviews', label: 'Review', href: `${BASE}/reviews` },
    { name: 'images', label: 'Images', href: `${BASE}/images` },
    { name: 'history', label: 'History', href: `${BASE}/history` },
    ...(atLeast(operator, 'admin')
      ? [
          { name: 'operators', label: 'Operators', href: `${BASE}/operators` },
          { name: 'audit', label: 'Audit log', href: `${BASE}/audit` },
          { name: 'payment-pages', label: 'Payment pages', href: `${BASE}/payment-pages` },
        ]
      : []),
  ];

  const signOut = async () => {
    setLeaving(true);
    // Signed out here whatever the server says: an ended session is as good as a closed one.
    await client.logout().catch(() => {});
    setOperator(null);
    navigate(`${BASE}/sign-in`, { replace: true });
  };

  return (
    <div className={`shell shell--${route.name}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar" id={TOPBAR_ID}>
        <Link className="brand" href={BASE}>
          <span className="brand__mark" aria-hidden="true" />
          <span>
            <span className="brand__long">Showroom </span>Studio
          </span>
        </Link>
        <nav className="topbar__nav" aria-label="Studio">
          <ul>
            {sections.map((s) => (
              <li key={s.name}>
                <Link className="topbar__link" href={s.href} aria-current={route.name === s.name ? 'page' : undefined}>
                  {s.label}
                  {s.name === 'reviews' && reviewCount > 0 ? (
                    <span className="topbar__count">
                      <span aria-hidden="true">{reviewCount}</span>
                      <span className="visually-hidden"> ({reviewWords})</span>
                    </span>
                  ) : null}
                  {s.name === 'orders' && mayCarryOut && waitingRefunds > 0 ? (
                    <span className="topbar__count">
                      <span aria-hidden="true">{waitingRefunds}</span>
                      <span className="visually-hidden"> ({waitingRefunds === 1 ? '1 refund waiting' : `${waitingRefunds} refunds waiting`})</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar__who">
          <span className="topbar__email" title={operator.email}>
            {operator.email}
          </span>
          <span className={`role role--${operator.role}`}>
            <span className="visually-hidden">Role: </span>
            {ROLE_LABEL[operator.role]}
          </span>
          <button type="button" className="button button--ghost button--small" onClick={() => void signOut()} aria-disabled={leaving || undefined}>
            Sign out
          </button>
        </div>
      </header>
      {children}
    </div>
  );
}
