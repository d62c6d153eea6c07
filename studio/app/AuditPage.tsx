/** The audit log (admins only), newest first: sign-ins and refused ones, set-ups, publishes, restores, operator changes. */
import { useState } from 'react';
import type { AuditEntry } from '../api/studio-client';
import { useStudio } from './studio-context';
import { Alert, ListState, PageTitle, Time, useLoad } from './ui';

/** The server's page size (AUDIT_PAGE_SIZE): a shorter first page is the whole log; later, an empty page ends it. */
const PAGE = 100;

export function AuditPage() {
  const { client, failure } = useStudio();
  const [first, reload] = useLoad(() => client.audit(), failure, [client]);
  const [older, setOlder] = useState<AuditEntry[]>([]);
  const [end, setEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');

  const more = async (entries: AuditEntry[]) => {
    const last = entries[entries.length - 1];
    if (!last) return;
    setBusy(true);
    setAlert('');
    try {
      const page = await client.audit(last.id);
      setOlder((o) => [...o, ...page]);
      if (page.length === 0) setEnd(true);
    } catch (error) {
      const message = failure(error);
      if (message) setAlert(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="page audit">
      <div className="page__head">
        <PageTitle title="Audit log">Audit log</PageTitle>
        <p className="page__intro">Sign-ins (and refused ones), set-ups, publishes, restores and operator changes, newest first.</p>
      </div>
      <ListState data={first} what="the audit log" isEmpty={(rows) => rows.length === 0} retry={reload} empty={<p>Nothing has happened yet.</p>}>
        {(rows) => {
          const entries = [...rows, ...older];
          const finished = end || (rows.length < PAGE && older.length === 0);
          return (
            <>
              <table className="table table--cards">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">What</th>
                    <th scope="col">Operator</th>
                    <th scope="col">Detail</th>
                    <th scope="col">Address</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id}>
                      <td data-label="When" className="cell--nowrap">
                        <Time at={e.at} />
                      </td>
                      <td data-label="What">
                        <span className={`action action--${e.action.replace(/[^a-z0-9-]/gi, '-')}`}>{e.action}</span>
                      </td>
                      <td data-label="Operator">
                        <span className="cell">{e.operator ?? <span className="muted">unknown</span>}</span>
                      </td>
                      <td data-label="Detail" className="cell--detail">
                        {e.detail}
                      </td>
                      <td data-label="Address" className="cell--nowrap">
                        <code>{e.ip}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Alert>{alert}</Alert>
              {finished ? (
                <p className="muted list-end">That is the whole log.</p>
              ) : (
                <button type="button" className="button button--secondary" onClick={() => void more(entries)} aria-disabled={busy || undefined}>
                  {busy ? 'Loading…' : 'Older entries'}
                </button>
              )}
            </>
          );
        }}
      </ListState>
    </main>
  );
}
