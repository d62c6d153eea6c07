/**
 * The back office's subscribers (/studio/subscribers?status=&search=): the newsletter's
 * addresses newest first, each with its consent records (when it was asked for, from which form and
 * page, when the owner confirmed). An admin exports the list as CSV and erases an address after
 * reading what the erasure takes (its consent records, the newsletter's mails, the newsletter form's
 * submissions and the mails about them), choosing whether its other leads go too, and what stays.
 */
import { useEffect, useRef, useState } from 'react';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../schemas/api/back-office-leads';
import { backOfficeLeadClient, subscriberExportUrl, type BackOfficeLeadClient, type Consent, type ErasurePlan, type Subscriber } from '../api/back-office-leads';
import { erasedSentence, erasedWith, staysAfter } from './erasure-words';
import { navigate, useLocation } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, ListState, PageTitle, Status, Time } from '../app/ui';
import { FilterLinks, SearchForm, useKeysetList, withQuery } from './lead-ui';
import './leads.css';

const STATUS_LABEL: Record<SubscriberStatus, string> = { subscribed: 'Subscribed', pending: 'Not confirmed', unsubscribed: 'Unsubscribed' };
/** A page of the store by its path; a page elsewhere (a dealer's site) with its origin. */
const pageOf = (page: string) => (page.startsWith(`${window.location.origin}/`) ? page.slice(window.location.origin.length) : page);
const isSubscriberStatus = (value: string | null): value is SubscriberStatus => SUBSCRIBER_STATUSES.includes(value as SubscriberStatus);

export function SubscribersPage({ client = backOfficeLeadClient }: { client?: BackOfficeLeadClient }) {
  const { operator, failure } = useStudio();
  const { pathname, search } = useLocation();
  const rawStatus = search.get('status');
  const status = isSubscriberStatus(rawStatus) ? rawStatus : undefined;
  const text = search.get('search') ?? '';
  const admin = atLeast(operator, 'admin');
  const to = (changes: Record<string, string | undefined>) => withQuery(pathname, search, changes);

  const subscribers = useKeysetList(
    (after, signal) => client.subscribers({ ...(status ? { status } : {}), ...(text ? { search: text } : {}), ...(after ? { after } : {}) }, signal),
    failure,
    [client, status, text],
  );
  const [said, setSaid] = useState('');
  const [alert, setAlert] = useState('');
  const listTitle = useRef<HTMLHeadingElement>(null);

  const remove = async (row: Subscriber, otherLeads: boolean) => {
    setSaid('');
    setAlert('');
    try {
      const removed = await client.removeSubscriber(row.id, otherLeads);
      subscribers.remove(row.id);
      setSaid(erasedSentence(row.email, removed));
      // The row and its buttons are gone: go on from the list's heading, not from the top of the page.
      listTitle.current?.focus();
    } catch (error) {
      const message = failure(error);
      if (message) setAlert(message);
    }
  };
  /** What the erasure would take; refused or failed, the page says why and the question closes. */
  const plan = async (row: Subscriber): Promise<ErasurePlan | undefined> => {
    setAlert('');
    try {
      return await client.subscriberErasure(row.id);
    } catch (error) {
      const message = failure(error);
      if (message) setAlert(message);
      return undefined;
    }
  };

  return (
    <main id="main" className="page subscribers">
      <div className="page__head">
        <PageTitle title="Subscribers">Subscribers</PageTitle>
        <p className="page__intro">The newsletter’s addresses, newest first, each with the record of how its owner agreed.</p>
      </div>
      <div className="lead-toolbar">
        <FilterLinks
          label="Status"
          className="lead-filter--grid"
          choices={[{ value: undefined, label: 'All' }, ...SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))]}
          current={status}
          href={(value) => to({ status: value })}
        />
        <SearchForm label="Search the addresses" value={text} onSearch={(value) => navigate(to({ search: value }))} />
        {admin ? (
          <a className="button button--secondary button--small lead-toolbar__export" href={subscriberExportUrl(status ? { status } : {})} download>
            Export CSV
          </a>
        ) : null}
      </div>
      <Alert>{alert}</Alert>
      <Status>{said}</Status>
      <section aria-labelledby="subscribers-title">
        <h2 className="section-title" id="subscribers-title" tabIndex={-1} ref={listTitle}>
          {status ? STATUS_LABEL[status] : 'Every address'}
          {text ? ` matching “${text}”` : ''}
        </h2>
        <ListState
          data={subscribers.list}
          what="the subscribers"
          isEmpty={(page) => page.items.length === 0}
          retry={subscribers.reload}
          empty={<p>{text ? `No address matches “${text}”.` : 'No address here yet.'}</p>}
        >
          {(page) => (
            <>
              <table className="table table--cards subscriber-table">
                <thead>
                  <tr>
                    <th scope="col">Address</th>
                    <th scope="col">Status</th>
                    <th scope="col">Consent</th>
                    {admin ? (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((row) => (
                    <SubscriberRow key={row.id} row={row} admin={admin} loadPlan={() => plan(row)} onRemove={(otherLeads) => remove(row, otherLeads)} />
                  ))}
                </tbody>
              </table>
              <Alert>{subscribers.alert}</Alert>
              {page.next ? (
                <button type="button" className="button button--secondary" onClick={() => void subscribers.more()} aria-disabled={subscribers.busy || undefined}>
                  {subscribers.busy ? 'Loading…' : 'More addresses'}
                </button>
              ) : (
                <p className="muted list-end">{page.items.length === 1 ? 'That is the only address.' : `That is every address: ${page.items.length}.`}</p>
              )}
            </>
          )}
        </ListState>
      </section>
    </main>
  );
}

