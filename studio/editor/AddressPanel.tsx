/**
 * A page's addresses: the routes of routes.json that show it, and an Address field to add one
 * (e.g. /showrooms/austin), which saves a draft of routes.json beside the page's. A static address is
 * put before the routes with parameters or a wildcard, so it is the one that answers.
 */
import { useId, useState, type FormEvent } from 'react';
import { StudioApiError, type DraftSaved } from '../api/studio-client';
import type { RouteEntry, RoutesDocument, RoutesFile } from './use-routes-file';
import { ROUTES_PATH } from './use-routes-file';

const ADDRESS = /^\/$|^(\/[A-Za-z0-9._~-]+)+$/;

export interface AddressPanelProps {
  pageName: string;
  routes: RoutesFile;
  readOnly: boolean;
  save(doc: RoutesDocument): Promise<DraftSaved>;
  reload(): void;
  onSaved(result: DraftSaved & { path: string }): void;
}

export function withAddress(doc: RoutesDocument, path: string, page: string): RoutesDocument {
  const routes = [...doc.routes];
  const firstPattern = routes.findIndex((r) => r.path.includes(':') || r.path.includes('*'));
  routes.splice(firstPattern === -1 ? routes.length : firstPattern, 0, { path, page });
  return { ...doc, routes };
}

export function AddressPanel({ pageName, routes, readOnly, save, reload, onSaved }: AddressPanelProps) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [done, setDone] = useState('');
  const mine: RouteEntry[] = routes.state === 'ready' ? routes.doc.routes.filter((r) => r.page === pageName) : [];

  const run = async (doc: RoutesDocument, message: string) => {
    setBusy(true);
    setError('');
    try {
      const result = await save(doc);
      onSaved({ ...result, path: ROUTES_PATH });
      setDone(message);
      return true;
    } catch (e) {
      if (e instanceof StudioApiError && e.status === 409) setStale(true);
      setError(e instanceof Error ? e.message : 'routes.json could not be saved.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (routes.state !== 'ready') return;
    const path = address.trim().replace(/\/+$/, '') || '/';
    if (!ADDRESS.test(path)) {
      setError('An address starts with / and has parts of letters, digits and - . _ ~, such as /showrooms/austin.');
      return;
    }
    const taken = routes.doc.routes.find((r) => r.path === path);
    if (taken) {
      setError(taken.page === pageName ? `${path} already shows this page.` : `${path} already shows the page “${taken.page}”.`);
      return;
    }
    if (await run(withAddress(routes.doc, path, pageName), `${path} now shows this page (saved in your draft of routes.json).`)) setAddress('');
  };

  const remove = async (path: string) => {
    if (routes.state !== 'ready') return;
    setConfirming(null);
    await run({ ...routes.doc, routes: routes.doc.routes.filter((r) => !(r.path === path && r.page === pageName)) }, `${path} no longer shows this page (in your draft of routes.json).`);
  };

  return (
    <section className="studio-address" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Address</h3>
      {routes.state === 'loading' && <p className="studio-hint">Reading routes.json…</p>}
      {routes.state === 'failed' && <p className="studio-error">{routes.message}</p>}
      {routes.state === 'ready' && (
        <>
          {mine.length === 0 ? (
            <p className="studio-hint">No address shows this page yet: visitors cannot reach it.</p>
          ) : (
            <ul className="studio-address__list">
              {mine.map((r) => (
                <li key={r.path}>
                  <code>{r.path}</code>
                  {!readOnly &&
                    (confirming === r.path ? (
                      <>
                        <button type="button" className="studio-button studio-button--danger" disabled={busy} onClick={() => void remove(r.path)}>
                          Remove {r.path}
                        </button>
                        <button type="button" className="studio-button studio-button--quiet" onClick={() => setConfirming(null)}>
                          Keep
                        </button>
                      </>
                    ) : (
                      <button type="button" className="studio-button studio-button--quiet" aria-label={`Remove the address ${r.path}`} onClick={() => setConfirming(r.path)}>
                        Remove
                      </button>
                    ))}
                </li>
              ))}
            </ul>
          )}
          {!readOnly && (
            <form className="studio-address__add" onSubmit={(e) => void add(e)} noValidate>
              <label htmlFor={`${id}-input`}>Add an address</label>
              <div className="studio-inline">
                <input
                  id={`${id}-input`}
                  type="text"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="/showrooms/austin"
                  value={address}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-message`}
                  onChange={(e) => {
                    setAddress(e.target.value);
                    setError('');
                    setDone('');
                  }}
                />
                <button type="submit" className="studio-button" disabled={busy || address.trim() === ''}>
                  Add address
                </button>
              </div>
            </form>
          )}
          <p id={`${id}-message`} className={error ? 'studio-error' : 'studio-hint'} role={error ? 'alert' : 'status'}>
            {error || done}
          </p>
          {stale && (
            <button
              type="button"
              className="studio-button"
              onClick={() => {
                setStale(false);
                setError('');
                reload();
              }}
            >
              Reload routes.json
            </button>
          )}
        </>
      )}
    </section>
  );
}
