/**
 * One order: its items, addresses and totals as the server stored them (nothing is recomputed
 * here), every payment with its gateway reference and what was refunded of it, the refunds, the
 * overpayments to refund, the status history. Editors (and above) change the status, resend the
 * confirmation, ask for refunds and mark an overpayment refunded outside Showroom; publishers and
 * admins also carry refunds out (OrderPayments.tsx, RefundsPanel.tsx); a viewer reads the same
 * screen without those controls.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { groupLines, lineWords, totalsRows } from '../../schemas/evaluators/quote-lines';
import { formatMoney } from '../../schemas/money';
import { StudioApiError } from '../api/studio-client';
import type { BackOfficeOrdersClient, OrderDetail } from '../api/back-office-orders';
import { Link, quotesPath } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, ListState, PageTitle, Status, Time, useLoad } from '../app/ui';
import { customerName, paymentStateBadge, statusBadge } from './order-format';
import { OrderBadge } from './OrderBadge';
import { ordersListAddress } from './OrderList';
import { OverpaymentsSection, PaymentsSection } from './OrderPayments';
import { Section } from './OrderSection';
import { OrderStatusForm } from './OrderStatusForm';
import { RefundsSection } from './RefundsPanel';

type Address = OrderDetail['addresses'][number];

export function OrderDetailPage({ id, client }: { id: number; client: BackOfficeOrdersClient }) {
  const { failure } = useStudio();
  // A 404 is an answer (no such order), not a failure to retry.
  const [detail, reload, setDetail] = useLoad(
    (signal) => client.detail(id, signal).catch((e: unknown) => (e instanceof StudioApiError && e.status === 404 ? null : Promise.reject(e))),
    failure,
    [client, id],
  );
  const order = detail.state === 'ready' ? detail.value : null;
  const title = order ? `Order #${order.incrementId}` : detail.state === 'ready' ? 'Order not found' : 'Order';

  return (
    <main id="main" className="page order">
      <nav className="page__links order__back" aria-label="Back">
        <Link href={ordersListAddress()}>
          <span aria-hidden="true">← </span>All orders
        </Link>
      </nav>
      <div className="page__head order__head">
        <PageTitle title={title}>{title}</PageTitle>
        {order ? <OrderSummary order={order} /> : null}
      </div>
      <ListState data={detail} what={`order ${id}`} isEmpty={(o) => o === null} retry={reload} empty={<p>There is no order {id}. It may have been removed, or the link is wrong.</p>}>
        {(o) => (o ? <OrderBody order={o} client={client} onChanged={setDetail} onStale={reload} /> : null)}
      </ListState>
    </main>
  );
}

/** What crediting the dealer rests on, as the seller reads it before paying a commission (docs/dealers.md). */
const DEALER_ATTRIBUTION = {
  key: '(proven by its key)',
  origin: "(its page's origin: a browser's word)",
  none: '(credited to no dealer)',
} as const;

