/**
 * One quote as stored: its state, customer, addresses, lines and totals, and its PDF. A draft has
 * no link yet: editors open it in the builder again to change and send it. The payment link is shown
 * only right after it is issued (on creating the quote, or "Issue a new link"), with a copy button;
 * "E-mail the link" issues a fresh one and sends it. Once the customer has started paying, the quote
 * is an order: its link actions are gone and the order is a link away.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QUOTE_NOT_FOUND } from '../../schemas/api/back-office-quotes';
import { lineWords } from '../../schemas/evaluators/quote-lines';
import { formatMoney } from '../../schemas/money';
import { statusBadge } from '../../schemas/status-labels';
import type { IssuedLink, QuoteAddress, QuoteDetail as Detail } from '../api/back-office-quotes';
import { StudioApiError } from '../api/studio-client';
import { Link, ordersPath, quoteBuilderPath } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, ListState, PageTitle, Status, Time, useLoad } from '../app/ui';
import { useQuotesClient } from './quote-client';
import { QuoteLinkBox } from './QuoteLinkBox';
import { quotesListAddress } from './QuoteList';
import { QuoteStateLine } from './QuoteState';
import { TotalsList } from './QuoteTotals';

export function QuoteDetail({ id, created }: { id: number; created: IssuedLink | null }) {
  const client = useQuotesClient();
  const { failure } = useStudio();
  const [quote, reload] = useLoad((signal) => client.detail(id, signal), failure, [client, id]);
  const notFound = quote.state === 'error' && quote.message === QUOTE_NOT_FOUND;
  const title = quote.state === 'ready' ? `Quote ${quote.value.number}` : 'Quote';

  return (
    <main id="main" className="page quote-detail">
      <div className="page__head">
        <p className="quote-back">
          <Link href={quotesListAddress()}>
            <span aria-hidden="true">← </span>All quotes
          </Link>
        </p>
        <PageTitle title={title}>{title}</PageTitle>
      </div>
      {notFound ? (
        <p className="list-state list-state--empty">No quote has this number. It may have been typed wrong.</p>
      ) : (
        <ListState data={quote} what="the quote" isEmpty={() => false} retry={reload} empty={null}>
          {(q) => <QuoteView quote={q} created={created} reload={reload} />}
        </ListState>
      )}
    </main>
  );
}

function QuoteView({ quote, created, reload }: { quote: Detail; created: IssuedLink | null; reload(): void }) {
  const { operator } = useStudio();
  const customerName = `${quote.customer.firstName} ${quote.customer.lastName}`.trim();
  const ordered = quote.order !== null;
  const draft = quote.state === 'draft';
  const editor = atLeast(operator, 'editor');
  return (
    <>
      <p className="quote-detail__summary">
        <QuoteStateLine quote={quote} />
        <span className="quote-detail__made">
          Made <Time at={quote.createdAt} />
        </span>
        {quote.poNumber ? <span className="quote-detail__made">PO {quote.poNumber}</span> : null}
        <a className="quote-detail__pdf" href={`/api/studio/quotes/${quote.id}/pdf`} download>
          {draft ? 'Download the estimate (PDF)' : 'Download the quote (PDF)'}
        </a>
      </p>
      <div className="quote-detail__columns">
        <div className="quote-detail__main">
          {quote.order ? (
            <section className="card quote-section quote-order" aria-labelledby="quote-order-title">
              <h2 className="section-title" id="quote-order-title">
                Converted to <Link href={ordersPath(quote.order.id)}>order #{quote.order.number}</Link>
              </h2>
              <p className="quote-order__status">
                Order status: <span className="quote-order__badge">{statusBadge(quote.order.status).label}</span>
                {quote.order.paid ? ', paid in full.' : ', not paid in full yet.'} The payment link has done its work: it cannot be issued again.
              </p>
            </section>
          ) : null}

          {draft ? (
            <section className="card quote-section quote-draft" aria-labelledby="quote-draft-title">
              <h2 className="section-title" id="quote-draft-title">
                Draft, not sent
              </h2>
              <p>The customer has no link yet. {editor ? 'Open it in the builder to change it, add to it, or send it.' : 'Editors open it in the builder and send it.'}</p>
              {editor ? (
                <Link className="button button--primary" href={quoteBuilderPath(quote.id)}>
                  Open in the builder
                </Link>
              ) : null}
            </section>
          ) : null}
          {!ordered && !draft && editor ? <QuoteLinkActions quote={quote} created={created} reload={reload} /> : null}
          {!ordered && !draft && !editor ? (
            <p className="muted">{quote.link.expiresAt ? <>The payment link is valid until <Time at={quote.link.expiresAt} />.</> : 'No payment link has been issued.'} Editors issue and send links.</p>
          ) : null}

          <section className="card quote-section" aria-labelledby="quote-lines-title">
            <h2 className="section-title" id="quote-lines-title">
              Lines
            </h2>
            <table className="table table--cards quote-lines-table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="quotes-table__money">
                    Price
                  </th>
                  <th scope="col" className="quotes-table__money">
                    Qty
                  </th>
                  <th scope="col" className="quotes-table__money">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {quote.lines.map((line, i) => {
                  // The words of every page (schemas/evaluators/quote-lines.ts); a sample's finish is its option.
                  const w = lineWords({ ...line, customOptions: line.options });
                  return (
                    <tr key={i}>
                      <td data-label="Item">
                        <span className="quote-item">
                          <span className="quote-line__name">{w.description}</span>
                          {w.group ? <span className="quote-line__meta">{w.group}</span> : null}
                          {w.details.map((d) => (
                            <span key={d} className="quote-line__meta">
                              {d}
                            </span>
                          ))}
                          {w.notes ? <span className="quote-line__meta">Note: {w.notes}</span> : null}
                        </span>
                      </td>
                      <td data-label="SKU">
                        <code>{w.code}</code>
                      </td>
                      <td data-label="Price" className="quotes-table__money">
                        {w.unitPrice}
                      </td>
                      <td data-label="Qty" className="quotes-table__money">
                        {w.quantity}
                      </td>
                      <td data-label="Total" className="quotes-table__money">
                        {w.total}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {quote.notes ? (
              <p className="quote-detail__notes">
                <span className="field__label">Notes for the customer</span> {quote.notes}
              </p>
            ) : null}
            {typeof quote.request?.internalNotes === 'string' && quote.request.internalNotes ? (
              <p className="quote-detail__notes">
                <span className="field__label">Notes for the store (never shown to the customer)</span> {quote.request.internalNotes}
              </p>
            ) : null}
          </section>
        </div>

        <div className="quote-detail__side">
          <section className="card quote-totals" aria-labelledby="quote-stored-totals-title">
            <h2 className="section-title" id="quote-stored-totals-title">
              Totals
            </h2>
            <TotalsList totals={quote} />
            {quote.splitPaymentEnabled ? (
              <p className="muted quote-totals__after">
                {/* No smallest part set: any amount above $0 is taken (validateQuoteSplitAmount), so no "at least $0.00". */}
                {quote.minimumSplit > 0 ? `The customer may pay in parts of at least ${formatMoney(quote.minimumSplit)}.` : 'The customer may pay in parts of any amount.'}
              </p>
            ) : null}
          </section>
          <section className="card quote-section" aria-labelledby="quote-customer-title">
            <h2 className="section-title" id="quote-customer-title">
              Customer
            </h2>
            <p className="quote-customer">
              <strong>{customerName || quote.customer.email || 'Not given yet'}</strong>
              {quote.customer.email ? (
                <span>
                  <a href={`mailto:${quote.customer.email}`}>{quote.customer.email}</a>
                </span>
              ) : null}
              {quote.customer.phone ? <span>{quote.customer.phone}</span> : null}
              <span className="muted">
                {draft ? 'When it is sent, a customer account with this e-mail gets the quote and its order.' : quote.customer.accountId ? 'Has a customer account: the order will show in it.' : 'No customer account with this e-mail.'}
              </span>
            </p>
            <div className="quote-addresses">
              <AddressCard title="Billing address" address={quote.billingAddress} />
              <AddressCard title="Shipping address" address={quote.shippingAddress} />
            </div>
          </section>
        </div>
      </div>
    </>
  );
}

