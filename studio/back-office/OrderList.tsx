/**
 * The orders list: search and filters that live in the address (a reload or a shared link keeps
 * them), newest first, a page at a time with the server's cursor (the cursors of the pages seen are a
 * stack here, for "Newer"). A table on a desk, a card per order on a phone. Admins export the
 * payments and refunds of a period (PaymentsExport.tsx).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../schemas/money';
import { ORDER_PAYMENT_STATES } from '../../schemas/api/back-office-orders';
import { ORDER_STATUSES } from '../../schemas/api/order-view';
import type { BackOfficeOrdersClient, OrderListQuery, OrderRow } from '../api/back-office-orders';
import { Link, navigate, ordersPath, useLocation } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Field, ListState, PageTitle, Time, useLoad } from '../app/ui';
import { PAYMENT_CHOICES, paymentStateBadge, statusBadge, STATUS_CHOICES } from './order-format';
import { OrderBadge } from './OrderBadge';
import { PaymentsExport } from './PaymentsExport';

const FILTER_NAMES = ['search', 'status', 'payment', 'dealer', 'from', 'to'] as const;
type OrderFilters = Record<(typeof FILTER_NAMES)[number], string>;

const NO_FILTERS: OrderFilters = { search: '', status: '', payment: '', dealer: '', from: '', to: '' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of an address; a value the server would refuse (a hand-edited link) is left out. */
function readFilters(params: URLSearchParams): OrderFilters {
  const get = (name: string) => (params.get(name) ?? '').trim();
  const oneOf = (value: string, values: readonly string[]) => (values.includes(value) ? value : '');
  return {
    search: get('search').slice(0, 200),
    status: oneOf(get('status'), ORDER_STATUSES),
    payment: oneOf(get('payment'), ORDER_PAYMENT_STATES),
    dealer: get('dealer').slice(0, 200),
    from: DAY.test(get('from')) ? get('from') : '',
    to: DAY.test(get('to')) ? get('to') : '',
  };
}

/** `?search=…&status=…`: the set filters, in a fixed order (so one set of filters is one address). */
function filtersSearch(filters: OrderFilters): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list's address as last shown, so the detail's way back returns to the same filters. */
let lastListAddress = ordersPath();
export const ordersListAddress = () => lastListAddress;

export function OrderList({ client }: { client: BackOfficeOrdersClient }) {
  const { operator } = useStudio();
  const { search } = useLocation();
  const applied = readFilters(search);
  const key = filtersSearch(applied);
  useEffect(() => {
    lastListAddress = ordersPath() + key;
  }, [key]);
  const apply = (filters: OrderFilters) => navigate(ordersPath() + filtersSearch(filters), { replace: true });

  return (
    <main id="main" className="page orders">
      <div className="page__head">
        <PageTitle title="Orders">Orders</PageTitle>
        <p className="page__intro">Every order of the store, newest first. Choose one for its items, payments and status history.</p>
        {atLeast(operator, 'admin') ? <PaymentsExport /> : null}
        {/* Those who may carry a refund out find the waiting ones in one click (the navigation counts them). */}
        {atLeast(operator, 'publisher') && applied.payment !== 'refund_requested' ? (
          <p className="page__intro">
            <Link href={ordersPath() + filtersSearch({ ...NO_FILTERS, payment: 'refund_requested' })}>Orders with a refund waiting for a publisher</Link>
          </p>
        ) : null}
      </div>
      <OrderFilterForm applied={applied} onApply={apply} />
      <OrderResults key={key} client={client} filters={applied} onClear={() => apply(NO_FILTERS)} />
    </main>
  );
}

