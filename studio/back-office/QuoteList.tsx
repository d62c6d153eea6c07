/**
 * The quotes list: newest first, a state filter and a search that live in the address
 * (?state=&search=: a reload or a shared link keeps them), a page at a time with the server's
 * cursor (the cursors of the pages seen are a stack here, for "Newer"). A table on a desk, a card
 * per quote on a phone.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { QUOTE_STATES, type QuoteState } from '../../schemas/api/back-office-quotes';
import { formatMoney } from '../../schemas/money';
import type { QuoteListQuery, QuoteSummary } from '../api/back-office-quotes';
import { Link, navigate, quoteBuilderPath, quotesPath, useLocation } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Field, ListState, PageTitle, Time, useLoad } from '../app/ui';
import { useQuotesClient } from './quote-client';
import { QUOTE_STATE_CHOICES, QuoteStateLine } from './QuoteState';

interface QuoteFilters {
  state: QuoteState | '';
  search: string;
}

/** The filters of an address; a value the server would refuse (a hand-edited link) is left out. */
function readFilters(params: URLSearchParams): QuoteFilters {
  const state = params.get('state') ?? '';
  return {
    state: (QUOTE_STATES as readonly string[]).includes(state) ? (state as QuoteState) : '',
    search: (params.get('search') ?? '').trim().slice(0, 100),
  };
}