function AddressCard({ title, address }: { title: string; address: QuoteAddress | null }) {
  return (
    <div className="quote-address-card">
      <h3 className="quote-address-card__title">{title}</h3>
      {address ? (
        <address className="quote-address-card__lines">
          <span>
            {address.firstName} {address.lastName}
          </span>
          <span>{address.street1}</span>
          {address.street2 ? <span>{address.street2}</span> : null}
          <span>
            {address.city}, {address.state} {address.zipCode}
          </span>
          <span>{address.phoneNumber}</span>
        </address>
      ) : (
        <p className="muted">None given.</p>
      )}
    </div>
  );
}

/** Issue a new link (shown here once, to copy) or e-mail one; either way the link sent before stops working. */
function QuoteLinkActions({ quote, created, reload }: { quote: Detail; created: IssuedLink | null; reload(): void }) {
  const client = useQuotesClient();
  const { failure } = useStudio();
  const [link, setLink] = useState<IssuedLink | null>(created);
  const [days, setDays] = useState('7');
  const [daysError, setDaysError] = useState('');
  const [busy, setBusy] = useState<'' | 'issue' | 'email'>('');
  const [alert, setAlert] = useState('');
  const [said, setSaid] = useState<ReactNode>('');
  const daysRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const customer = quote.customer.email;

  // A link just issued takes the focus, so it is read and copied first.
  useEffect(() => {
    if (link) boxRef.current?.focus();
  }, [link?.url]);

  const run = async (which: 'issue' | 'email') => {
    if (busy) return;
    setBusy(which);
    setAlert('');
    setSaid('');
    setDaysError('');
    try {
      const n = Number(days.trim());
      if (which === 'issue') {
        setLink(await client.issueLink(quote.id, n));
      } else {
        const sent = await client.emailLink(quote.id, n);
        // The link on screen, if any, was replaced by the one e-mailed.
        setLink(null);
        setSaid(
          <>
            Sent to {sent.sentTo}, valid until <Time at={sent.expiresAt} />.
          </>,
        );
      }
      reload();
    } catch (error) {
      if (error instanceof StudioApiError && error.fields['days']) {
        setDaysError(error.fields['days']);
        daysRef.current?.focus();
      } else if (error instanceof StudioApiError && error.status === 409) {
        setAlert(error.message);
        reload();
      } else {
        const message = failure(error);
        if (message) setAlert(message);
      }
    } finally {
      setBusy('');
    }
  };

  return (
    <section className="card quote-section quote-link" aria-labelledby="quote-link-title">
      <h2 className="section-title" id="quote-link-title">
        Payment link
      </h2>
      {link ? <QuoteLinkBox link={link} boxRef={boxRef} /> : <LinkSummary quote={quote} />}
      <div className="quote-link__actions">
        <div className={`field quote-link__days${daysError ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="quote-link-days">
            Valid for (days)
          </label>
          <input
            id="quote-link-days"
            ref={daysRef}
            className="field__input"
            inputMode="numeric"
            maxLength={3}
            value={days}
            aria-invalid={daysError ? true : undefined}
            aria-describedby={`quote-link-days-hint${daysError ? ' quote-link-days-error' : ''}`}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
        <button type="button" className="button button--secondary" onClick={() => void run('issue')} aria-disabled={busy !== '' || undefined} aria-busy={busy === 'issue' || undefined}>
          {busy === 'issue' ? 'Issuing…' : 'Issue a new link'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void run('email')} aria-disabled={busy !== '' || undefined} aria-busy={busy === 'email' || undefined}>
          {busy === 'email' ? 'Sending…' : `E-mail the link to ${customer}`}
        </button>
      </div>
      <p className="field__hint" id="quote-link-days-hint">
        From 1 to 365 days. Either button makes a new link: the one issued before stops working.
      </p>
      {daysError ? (
        <p className="field__error" id="quote-link-days-error">
          <span aria-hidden="true">⚠ </span>
          {daysError}
        </p>
      ) : null}
      <Alert>{alert}</Alert>
      <Status>{said}</Status>
    </section>
  );
}

function LinkSummary({ quote }: { quote: Detail }) {
  const expires = quote.link.expiresAt;
  if (!expires) return <p className="quote-link__summary">No link has been issued yet.</p>;
  const past = quote.state === 'expired';
  return (
    <p className="quote-link__summary">
      {past ? 'The link expired on ' : 'The link sent is valid until '}
      <Time at={expires} />. The studio keeps no copy of it: issue a new one to copy it.
    </p>
  );
}
