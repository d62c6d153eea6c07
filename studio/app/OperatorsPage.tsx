/**
 * Operators (admins only): every operator with their role and state; add one (the set-up link is
 * shown once, with a copy button), change a role, disable or enable, renew the set-up link of one
 * who has not set up yet. An admin never changes their own role or disables themselves here.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '../../schemas/api/studio';
import { StudioApiError, type OperatorRow } from '../api/studio-client';
import { atLeast, ROLE_HINT, ROLE_LABEL, useStudio } from './studio-context';
import { Alert, CopyButton, Field, ListState, PageTitle, Status, useLoad } from './ui';

interface SetupLink {
  email: string;
  url: string;
}

export function OperatorsPage() {
  const { client, operator, failure } = useStudio();
  const [list, reload, setList] = useLoad(() => client.operators(), failure, [client]);
  const [link, setLink] = useState<SetupLink | null>(null);
  const [done, setDone] = useState('');
  const [alert, setAlert] = useState('');

  if (!operator || !atLeast(operator, 'admin')) return null;

  const replaceRow = (row: Partial<OperatorRow> & { id: number }) => {
    if (list.state === 'ready') setList(list.value.map((r) => (r.id === row.id ? { ...r, ...row } : r)));
  };

  const run = async (work: () => Promise<string>) => {
    setAlert('');
    setDone('');
    try {
      setDone(await work());
    } catch (error) {
      const message = failure(error);
      if (message) setAlert(message);
    }
  };

  return (
    <main id="main" className="page operators">
      <div className="page__head">
        <PageTitle title="Operators">Operators</PageTitle>
        <p className="page__intro">People who may sign in to the studio. Each role includes the ones before it.</p>
      </div>
      <AddOperator
        onAdded={(added, isNew) => {
          setLink({ email: added.email, url: added.setupUrl });
          setDone('');
          setAlert('');
          if (isNew) reload();
        }}
      />
      {link ? <SetupLinkBox link={link} onDismiss={() => setLink(null)} /> : null}
      <Alert>{alert}</Alert>
      <Status>{done}</Status>
      <section aria-labelledby="operators-title">
        <h2 className="section-title" id="operators-title">
          Everyone
        </h2>
        <ListState data={list} what="the operators" isEmpty={(rows) => rows.length === 0} retry={reload} empty={<p>No operators yet.</p>}>
          {(rows) => (
            <table className="table table--cards">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <OperatorRowView
                    key={row.id}
                    row={row}
                    self={row.id === operator.id}
                    onRole={(role) =>
                      run(async () => {
                        const updated = await client.updateOperator(row.id, { role });
                        replaceRow({ id: row.id, role: updated.role });
                        return `${row.email} is now ${ROLE_LABEL[updated.role].toLowerCase()}.`;
                      })
                    }
                    onDisabled={(disabled) =>
                      run(async () => {
                        await client.updateOperator(row.id, { disabled });
                        replaceRow({ id: row.id, disabled });
                        return disabled ? `${row.email} is disabled: their sessions have ended.` : `${row.email} may sign in again.`;
                      })
                    }
                    onRenew={() =>
                      run(async () => {
                        const added = await client.addOperator({ email: row.email, role: row.role });
                        setLink({ email: added.email, url: added.setupUrl });
                        return '';
                      })
                    }
                  />
                ))}
              </tbody>
            </table>
          )}
        </ListState>
      </section>
    </main>
  );
}

function stateOf(row: OperatorRow): { label: string; tone: string } {
  if (row.disabled) return { label: 'Disabled', tone: 'off' };
  if (!row.active) return { label: 'Set-up pending', tone: 'pending' };
  return { label: 'Active', tone: 'on' };
}

function OperatorRowView({
  row,
  self,
  onRole,
  onDisabled,
  onRenew,
}: {
  row: OperatorRow;
  self: boolean;
  onRole(role: OperatorRole): Promise<void>;
  onDisabled(disabled: boolean): Promise<void>;
  onRenew(): Promise<void>;
}) {
  const [role, setRole] = useState<OperatorRole>(row.role);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const state = stateOf(row);
  const roleId = `role-${row.id}`;

  return (
    <tr className={row.disabled ? 'row--off' : undefined}>
      <td data-label="E-mail" className="cell--email">
        <span className="cell">
          {row.email}
          {self ? <span className="muted"> (you)</span> : null}
        </span>
      </td>
      <td data-label="Role">
        {self ? (
          <span className="cell">{ROLE_LABEL[row.role]}</span>
        ) : (
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (role !== row.role) void onRole(role);
            }}
          >
            <label className="visually-hidden" htmlFor={roleId}>
              Role of {row.email}
            </label>
            <select id={roleId} className="field__input field__input--select" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
              {OPERATOR_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--secondary button--small" disabled={role === row.role}>
              Change{' '}<span className="visually-hidden">the role of {row.email}</span>
            </button>
          </form>
        )}
      </td>
      <td data-label="State">
        <span className={`state state--${state.tone}`}>{state.label}</span>
      </td>
      <td data-label="Actions" className="cell--actions">
        {self ? null : confirmDisable ? (
          <span className="confirm-inline" role="group" aria-label={`Disable ${row.email}?`}>
            <span>Disable {row.email}? Their sessions end now.</span>
            <button
              type="button"
              className="button button--danger button--small"
              onClick={() => {
                setConfirmDisable(false);
                void onDisabled(true);
              }}
              autoFocus
            >
              Disable
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => setConfirmDisable(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <span className="row-actions">
            {!row.active && !row.disabled ? (
              <button type="button" className="button button--secondary button--small" onClick={() => void onRenew()}>
                New set-up link{' '}<span className="visually-hidden">for {row.email}</span>
              </button>
            ) : null}
            {row.disabled ? (
              <button type="button" className="button button--secondary button--small" onClick={() => void onDisabled(false)}>
                Enable{' '}<span className="visually-hidden">{row.email}</span>
              </button>
            ) : (
              <button type="button" className="button button--ghost button--small button--danger-text" onClick={() => setConfirmDisable(true)}>
                Disable{' '}<span className="visually-hidden">{row.email}</span>
              </button>
            )}
          </span>
        )}
      </td>
    </tr>
  );
}

function AddOperator({ onAdded }: { onAdded(added: { email: string; setupUrl: string }, isNew: boolean): void }) {
  const { client, failure } = useStudio();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('editor');
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      setError('Enter a valid e-mail address.');
      return emailRef.current?.focus();
    }
    setBusy(true);
    setError('');
    setAlert('');
    try {
      const added = await client.addOperator({ email: email.trim(), role });
      setEmail('');
      onAdded(added, true);
    } catch (e) {
      if (e instanceof StudioApiError && e.fields['email']) {
        setError(e.fields['email']);
        emailRef.current?.focus();
      } else if (e instanceof StudioApiError && e.status === 409) {
        setError(e.message);
        emailRef.current?.focus();
      } else {
        const message = failure(e);
        if (message) setAlert(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card add-operator" aria-labelledby="add-title">
      <h2 className="section-title" id="add-title">
        Add an operator
      </h2>
      <Alert>{alert}</Alert>
      <form className="add-operator__form" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="E-mail" type="email" name="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error || undefined} inputRef={emailRef} required />
        <div className="field">
          <label className="field__label" htmlFor="add-role">
            Role
          </label>
          <select id="add-role" className="field__input field__input--select" aria-describedby="add-role-hint" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {busy ? 'Adding…' : 'Add and make a set-up link'}
        </button>
      </form>
      <p className="add-operator__hint" id="add-role-hint">
        {ROLE_LABEL[role]}: {ROLE_HINT[role]}.
      </p>
    </section>
  );
}

function SetupLinkBox({ link, onDismiss }: { link: SetupLink; onDismiss(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [link.url]);
  return (
    <div className="setup-link card" role="region" aria-labelledby="setup-link-title" tabIndex={-1} ref={ref}>
      <h2 className="section-title" id="setup-link-title">
        Set-up link for {link.email}
      </h2>
      <p>
        <strong>Shown only now.</strong> Send it to them privately: it works once, for 24 hours, and asks for a password and an authenticator app.
      </p>
      <p className="setup-link__url">
        <code>{link.url}</code>
      </p>
      <div className="setup-link__actions">
        <CopyButton text={link.url} label="Copy the link" />
        <button type="button" className="button button--ghost button--small" onClick={onDismiss}>
          Done
        </button>
      </div>
    </div>
  );
}
