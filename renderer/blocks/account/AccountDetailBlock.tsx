/**
 * /my-account/orders/{id} and /my-account/quotes/{id}: the read-only views of a customer's order
 * and quote. Order: number, date, status badge, items with their chosen options, totals, the
 * address cards (no edit actions), shipping and payment method, and the Split Payment link while
 * split payment is on and a balance remains. Quote: the same, plus Customer Details; its payment
 * card only when it has payments; a failure shows an error box with Try Again. Messages are the
 * original site's, word for word. The item table and the address lines are the shared read-only
 * pieces of widgets/payment-summary/ (the quote and split payment pages show the same markup), with
 * the account's own totals labels (Subtotal, Shipping & Handling, Tax, Grand Total).
 */
import type { ReactNode } from 'react';
import type { AccountDetailBlock as AccountDetailDefinition } from '../../../schemas/blocks/account.schema';
import { useIslandId } from '../../islands/use-island-id';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { accountApi, type AccountApi, type AccountRecord, type DetailAddress } from './account-api';
import { ItemTable } from '../../../widgets/payment-summary/ItemTable';
import { paymentSummaryCss } from '../../../widgets/payment-summary/payment-summary.css';
import { AddressLines } from '../../../widgets/payment-summary/SummaryCards';
import { ACCOUNT_TOTALS_LABELS, purchaseOf, summaryAddress } from './account-purchase';
import { AccountFrame, ErrorBox, formatDate, Loading, money, StatusBadge, useAccountData } from './AccountParts';
import { paymentBadge, statusBadge } from '../../../schemas/status-labels';

export const DETAIL_MESSAGES = {
  order: { idRequired: 'Order ID is required', notFound: 'Order not found.', failed: 'Failed to fetch order. Please try again.' },
  quote: { idRequired: 'Quote ID is required', notFound: 'Quote not found.', failed: 'Failed to fetch quote. Please try again.' },
} as const;

export interface DetailData {
  /** The route's id ('' when absent). */
  id: string;
}

export function selectDetailData(_block: AccountDetailDefinition, ctx: Pick<BlockDataContext, 'params'>): DetailData {
  return { id: ctx.params.id ?? '' };
}

/** The completion link of a split order, as the split-payment e-mail gives it. */
export function splitPaymentPath(record: AccountRecord): string {
  const q = new URLSearchParams({ orderId: record.orderIncrementId ?? String(record.id), ...(record.email ? { email: record.email } : {}) });
  return `/order/split-payment?${q.toString()}`;
}

function addressOf(record: AccountRecord, type: 'shipping' | 'billing'): DetailAddress | undefined {
  return record.addresses.find((a) => a.type === type);
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="account-card" aria-label={title}>
      <h2 className="account-card__title">{title}</h2>
      {children}
    </section>
  );
}

function RecordView({ kind, record }: { kind: 'order' | 'quote'; record: AccountRecord }) {
  const shipping = addressOf(record, 'shipping');
  const billing = addressOf(record, 'billing');
  const remaining = record.remainingBalance ?? 0;
  const showPayment = kind === 'order' || record.payments.length > 0;
  const methodLabel = record.payment?.methodLabel ?? record.payments[0]?.methodLabel ?? null;
  const purchase = purchaseOf(record);
  return (
    <>
      {/* The shared summary's constant sheet, as the payment pages add it (the page's style-src allows inline styles). */}
      <style dangerouslySetInnerHTML={{ __html: paymentSummaryCss }} />
      <p className="account-detail__meta">
        <span>Placed on {formatDate(record.createdAt)}</span> <StatusBadge badge={statusBadge(record.status)} />
      </p>
      {kind === 'quote' && (
        <Card title="Customer Details">
          <p className="sr-summary-lines">
            <span>
              {record.firstName} {record.lastName}
            </span>
            {record.email && <span>{record.email}</span>}
            {record.phone && <span>{record.phone}</span>}
          </p>
        </Card>
      )}
      <ItemTable purchase={purchase} labels={ACCOUNT_TOTALS_LABELS} />
      <div className="account-cards account-cards--grid">
        {shipping && (
          <Card title="Shipping Address">
            <AddressLines address={summaryAddress(shipping)} />
          </Card>
        )}
        {billing && (
          <Card title="Billing Address">
            <AddressLines address={summaryAddress(billing)} />
          </Card>
        )}
        <Card title="Shipping Method">
          <p>{record.shippingLabel || 'Not shown'}</p>
        </Card>
        {showPayment && (
          <Card title="Payment Method">
            {methodLabel && <p>{methodLabel}</p>}
            {record.payments.length > 0 && (
              <ul className="account-payments">
                {record.payments.map((p) => (
                  <li key={p.id}>
                    {money(p.amount)} <StatusBadge badge={paymentBadge(p.status)} />
                    {p.methodLabel && p.methodLabel !== methodLabel && <span> {p.methodLabel}</span>}
                  </li>
                ))}
              </ul>
            )}
            {record.refunds && record.refunds.length > 0 && (
              <>
                <h3 className="account-card__subtitle">Refunds</h3>
                <ul className="account-payments account-refunds">
                  {record.refunds.map((r, i) => (
                    <li key={i}>
                      {money(r.amount)} refunded on {formatDate(r.createdAt)}: {r.reason}
                      {r.returned?.length ? <span> for {r.returned.map((l) => `${l.qty} × ${l.sku}`).join(', ')}</span> : null}
                      {r.status === 'pending' && <span> (on its way to your bank)</span>}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {kind === 'order' && record.splitPaymentEnabled && remaining > 0 && (
              <p>
                Remaining balance: {money(remaining)}{' '}
                <a className="button button--primary" href={splitPaymentPath(record)}>
                  Split Payment
                </a>
              </p>
            )}
          </Card>
        )}
      </div>
    </>
  );
}

export function AccountDetailBlock({ block, data, api = accountApi() }: BlockProps<AccountDetailDefinition, DetailData> & { api?: AccountApi }) {
  const titleId = useIslandId();
  const kind = block.kind;
  const id = data?.id ?? '';
  const text = DETAIL_MESSAGES[kind];
  const [loaded, retry] = useAccountData<AccountRecord | null>(() => (id ? (kind === 'order' ? api.order(id) : api.quote(id)) : Promise.resolve(null)), [id]);
  const number = loaded.state === 'ready' && loaded.value ? (kind === 'order' ? loaded.value.orderIncrementId : loaded.value.quoteIncrementId) : null;
  const noun = kind === 'order' ? 'Order' : 'Quote';
  return (
    <AccountFrame
      id={block.id}
      title={number ? `${noun} #${number}` : (block.title ?? `${noun} details`)}
      titleId={titleId}
      actions={<a href={kind === 'order' ? '/my-account/orders' : '/my-account/quotes'}>{kind === 'order' ? 'All your orders' : 'All your quotes'}</a>}
    >
      {!id && <p className="account-empty">{text.idRequired}</p>}
      {id && loaded.state === 'loading' && <Loading text={`Loading your ${kind}…`} />}
      {loaded.state === 'failed' &&
        (loaded.status === 404 ? (
          <p className="account-empty">{text.notFound}</p>
        ) : (
          <ErrorBox message={loaded.status === 0 || !loaded.message ? text.failed : loaded.message} onRetry={retry} />
        ))}
      {id && loaded.state === 'ready' && !loaded.value && <p className="account-empty">{text.notFound}</p>}
      {loaded.state === 'ready' && loaded.value && <RecordView kind={kind} record={loaded.value} />}
    </AccountFrame>
  );
}
