/**
 * The leads list (/studio/leads?form=&status=&search=): the forms beside it with their new leads
 * counted, the status filter and the search (all three in the address), the leads newest first by
 * pages, and, for an admin, the chosen form's leads as CSV.
 */
import { useEffect, useRef } from 'react';
import { LEAD_STATUSES, type LeadStatus } from '../../schemas/api/back-office-leads';
import { leadExportUrl, type BackOfficeLeadClient, type LeadForm, type LeadSummary } from '../api/back-office-leads';
import { leadsPath, Link, navigate, useLocation } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, ListState, PageTitle, Time, useLoad } from '../app/ui';
import { FilterLinks, LEAD_STATUS_LABEL, LeadStatusBadge, SearchForm, useKeysetList, withQuery } from './lead-ui';

const isLeadStatus = (value: string | null): value is LeadStatus => LEAD_STATUSES.includes(value as LeadStatus);

export const formLabel = (form: Pick<LeadForm, 'name' | 'title'>) => form.title ?? form.name;

export function LeadList({ client }: { client: BackOfficeLeadClient }) {
  const { operator, failure } = useStudio();
  const { pathname, search } = useLocation();
  const form = search.get('form') || undefined;
  const rawStatus = search.get('status');
  const status = isLeadStatus(rawStatus) ? rawStatus : undefined;
  const text = search.get('search') ?? '';

  const [forms, reloadForms] = useLoad((signal) => client.forms(signal), failure, [client]);
  const leads = useKeysetList(
    (after, signal) => client.leads({ ...(form ? { form } : {}), ...(status ? { status } : {}), ...(text ? { search: text } : {}), ...(after ? { after } : {}) }, signal),
    failure,
    [client, form, status, text],
  );
  const chosen = forms.state === 'ready' ? forms.value.find((f) => f.name === form) : undefined;
  const listTitle = form ? (chosen ? formLabel(chosen) : form) : 'Every form';
  const to = (changes: Record<string, string | undefined>) => withQuery(pathname, search, changes);

  return (
    <main id="main" className="page leads">
      <div className="page__head">
        <PageTitle title="Leads">Leads</PageTitle>
        <p className="page__intro">What came in through the forms and the estimators, newest first.</p>
      </div>
      <div className="leads__columns">
        <nav className="lead-forms" aria-labelledby="lead-forms-title">
          <h2 className="section-title" id="lead-forms-title">
            Forms
          </h2>
          <ListState data={forms} what="the forms" isEmpty={(list) => list.length === 0} retry={reloadForms} empty={<p>No form has been defined yet.</p>}>
            {(list) => <FormTabs forms={list} current={form} href={(name) => to({ form: name })} />}
          </ListState>
        </nav>
        <section className="leads__main" aria-labelledby="leads-title">
          <div className="leads__head">
            <h2 className="section-title leads__title" id="leads-title">
              {listTitle}
              {chosen?.estimator ? <> <span className="lead-estimator">Estimator</span></> : null}
            </h2>
            {atLeast(operator, 'admin') ? (
              form ? (
                <a className="button button--secondary button--small" href={leadExportUrl({ form, ...(status ? { status } : {}) })} download>
                  Export CSV
                </a>
              ) : (
                <p className="leads__export-hint muted">Choose a form to export its leads as CSV.</p>
              )
            ) : null}
          </div>
          <div className="lead-toolbar">
            <FilterLinks
              label="Status"
              choices={[{ value: undefined, label: 'All' }, ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABEL[s] }))]}
              current={status}
              href={(value) => to({ status: value })}
            />
            <SearchForm label="Search the answers" value={text} onSearch={(value) => navigate(to({ search: value }))} />
          </div>
          <ListState
            data={leads.list}
            what="the leads"
            isEmpty={(page) => page.items.length === 0}
            retry={leads.reload}
            empty={<p>{text ? `No lead matches “${text}”.` : status ? `No ${LEAD_STATUS_LABEL[status].toLowerCase()} lead here.` : 'No lead here yet.'}</p>}
          >
            {(page) => (
              <>
                <LeadTable leads={page.items} showForm={!form} forms={forms.state === 'ready' ? forms.value : []} />
                <Alert>{leads.alert}</Alert>
                {page.next ? (
                  <button type="button" className="button button--secondary leads__more" onClick={() => void leads.more()} aria-disabled={leads.busy || undefined}>
                    {leads.busy ? 'Loading…' : 'More leads'}
                  </button>
                ) : (
                  <p className="muted list-end">
                    {page.items.length === 1 ? 'That is the only lead.' : `That is every lead: ${page.items.length}.`}
                  </p>
                )}
              </>
            )}
          </ListState>
        </section>
      </div>
    </main>
  );
}