function OrderSummary({ order }: { order: OrderDetail }) {
  return (
    <div className="order-summary">
      <p className="order-summary__badges">
        <OrderBadge badge={statusBadge(order.status)} />
        <OrderBadge badge={paymentStateBadge(order.paymentState)} />
        <span className="muted">
          Placed <Time at={order.createdAt} />
        </span>
      </p>
      <dl className="facts order-summary__facts">
        <Fact term="Total">{formatMoney(order.totals.total)}</Fact>
        <Fact term="Paid">{formatMoney(order.totals.paid)}</Fact>
        {order.totals.refunded ? <Fact term="Refunded">{formatMoney(order.totals.refunded)}</Fact> : null}
        <Fact term="Due">{formatMoney(order.totals.due)}</Fact>
        <Fact term="Payment method">{order.paymentMethod.label || order.paymentMethod.code}</Fact>
        <Fact term="Dealer">{order.dealer ? <>{order.dealer.name ?? order.dealer.id} <span className="muted">{DEALER_ATTRIBUTION[order.dealer.attribution ?? 'none']}</span></> : <span className="muted">none</span>}</Fact>
        {order.quote ? (
          <Fact term="Quote">
            <Link href={quotesPath(order.quote.id)}>#{order.quote.incrementId}</Link>
          </Fact>
        ) : null}
        {order.poNumber ? <Fact term="PO number">{order.poNumber}</Fact> : null}
      </dl>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function OrderBody({ order, client, onChanged, onStale }: { order: OrderDetail; client: BackOfficeOrdersClient; onChanged(updated: OrderDetail): void; onStale(): void }) {
  return (
    <div className="order__columns">
      <div className="order__main">
        <ItemsSection order={order} />
        <PaymentsSection order={order} client={client} onChanged={onChanged} onStale={onStale} />
        {order.refunds.length ? <RefundsSection order={order} client={client} onChanged={onChanged} onStale={onStale} /> : null}
        {order.overpayments.length ? <OverpaymentsSection order={order} client={client} onChanged={onChanged} onStale={onStale} /> : null}
      </div>
      <div className="order__side">
        <StatusSection order={order} client={client} onChanged={onChanged} />
        <CustomerSection order={order} />
        <ConfirmationSection order={order} client={client} />
      </div>
    </div>
  );
}

function ItemsSection({ order }: { order: OrderDetail }) {
  return (
    <Section id="order-items" title={`Items (${order.items.length})`}>
      {order.items.length === 0 ? (
        <p className="muted">This order has no items.</p>
      ) : (
        <table className="table table--cards order-items">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="cell--money">
                Price
              </th>
              <th scope="col" className="cell--money">
                Qty
              </th>
              <th scope="col" className="cell--money">
                Tax
              </th>
              <th scope="col" className="cell--money">
                Row total
              </th>
            </tr>
          </thead>
          <tbody>
            {groupLines(order.items).map((group) => (
              <Fragment key={group.group}>
                {group.group ? (
                  <tr className="order-items__group">
                    <th scope="rowgroup" colSpan={5}>
                      {group.group}
                    </th>
                  </tr>
                ) : null}
                {group.items.map((item) => {
                  const w = lineWords(item);
                  return (
                    <tr key={item.id}>
                      <td data-label="Item" className="order-items__item">
                        <span className="cell">
                          <span className="order-items__name">{w.description}</span>
                          <span className="order-items__meta">
                            <code>{w.code}</code>
                            {item.styleTitle || item.styleName ? <> · {item.styleTitle || item.styleName}</> : null}
                          </span>
                          {w.details.length ? (
                            <span className="order-items__options">
                              {w.details.map((d) => (
                                <span key={d}>{d}</span>
                              ))}
                            </span>
                          ) : null}
                          {w.notes ? <span className="order-items__notes">Note: {w.notes}</span> : null}
                        </span>
                      </td>
                      <td data-label="Price" className="cell--money">
                        {w.unitPrice}
                        {item.originalPrice !== item.price ? <s className="muted order-items__was">{formatMoney(item.originalPrice)}</s> : null}
                      </td>
                      <td data-label="Qty" className="cell--money">
                        {w.quantity}
                        {item.qtyReturned ? <span className="order-items__returned">{item.qtyReturned} returned</span> : null}
                      </td>
                      <td data-label="Tax" className="cell--money">
                        {/* The line's share of the order's tax (an order made from a quote stores its tax on the order alone): what a refund by line gives back with it. */}
                        {formatMoney(item.taxShare ?? item.taxAmount)}
                        {item.taxPercent > 0 ? <span className="muted order-items__rate"> ({item.taxPercent}%)</span> : null}
                      </td>
                      <td data-label="Row total" className="cell--money order-items__total">
                        <strong>{w.total}</strong>
                      </td>
                    </tr>
                  );
                })}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <Totals order={order} />
      {order.additionalNotes ? (
        <p className="order-notes">
          <strong>The customer's note:</strong> {order.additionalNotes}
        </p>
      ) : null}
    </Section>
  );
}

/** Under the items, as on an invoice. */
function Totals({ order }: { order: OrderDetail }) {
  const t = order.totals;
  return (
    <section className="order-totals" aria-labelledby="order-totals-title">
      <h3 className="visually-hidden" id="order-totals-title">
        Totals
      </h3>
      <dl className="order-totals__lines">
        {totalsRows({ subtotal: t.subtotal, discount: t.discount, shipping: t.shipping, shippingLabel: t.shippingLabel, tax: t.tax, shippingTax: t.shippingTax, taxPercent: t.taxPercent, total: t.total }, { zeroTax: true }).map((row) => (
          <div key={row.key} className={row.key === 'total' ? 'order-totals__total' : undefined}>
            <dt>{row.label}</dt>
            <dd>{row.key === 'discount' ? `−${formatMoney(-row.amount)}` : row.display}</dd>
          </div>
        ))}
        <TotalLine term="Paid" amount={t.paid} />
        {t.refunded ? (
          <div>
            <dt>Refunded</dt>
            <dd>−{formatMoney(t.refunded)}</dd>
          </div>
        ) : null}
        <TotalLine term="Due" amount={t.due} className={t.due ? 'order-totals__due' : undefined} />
      </dl>
    </section>
  );
}

function TotalLine({ term, amount, className }: { term: string; amount: number; className?: string | undefined }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{formatMoney(amount)}</dd>
    </div>
  );
}

function StatusSection({ order, client, onChanged }: { order: OrderDetail; client: BackOfficeOrdersClient; onChanged(updated: OrderDetail): void }) {
  const { operator } = useStudio();
  const [said, setSaid] = useState('');
  const editor = atLeast(operator, 'editor');
  const label = statusBadge(order.status).label;
  return (
    <Section id="order-status" title="Status" className="order-status">
      <p className="order-status__now">
        Now <OrderBadge badge={statusBadge(order.status)} />
      </p>
      <Status>{said}</Status>
      {!editor ? (
        <p className="muted order-section__intro">An editor changes an order's status; your role reads it.</p>
      ) : order.allowedStatuses.length === 0 ? (
        <p className="muted order-section__intro">{label} is final: no status change is possible from it.</p>
      ) : (
        <OrderStatusForm
          order={order}
          client={client}
          onChanged={(updated) => {
            setSaid(`Order #${updated.incrementId} is now ${statusBadge(updated.status).label}.`);
            onChanged(updated);
          }}
        />
      )}
      <h3 className="order-subtitle">History</h3>
      {order.statusHistory.length === 0 ? (
        <p className="muted">No status change has been recorded.</p>
      ) : (
        <ol className="order-history">
          {order.statusHistory.map((h) => (
            <li key={h.id} className="order-history__entry">
              <span className="order-history__head">
                <OrderBadge badge={statusBadge(h.status)} />
                <span className="muted">
                  <Time at={h.createdAt} />
                </span>
              </span>
              {h.comment ? <span className="order-history__comment">{h.comment}</span> : null}
              {h.customerNotified ? <span className="order-history__told muted">The customer was told.</span> : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function CustomerSection({ order }: { order: OrderDetail }) {
  const billing = order.addresses.find((a) => a.type === 'billing');
  const shipping = order.addresses.find((a) => a.type === 'shipping');
  return (
    <Section id="order-customer" title="Customer">
      <p className="order-customer">
        <strong>{customerName(order.firstName, order.lastName, order.email)}</strong>
        <a href={`mailto:${order.email}`}>{order.email}</a>
        {order.phone ? <span>{order.phone}</span> : null}
        <span className="muted">{order.customerIsGuest || !order.customerId ? 'Checked out as a guest' : `Customer account ${order.customerId}`}</span>
      </p>
      <div className="order-addresses">
        <AddressView title="Billing address" address={billing} />
        <AddressView title="Shipping address" address={shipping} />
      </div>
    </Section>
  );
}

function AddressView({ title, address }: { title: string; address: Address | undefined }) {
  return (
    <div className="order-address">
      <h3 className="order-subtitle">{title}</h3>
      {address ? (
        <address>
          {`${address.firstName} ${address.lastName}`.trim()}
          <br />
          {address.street1}
          {address.street2 ? (
            <>
              <br />
              {address.street2}
            </>
          ) : null}
          <br />
          {address.city}, {address.state} {address.zipCode}
          {address.countryId && address.countryId !== 'US' ? <> · {address.countryId}</> : null}
          {address.phoneNumber ? (
            <>
              <br />
              {address.phoneNumber}
            </>
          ) : null}
        </address>
      ) : (
        <p className="muted">None given.</p>
      )}
    </div>
  );
}

function ConfirmationSection({ order, client }: { order: OrderDetail; client: BackOfficeOrdersClient }) {
  const { operator, failure } = useStudio();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [alert, setAlert] = useState('');
  const resend = async () => {
    if (busy) return;
    setBusy(true);
    setSaid('');
    setAlert('');
    try {
      setSaid((await client.resendConfirmation(order.id)).message);
    } catch (e) {
      const message = failure(e);
      if (message) setAlert(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="order-confirmation" title="Confirmation e-mail">
      <p className="order-section__intro">{order.emailSent ? `Sent to ${order.email}.` : 'Not sent yet.'}</p>
      {atLeast(operator, 'editor') ? (
        <div className="order-actions">
          <button type="button" className="button button--secondary" onClick={() => void resend()} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {busy ? 'Sending…' : 'Resend the confirmation'}
          </button>
        </div>
      ) : null}
      <Status>{said}</Status>
      <Alert>{alert}</Alert>
    </Section>
  );
}