function SubscriberRow({ row, admin, loadPlan, onRemove }: { row: Subscriber; admin: boolean; loadPlan(): Promise<ErasurePlan | undefined>; onRemove(otherLeads: boolean): Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [erasure, setErasure] = useState<ErasurePlan | undefined>();
  const [otherLeads, setOtherLeads] = useState(false);
  const [busy, setBusy] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // The question closed: back to the button that asked, not to the top of the page.
    if (!confirming && asked.current) removeRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const cancel = () => {
    setConfirming(false);
    setErasure(undefined);
    setOtherLeads(false);
  };
  const ask = () => {
    setConfirming(true);
    void loadPlan().then((found) => (found ? setErasure(found) : cancel()));
  };
  return (
    <>
      <tr className={confirming ? 'subscriber-row--confirming' : undefined}>
        <td data-label="Address" className="cell--email">
          <span className="cell">{row.email}</span>
        </td>
        <td data-label="Status">
          <span className="subscriber-state">
            <span className={`subscriber-status subscriber-status--${row.status}`}>{STATUS_LABEL[row.status]}</span>
            {row.unsubscribedAt ? (
              <span className="subscriber-since muted">
                since <Time at={row.unsubscribedAt} />
              </span>
            ) : null}
          </span>
        </td>
        <td data-label="Consent" className="subscriber-consent-cell">
          <ConsentRecords row={row} />
        </td>
        {admin ? (
          <td data-label="Actions" className="cell--actions">
            {confirming ? null : (
              <button type="button" ref={removeRef} className="button button--ghost button--small button--danger-text" onClick={ask}>
                Remove{' '}<span className="visually-hidden">{row.email}</span>
              </button>
            )}
          </td>
        ) : null}
      </tr>
      {confirming ? (
        <tr className="subscriber-confirm-row">
          <td colSpan={4}>
            <div className="confirm-inline subscriber-confirm" role="group" aria-label={`Remove ${row.email}?`} aria-busy={!erasure || undefined}>
              {erasure ? (
                <div className="subscriber-confirm__question">
                  <p>
                    Erase <strong>{row.email}</strong> and {erasedWith(erasure)}? This cannot be undone.
                  </p>
                  {erasure.otherLeads.length ? (
                    <label className="subscriber-confirm__choice">
                      <input type="checkbox" checked={otherLeads} onChange={(e) => setOtherLeads(e.target.checked)} />{' '}
                      Also erase its {erasure.otherLeads.length === 1 ? 'other lead, with its files and the mails about it' : `${erasure.otherLeads.length} other leads, with their files and the mails about them`}:{' '}
                      {erasure.otherLeads.map((lead, i) => (
                        <span key={lead.id}>
                          {i ? ', ' : ''}
                          {lead.formTitle} (<Time at={lead.created} />)
                        </span>
                      ))}
                    </label>
                  ) : null}
                  <p className="muted">{staysAfter(erasure.remains, otherLeads ? 0 : erasure.otherLeads.length)}</p>
                </div>
              ) : (
                <span>Reading what the erasure of {row.email} takes…</span>
              )}
              <span className="subscriber-confirm__actions">
                {erasure ? (
                  <button
                    type="button"
                    className="button button--danger button--small"
                    autoFocus
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      if (busy) return;
                      setBusy(true);
                      // Removed, the row goes; refused, the page says why and the question closes.
                      void onRemove(otherLeads).finally(() => {
                        setBusy(false);
                        cancel();
                      });
                    }}
                  >
                    {busy ? 'Erasing…' : 'Erase'}
                  </button>
                ) : null}
                <button type="button" className="button button--ghost button--small" onClick={cancel}>
                  Cancel
                </button>
              </span>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The latest request in the summary; every request, with its page and addresses, when opened. */
function ConsentRecords({ row }: { row: Subscriber }) {
  const latest = row.consents[row.consents.length - 1];
  if (!latest) return <span className="muted">No consent record (subscribed through {row.source} before records were kept)</span>;
  return (
    <details className="subscriber-consent">
      <summary className="subscriber-consent__summary">
        <ConsentLine consent={latest} />
        {row.consents.length > 1 ? <span className="muted"> · {row.consents.length} requests</span> : null}
      </summary>
      <ol className="subscriber-consent__records">
        {row.consents.map((c) => (
          <li key={c.id} className="subscriber-consent__record">
            <dl className="subscriber-consent__facts">
              <div>
                <dt>Asked for</dt>
                <dd>
                  <Time at={c.requestedAt} />, from {c.requestedFrom}
                </dd>
              </div>
              <div>
                <dt>Form</dt>
                <dd>{c.form === 'unsubscribe-page' ? 'Subscribe again, on the unsubscribe page' : c.form}</dd>
              </div>
              <div>
                <dt>Page</dt>
                <dd>{c.page ? <code>{pageOf(c.page)}</code> : <span className="muted">unknown</span>}</dd>
              </div>
              <div>
                <dt>Confirmed</dt>
                <dd>
                  {c.confirmedAt ? (
                    <>
                      <Time at={c.confirmedAt} />
                      {c.confirmedFrom ? `, from ${c.confirmedFrom}` : ''}
                    </>
                  ) : c.expiresAt ? (
                    <>
                      Not yet: the link expires <Time at={c.expiresAt} />
                    </>
                  ) : (
                    'No'
                  )}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </details>
  );
}

function ConsentLine({ consent }: { consent: Consent }) {
  return (
    <span className="subscriber-consent__line">
      Asked <Time at={consent.requestedAt} /> via {consent.form}
      {consent.page ? <> on <code>{pageOf(consent.page)}</code></> : null}
      {' · '}
      {consent.confirmedAt ? (
        <>
          confirmed <Time at={consent.confirmedAt} />
        </>
      ) : (
        'not confirmed'
      )}
    </span>
  );
}