function OrderFilterForm({ applied, onApply }: { applied: OrderFilters; onApply(filters: OrderFilters): void }) {
  const [draft, setDraft] = useState(applied);
  const [dateError, setDateError] = useState('');
  const [folded, setFolded] = useState(true);
  const toRef = useRef<HTMLInputElement>(null);
  const appliedKey = filtersSearch(applied);
  // Back and forward (or a link) change the address: the form follows it.
  useEffect(() => setDraft(applied), [appliedKey]);
  // A refused date range: to the field that says why (unfolded first on a phone).
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused) toRef.current?.focus();
  }, [refused]);

  const submit = (next: OrderFilters) => {
    if (next.from && next.to && next.to < next.from) {
      setDateError('The end date is before the start date.');
      setFolded(false);
      setRefused((n) => n + 1);
      return;
    }
    setDateError('');
    onApply(next);
  };
  /** A choice (a select, a date) applies at once, with what is typed in the text fields. */
  const choose = (name: keyof OrderFilters, value: string) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    submit(next);
  };
  const any = FILTER_NAMES.some((name) => applied[name] !== '');
  const chosen = FILTER_NAMES.filter((name) => name !== 'search' && applied[name] !== '').length;

  return (
    <div className="card order-filters">
      <form
        className="order-filters__form"
        role="search"
        aria-label="Orders"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          submit(draft);
        }}
      >
        <Field
          className="order-filters__search"
          label="Search"
          hint="Order number, e-mail or name"
          type="search"
          name="search"
          maxLength={200}
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
        {/* On a phone the filters other than the search fold away behind a button. */}
        <div className={`order-filters__more${folded ? ' order-filters__more--folded' : ''}`} id="order-filters-more">
          <SelectField label="Status" value={draft.status} choices={STATUS_CHOICES} onChange={(v) => choose('status', v)} />
          <SelectField label="Payment" value={draft.payment} choices={PAYMENT_CHOICES} onChange={(v) => choose('payment', v)} />
          <Field label="Dealer" hint="Id or site address" name="dealer" maxLength={200} value={draft.dealer} onChange={(e) => setDraft({ ...draft, dealer: e.target.value })} />
          <Field label="From" hint="Placed on or after" type="date" name="from" value={draft.from} onChange={(e) => choose('from', e.target.value)} />
          <Field label="To" hint="Placed on or before" type="date" name="to" value={draft.to} inputRef={toRef} error={dateError || undefined} onChange={(e) => choose('to', e.target.value)} />
        </div>
        <div className="order-filters__actions">
          <button type="button" className="button button--secondary order-filters__toggle" aria-expanded={!folded} aria-controls="order-filters-more" onClick={() => setFolded(!folded)}>
            Filters{chosen ? ` (${chosen})` : ''}
          </button>
          <button type="submit" className="button button--primary">
            Search
          </button>
          {any ? (
            <button type="button" className="button button--ghost" onClick={() => onApply(NO_FILTERS)}>
              Clear filters
            </button>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function SelectField({ label, value, choices, onChange }: { label: string; value: string; choices: readonly { value: string; label: string }[]; onChange(value: string): void }) {
  const id = `order-filter-${label.toLowerCase()}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input order-filters__select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function toQuery(filters: OrderFilters): OrderListQuery {
  const query: Record<string, string> = {};
  for (const name of FILTER_NAMES) if (filters[name]) query[name] = filters[name];
  return query as OrderListQuery;
}

function OrderResults({ client, filters, onClear }: { client: BackOfficeOrdersClient; filters: OrderFilters; onClear(): void }) {
  const { failure } = useStudio();
  // The `after` cursors of the pages after the first, in the order they were opened.
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1];
  const [page, reload] = useLoad(async (signal) => ({ after, ...(await client.list({ ...toQuery(filters), ...(after ? { after } : {}) }, signal)) }), failure, [client, after]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const paged = useRef(false);
  // An earlier page stays on screen while the next one loads.
  const loading = page.state === 'ready' && page.value.after !== after;
  const filtered = FILTER_NAMES.some((name) => filters[name] !== '');

  useEffect(() => {
    // After "Next page" or "Newer", focus (and the screen) go to the top of the new page.
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
    <section className="orders__results" aria-labelledby="orders-results-title" aria-busy={loading || undefined}>
      <h2 className="section-title orders__results-title" id="orders-results-title" tabIndex={-1} ref={headingRef}>
        {filtered ? 'Matching orders' : 'All orders'}
        {cursors.length ? <> <span className="muted">· page {cursors.length + 1}</span></> : null}
      </h2>
      <ListState
        data={page}
        what="the orders"
        isEmpty={(p) => p.orders.length === 0}
        retry={reload}
        empty={
          filtered ? (
            <>
              <p>No orders match these filters.</p>
              <button type="button" className="button button--secondary" onClick={onClear}>
                Clear filters
              </button>
            </>
          ) : (
            <p>No orders yet. They appear here as customers check out.</p>
          )
        }
      >
        {(p) => (
          <>
            <OrderTable rows={p.orders} />
            <nav className="pager" aria-label="Pages of orders">
              {cursors.length ? (
                <button type="button" className="button button--secondary" onClick={() => !loading && go(cursors.slice(0, -1))} aria-disabled={loading || undefined}>
                  <span aria-hidden="true">← </span>Newer
                </button>
              ) : null}
              {p.next ? (
                <button type="button" className="button button--secondary pager__next" onClick={() => !loading && go([...cursors, p.next!])} aria-disabled={loading || undefined}>
                  {loading ? 'Loading…' : 'Next page'}
                  <span aria-hidden="true"> →</span>
                </button>
              ) : (
                <p className="muted pager__end">{filtered ? 'That is every matching order.' : 'That is every order.'}</p>
              )}
            </nav>
          </>
        )}
      </ListState>
    </section>
  );
}

function OrderTable({ rows }: { rows: readonly OrderRow[] }) {
  return (
    <table className="table table--cards orders-table">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Customer</th>
          <th scope="col">E-mail</th>
          <th scope="col">Dealer</th>
          <th scope="col">Status</th>
          <th scope="col">Payment</th>
          <th scope="col" className="cell--money">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.id}>
            <td data-label="Order" className="cell--nowrap">
              <Link className="orders-table__link" href={ordersPath(o.id)}>
                <span className="visually-hidden">Order</span>{' '}#{o.incrementId}
              </Link>
            </td>
            <td data-label="Placed" className="cell--nowrap">
              <Time at={o.createdAt} />
            </td>
            <td data-label="Customer" className="cell">
              {o.customerName || <span className="muted">no name</span>}
            </td>
            <td data-label="E-mail" className="cell orders-table__email">
              {o.email}
            </td>
            <td data-label="Dealer" className={o.dealer ? 'cell' : 'cell orders-table__no-dealer'}>
              {o.dealer ? o.dealer.name ?? o.dealer.id : <span className="muted">none</span>}
            </td>
            <td data-label="Status">
              <OrderBadge badge={statusBadge(o.status)} />
            </td>
            <td data-label="Payment">
              <OrderBadge badge={paymentStateBadge(o.paymentState)} />
            </td>
            <td data-label="Total" className="cell--money">
              <span className="orders-table__total">{formatMoney(o.total)}</span>
              {o.paid > 0 && o.paid !== o.total ? <span className="orders-table__paid muted">{formatMoney(o.paid)} paid</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
