/**
 * One lead (/studio/leads/:id): every answer under its label, the files (downloaded through the
 * studio, never a public address), for an estimate the range the server priced and the dealer, and
 * its status, which an editor changes.
 */
import { useState, type FormEvent } from 'react';
import { LEAD_STATUSES, type LeadStatus } from '../../schemas/api/back-office-leads';
import { formatFileSize } from '../../schemas/file-size';
import type { BackOfficeLeadClient, LeadDetail as Lead } from '../api/back-office-leads';
import { formatMoney } from '../../schemas/money';
import { leadsPath, Link, quotesPath } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, ListState, PageTitle, Status, Time, useLoad } from '../app/ui';
import { LEAD_STATUS_LABEL, LeadStatusBadge } from './lead-ui';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function LeadDetail({ id, client }: { id: number; client: BackOfficeLeadClient }) {
  const { failure } = useStudio();
  const [lead, reload, setLead] = useLoad((signal) => client.lead(id, signal), failure, [client, id]);
  const ready = lead.state === 'ready' ? lead.value : null;
  const heading = ready ? (ready.name ?? ready.email ?? `Lead ${id}`) : `Lead ${id}`;

  return (
    <main id="main" className="page lead">
      <div className="page__head">
        <p className="page__links">
          <Link href={ready ? `${leadsPath()}?form=${encodeURIComponent(ready.form)}` : leadsPath()}>
            <span aria-hidden="true">← </span>
            {ready ? `Leads of ${ready.formTitle ?? ready.form}` : 'Leads'}
          </Link>
        </p>
        <PageTitle title={`Lead ${id}`}>{heading}</PageTitle>
        {ready ? (
          <p className="page__intro">
            {ready.formTitle ?? ready.form} · received <Time at={ready.created} />
          </p>
        ) : null}
      </div>
      <ListState data={lead} what={`lead ${id}`} isEmpty={() => false} retry={reload} empty={null}>
        {(l) => (
          <div className="lead__columns">
            <div className="lead__side">
              <LeadStatusCard lead={l} client={client} onChanged={(status) => setLead({ ...l, status })} />
              {l.estimate || l.dealer ? <EstimateCard lead={l} /> : null}
              {l.files.length ? <FilesCard lead={l} /> : null}
            </div>
            <section className="card lead__answers" aria-labelledby="answers-title">
              <h2 className="section-title" id="answers-title">
                Answers
              </h2>
              {l.answers.length ? (
                <dl className="lead-answers">
                  {l.answers.map((a) => (
                    <div key={a.name} className="lead-answers__item">
                      <dt>{a.label}</dt>
                      <dd>{a.value === '' ? <span className="muted">(empty)</span> : EMAIL.test(a.value) ? <a href={`mailto:${a.value}`}>{a.value}</a> : a.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="muted">No answer was stored.</p>
              )}
            </section>
          </div>
        )}
      </ListState>
    </main>
  );
}

function LeadStatusCard({ lead, client, onChanged }: { lead: Lead; client: BackOfficeLeadClient; onChanged(status: LeadStatus): void }) {
  const { operator, failure } = useStudio();
  const [choice, setChoice] = useState<LeadStatus>(lead.status);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [alert, setAlert] = useState('');
  const editor = atLeast(operator, 'editor');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || choice === lead.status) return;
    setBusy(true);
    setSaid('');
    setAlert('');
    try {
      const saved = await client.setLeadStatus(lead.id, choice);
      onChanged(saved.status);
      setSaid(`Marked ${LEAD_STATUS_LABEL[saved.status].toLowerCase()}.`);
    } catch (error) {
      const message = failure(error);
      if (message) setAlert(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card lead-card" aria-labelledby="status-title">
      <h2 className="section-title" id="status-title">
        Status
      </h2>
      {editor ? (
        <form className="lead-status-form" onSubmit={(e) => void save(e)}>
          <fieldset className="lead-choice">
            <legend className="visually-hidden">Status of this lead</legend>
            {LEAD_STATUSES.map((s) => (
              <label key={s} className="lead-choice__option">
                <input type="radio" name="lead-status" value={s} checked={choice === s} onChange={() => setChoice(s)} />
                <span>{LEAD_STATUS_LABEL[s]}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary button--small" disabled={choice === lead.status} aria-disabled={busy || undefined}>
            {busy ? 'Saving…' : 'Save status'}
          </button>
        </form>
      ) : (
        <p className="lead-card__status">
          <LeadStatusBadge status={lead.status} />
          <span className="muted"> Editors change a lead’s status.</span>
        </p>
      )}
      <Alert>{alert}</Alert>
      <Status>{said}</Status>
    </section>
  );
}

function EstimateCard({ lead }: { lead: Lead }) {
  const rows = lead.estimate
    ? ([
        ['Materials', lead.estimate.materials],
        ['Labor', lead.estimate.labor],
        ['Total', lead.estimate.total],
      ] as const)
    : [];
  return (
    <section className="card lead-card" aria-labelledby="estimate-title">
      <h2 className="section-title" id="estimate-title">
        {lead.estimate ? 'Estimate' : 'Dealer'}
      </h2>
      {lead.estimate ? <p className="lead-card__note muted">The range the store priced from these answers.</p> : null}
      <dl className="lead-facts">
        {rows.map(([label, value]) =>
          value ? (
            <div key={label} className={label === 'Total' ? 'lead-facts__total' : undefined}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
        <div>
          <dt>{lead.estimate ? 'Dealer' : 'Sent from'}</dt>
          <dd>{lead.dealer ? (lead.dealer.name ?? <span>{lead.dealer.id} <span className="muted">(no longer a dealer)</span></span>) : 'The store’s own pages'}</dd>
        </div>
        {lead.quote ? (
          <div>
            <dt>Starting quote</dt>
            <dd>
              <Link href={quotesPath(lead.quote.id)}>
                Quote {lead.quote.number}, {formatMoney(lead.quote.total)}
              </Link>
              <span className="muted"> (a draft of the estimate’s usual cabinets)</span>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function FilesCard({ lead }: { lead: Lead }) {
  const labelOf = (field: string) => lead.answers.find((a) => a.name === field)?.label ?? field;
  return (
    <section className="card lead-card" aria-labelledby="files-title">
      <h2 className="section-title" id="files-title">
        Files
      </h2>
      <ul className="lead-files">
        {lead.files.map((f) => (
          <li key={f.id} className="lead-files__item">
            <a className="lead-files__link" href={f.url} download={f.name}>
              {f.name}
            </a>
            <span className="lead-files__meta muted">
              {labelOf(f.field)} · {f.type} · {formatFileSize(f.size)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