function FormTabs({ forms, current, href }: { forms: readonly LeadForm[]; current: string | undefined; href(name: string | undefined): string }) {
  const newOfAll = forms.reduce((sum, f) => sum + f.counts.new, 0);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // On a phone the forms are one row scrolled sideways: bring the chosen one into sight (the page does not move).
    const row = list.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && chosen && row.scrollWidth > row.clientWidth) row.scrollLeft = chosen.offsetLeft - 8;
  }, [current]);
  return (
    <ul className="lead-forms__list" ref={list}>
      <li>
        <FormTab href={href(undefined)} current={current === undefined} label="All forms" fresh={newOfAll} />
      </li>
      {forms.map((f) => (
        <li key={f.name}>
          <FormTab href={href(f.name)} current={current === f.name} label={formLabel(f)} fresh={f.counts.new} estimator={f.estimator} retired={!f.inContent} />
        </li>
      ))}
    </ul>
  );
}

function FormTab({ href, current, label, fresh, estimator, retired }: { href: string; current: boolean; label: string; fresh: number; estimator?: boolean; retired?: boolean }) {
  return (
    <Link className="lead-forms__link" href={href} aria-current={current ? 'page' : undefined}>
      <span className="lead-forms__name">
        {label}
        {estimator ? <> <span className="lead-estimator">Estimator</span></> : null}
        {retired ? <span className="muted lead-forms__retired"> (no longer on the site)</span> : null}
      </span>
      <span className="visually-hidden">, </span>
      <span className={`lead-forms__count${fresh ? ' lead-forms__count--new' : ''}`}>{fresh} new</span>
    </Link>
  );
}

function LeadTable({ leads, showForm, forms }: { leads: readonly LeadSummary[]; showForm: boolean; forms: readonly LeadForm[] }) {
  const showEstimate = leads.some((l) => l.estimate);
  const showDealer = leads.some((l) => l.dealer);
  const titleOf = (name: string) => {
    const form = forms.find((f) => f.name === name);
    return form ? formLabel(form) : name;
  };
  return (
    <table className="table table--cards lead-table">
      <thead>
        <tr>
          <th scope="col">Received</th>
          <th scope="col">From</th>
          {showForm ? <th scope="col">Form</th> : null}
          {showEstimate ? <th scope="col">Estimate</th> : null}
          {showDealer ? <th scope="col">Dealer</th> : null}
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id}>
            <td data-label="Received" className="cell--nowrap">
              <Time at={lead.created} />
            </td>
            <td data-label="From">
              <span className="cell lead-from">
                <Link className="lead-from__link" href={leadsPath(lead.id)}>
                  {lead.name ?? lead.email ?? `Lead ${lead.id}`}
                </Link>
                {lead.name && lead.email ? <span className="lead-from__email">{lead.email}</span> : null}
                {lead.uploads ? <span className="muted lead-from__files">{lead.uploads === 1 ? '1 file' : `${lead.uploads} files`}</span> : null}
              </span>
            </td>
            {showForm ? (
              <td data-label="Form">
                <span className="cell">{titleOf(lead.form)}</span>
              </td>
            ) : null}
            {showEstimate ? (
              <td data-label="Estimate" className="lead-estimate-cell">
                {lead.estimate?.total ? <span className="cell lead-range">{lead.estimate.total}</span> : null}
              </td>
            ) : null}
            {showDealer ? (
              <td data-label="Dealer">{lead.dealer ? <span className="cell">{lead.dealer.name ?? lead.dealer.id}</span> : null}</td>
            ) : null}
            <td data-label="Status">
              <LeadStatusBadge status={lead.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
