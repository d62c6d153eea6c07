/**
 * /my-account/orders and /my-account/quotes: the customer's orders or quotes, newest first (the
 * server's order), a page at a time. The page number is kept in the address (?page=2), so Back and a
 * reload show the same page.
 */
import { useState } from 'react';
import type { AccountListBlock as AccountListDefinition } from '../../../schemas/blocks/account.schema';
import { useIslandId } from '../../islands/use-island-id';
import type { BlockProps } from '../block-definition';
import { accountApi, type AccountApi, type ListPage, type OrderSummary, type QuoteSummary } from './account-api';
import { AccountFrame, ErrorBox, formatDate, Loading, money, StatusBadge, useAccountData } from './AccountParts';
import { statusBadge } from '../../../schemas/status-labels';

export const NO_ORDERS = 'You have no orders yet.';
export const NO_QUOTES = 'You have no quotes yet.';
const DEFAULT_PAGE_SIZE = 10;

type Row = { id: number; number: string; createdAt: string; status: string; total: number; detail: string | null; path: string };

function rowsOf(list: 'orders' | 'quotes', page: ListPage<OrderSummary> | ListPage<QuoteSummary>): Row[] {
  if (list === 'orders') {
    return (page as ListPage<OrderSummary>).items.map((o) => ({
      id: o.id,
      number: o.orderIncrementId,
      createdAt: o.createdAt,
      status: o.status,
      total: o.total,
      detail: o.totalItemCount ? `${o.totalItemCount} ${o.totalItemCount === 1 ? 'item' : 'items'}` : null,
      path: `/my-account/orders/${encodeURIComponent(o.orderIncrementId)}`,
    }));
  }
  return (page as ListPage<QuoteSummary>).items.map((q) => ({
    id: q.id,
    number: q.quoteIncrementId,
    createdAt: q.createdAt,
    status: q.status,
    total: q.total,
    detail: q.poNumber ? `PO ${q.poNumber}` : null,
    path: `/my-account/quotes/${encodeURIComponent(q.quoteIncrementId)}`,
  }));
}

function initialPage(): number {
  if (typeof window === 'undefined') return 1;
  const n = Number(new URLSearchParams(window.location.search).get('page'));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export function AccountListBlock({ block, api = accountApi() }: BlockProps<AccountListDefinition, undefined> & { api?: AccountApi }) {
  const titleId = useIslandId();
  const list = block.list;
  const pageSize = block.pageSize ?? DEFAULT_PAGE_SIZE;
  // Read in an effect-free initialiser: the server renders 'loading' whatever the page is.
  const [page, setPage] = useState(initialPage);
  const [loaded, retry] = useAccountData<ListPage<OrderSummary> | ListPage<QuoteSummary>>(() => (list === 'orders' ? api.orders(page, pageSize) : api.quotes(page, pageSize)), [page]);
  const noun = list === 'orders' ? 'Order' : 'Quote';

  const goTo = (n: number) => {
    setPage(n);
    const url = new URL(window.location.href);
    if (n === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(n));
    window.history.pushState(window.history.state, '', url.pathname + url.search);
    document.getElementById(titleId)?.focus();
  };

  const pages = loaded.state === 'ready' ? Math.max(1, Math.ceil(loaded.value.total / loaded.value.pageSize)) : 1;
  return (
    <AccountFrame id={block.id} title={block.title ?? (list === 'orders' ? 'Your orders' : 'Your quotes')} titleId={titleId}>
      {loaded.state === 'loading' && <Loading text={`Loading your ${list}…`} />}
      {loaded.state === 'failed' && <ErrorBox message={loaded.message || `We could not load your ${list}. Please try again.`} onRetry={retry} />}
      {loaded.state === 'ready' && loaded.value.items.length === 0 && <p className="account-empty">{list === 'orders' ? NO_ORDERS : NO_QUOTES}</p>}
      {loaded.state === 'ready' && loaded.value.items.length > 0 && (
        <>
          <ul className="account-rows">
            {rowsOf(list, loaded.value).map((row) => (
              <li key={row.id} className="account-row">
                <a className="account-row__link" href={row.path}>
                  {noun} #{row.number}
                </a>
                <span className="account-row__date">{formatDate(row.createdAt)}</span>
                <StatusBadge badge={statusBadge(row.status)} />
                {row.detail && <span className="account-row__detail">{row.detail}</span>}
                <span className="account-row__total">{money(row.total)}</span>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="account-pages" aria-label={`Pages of your ${list}`}>
              <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                Previous
              </button>
              <span aria-current="page">
                Page {page} of {pages}
              </span>
              <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </AccountFrame>
  );
}