/** `?state=…&search=…`: the set filters, in a fixed order (one set of filters is one address). */
function filtersSearch(filters: QuoteFilters): string {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list's address as last shown, so a quote's way back returns to the same filters. */
let lastListAddress = quotesPath();
export const quotesListAddress = () => lastListAddress;

export function QuoteList() {
  const { operator } = useStudio();
  const { search } = useLocation();
  const applied = readFilters(search);
  const key = filtersSearch(applied);
  useEffect(() => {
    lastListAddress = quotesPath() + key;
  }, [key]);
  const apply = (filters: QuoteFilters) => navigate(quotesPath() + filtersSearch(filters), { replace: true });

  return (
    <main id="main" className="page quotes">
      <div className="quotes__head">
        <div className="page__head">
          <PageTitle title="Quotes">Quotes</PageTitle>
          <p className="page__intro">Quotes made for customers, newest first, with the state of their payment link.</p>
        </div>
        {atLeast(operator, 'editor') ? (
          <Link className="button button--primary" href={quotesPath('new')}>
            New quote
          </Link>
        ) : null}
      </div>
      <QuoteFilterForm applied={applied} onApply={apply} />
      <QuoteResults key={key} filters={applied} onClear={() => apply({ state: '', search: '' })} />
    </main>
  );
}

function QuoteFilterForm({ applied, onApply }: { applied: QuoteFilters; onApply(filters: QuoteFilters): void }) {
  const [draft, setDraft] = useState(applied);
  const appliedKey = filtersSearch(applied);
  // Back and forward (or a link) change the address: the form follows it.
  useEffect(() => setDraft(applied), [appliedKey]);
  const any = appliedKey !== '';

  return (
    <div className="card quote-filters">
      <form
        className="quote-filters__form"
        role="search"
        aria-label="Quotes"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <Field
          className="quote-filters__search"
          label="Search"
          hint="A quote number, an e-mail or a name"
          type="search"
          name="search"
          maxLength={100}
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
        <div className="field">
          <label className="field__label" htmlFor="quote-filter-state">
            State
          </label>
          <select
            id="quote-filter-state"
            className="field__input quote-filters__select"
            value={draft.state}
            // A choice applies at once, with what is typed in the search.
            onChange={(e) => {
              const next = { ...draft, state: e.target.value as QuoteState | '' };
              setDraft(next);
              onApply(next);
            }}
          >
            <option value="">Any</option>
            {QUOTE_STATE_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="quote-filters__actions">
          <button type="submit" className="button button--primary">
            Search
          </button>
          {any ? (
            <button type="button" className="button button--ghost" onClick={() => onApply({ state: '', search: '' })}>
              Clear filters
            </button>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function QuoteResults({ filters, onClear }: { filters: QuoteFilters; onClear(): void }) {
  const client = useQuotesClient();
  const { failure } = useStudio();
  // The `after` cursors of the pages after the first, in the order they were opened.
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1];
  const query: QuoteListQuery = { ...(filters.state ? { state: filters.state } : {}), ...(filters.search ? { search: filters.search } : {}), ...(after ? { after } : {}) };
  const [page, reload] = useLoad(async (signal) => ({ after, ...(await client.list(query, signal)) }), failure, [client, after]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const paged = useRef(false);
  // An earlier page stays on screen while the next one loads.
  const loading = page.state === 'ready' && page.value.after !== after;
  const filtered = filters.state !== '' || filters.search !== '';

  useEffect(() => {
    // After "Next page" or "Newer", focus goes to the top of the new page.
    if (paged.current && page.state === 'ready' && !loading) {
      paged.current = false;
      headingRef.current?.focus();
    }
  }, [page, loading]);

  const go = (next: string[]) => {
    paged.current = true;
    setCursors(next);
  };

  return (
    <section className="quotes__results" aria-labelledby="quotes-results-title" aria-busy={loading || undefined}>
      <h2 className="section-title" id="quotes-results-title" tabIndex={-1} ref={headingRef}>
        {filtered ? 'Matching quotes' : 'All quotes'}
        {cursors.length ? <span className="muted"> · page {cursors.length + 1}</span> : null}
      </h2>
      <ListState
        data={page}
        what="the quotes"
        isEmpty={(p) => p.quotes.length === 0}
        retry={reload}
        empty={
          filtered ? (
            <>
              <p>No quotes match these filters.</p>
              <button type="button" className="button button--secondary" onClick={onClear}>
                Clear filters
              </button>
            </>
          ) : (
            <p>No quotes yet.</p>
          )
        }
      >
        {(p) => (
          <>
            <QuoteTable rows={p.quotes} />
            <nav className="quote-pager" aria-label="Pages of quotes">
              {cursors.length ? (
                <button type="button" className="button button--secondary" onClick={() => go(cursors.slice(0, -1))} aria-disabled={loading || undefined}>
                  <span aria-hidden="true">← </span>Newer
                </button>
              ) : null}
              {p.next ? (
                <button
                  type="button"
                  className="button button--secondary quote-pager__next"
                  onClick={() => !loading && go([...cursors, p.next!])}
                  aria-busy={loading || undefined}
                  aria-disabled={loading || undefined}
                >
                  {loading ? 'Loading…' : 'Next page'}
                  <span aria-hidden="true"> →</span>
                </button>
              ) : (
                <p className="muted quote-pager__end">{filtered ? 'That is every matching quote.' : 'That is every quote.'}</p>
              )}
            </nav>
          </>
        )}
      </ListState>
    </section>
  );
}

function QuoteTable({ rows }: { rows: readonly QuoteSummary[] }) {
  const editor = atLeast(useStudio().operator, 'editor');
  return (
    <table className="table table--cards quotes-table">
      <thead>
        <tr>
          <th scope="col">Quote</th>
          <th scope="col">Made</th>
          <th scope="col">Customer</th>
          <th scope="col">State</th>
          <th scope="col" className="quotes-table__money">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((q) => (
          <tr key={q.id}>
            <td data-label="Quote" className="cell--nowrap">
              <Link className="quotes-table__link" href={quotesPath(q.id)}>
                <span className="visually-hidden">Quote</span> {q.number}
              </Link>
            </td>
            <td data-label="Made" className="cell--nowrap">
              <Time at={q.createdAt} />
            </td>
            <td data-label="Customer" className="cell">
              <span className="quotes-table__customer">
                <span className="quotes-table__name">{q.name || q.email || 'No customer yet'}</span>
                {q.name ? <span className="muted quotes-table__email">{q.email}</span> : null}
              </span>
            </td>
            <td data-label="State">
              <QuoteStateLine quote={q} />
              {q.state === 'draft' && editor ? (
                <Link className="quotes-table__reopen" href={quoteBuilderPath(q.id)}>
                  Open in the builder<span className="visually-hidden"> (quote {q.number})</span>
                </Link>
              ) : null}
            </td>
            <td data-label="Total" className="quotes-table__money">
              {formatMoney(q.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
