/**
 * An order's payments and overpayments. Each payment shows what it took, what was refunded and what
 * may still be: an editor asks for a refund of it ("Request a refund…"), a publisher or an admin
 * refunds it ("Refund…"), in a dialog (RefundDialog.tsx); a payment still waiting for the bank is
 * voided instead. An overpayment is refunded through the gateway in one step (a publisher or an
 * admin), or marked refunded outside Showroom (a cheque, the gateway's dashboard) by an editor.
 * A viewer reads the same sections without those controls.
 */
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../schemas/money';
import type { BackOfficeOrdersClient, OrderDetail, OrderOverpayment, OrderPayment } from '../api/back-office-orders';
import { newRequestKey } from '../api/back-office-refunds';
import { StudioApiError } from '../api/studio-client';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, Status, Time } from '../app/ui';
import { paymentRecordBadge } from './order-format';
import { OrderBadge } from './OrderBadge';
import { Section } from './OrderSection';
import { isWaiting, newestRefund, RefundDialog } from './RefundDialog';
import { NO_OUTCOME, OutcomeMessages, refundOutcome, type Outcome } from './RefundsPanel';

type Changed = (updated: OrderDetail) => void;

export function PaymentsSection({ order, client, onChanged, onStale }: { order: OrderDetail; client: BackOfficeOrdersClient; onChanged: Changed; onStale(): void }) {
  const { operator } = useStudio();
  const canAsk = atLeast(operator, 'editor');
  const canCarryOut = atLeast(operator, 'publisher');
  const [open, setOpen] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(NO_OUTCOME);
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<number | null>(null);
  const payment = open === null ? undefined : order.payments.find((p) => p.id === open);

  // Focus goes back to the button that opened the dialog, or to the heading when that button is gone (nothing left to refund).
  useEffect(() => {
    if (open !== null || returnTo.current === null) return;
    const opener = openers.current.get(returnTo.current);
    returnTo.current = null;
    if (opener?.isConnected) opener.focus();
    else headingRef.current?.focus();
  }, [open]);
  const close = () => {
    returnTo.current = open;
    setOpen(null);
  };

  return (
    <Section id="order-payments" title="Payments" headingRef={headingRef} className="order-payments-section">
      {order.payments.length === 0 ? (
        <p className="muted">No payment has been made on this order.</p>
      ) : (
        <table className="table table--cards order-payments">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Method</th>
              <th scope="col">Status</th>
              <th scope="col" className="cell--money">
                Amount
              </th>
              <th scope="col">Gateway reference</th>
              {canAsk ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {order.payments.map((p) => (
              <tr key={p.id}>
                <td data-label="When" className="order-payments__when">
                  <Time at={p.createdAt} />
                </td>
                <td data-label="Method">
                  <span className="cell">
                    {p.methodLabel || p.method}
                    <span className="muted"> · {p.gateway}</span>
                  </span>
                </td>
                <td data-label="Status">
                  <OrderBadge badge={paymentRecordBadge(p.status)} />
                </td>
                <td data-label="Amount" className="cell--money order-payments__money">
                  <PaymentMoney payment={p} />
                </td>
                <td data-label="Reference" className="order-payments__ref">
                  <span className="cell">
                    <span className="order-payments__line">
                      <span className="muted">Transaction </span>
                      <code>{p.transactionId || '—'}</code>
                    </span>
                    {p.providerReference && p.providerReference !== p.transactionId ? (
                      <span className="order-payments__line">
                        <span className="muted">{p.gateway} </span>
                        <code>{p.providerReference}</code>
                      </span>
                    ) : null}
                  </span>
                </td>
                {canAsk ? (
                  <td className="cell--actions order-payments__actions">
                    {p.refundable > 0 ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-haspopup="dialog"
                        ref={(el) => {
                          if (el) openers.current.set(p.id, el);
                          else openers.current.delete(p.id);
                        }}
                        onClick={() => {
                          setOutcome(NO_OUTCOME);
                          setOpen(p.id);
                        }}
                      >
                        {refundLabel(p, canCarryOut)}{' '}
                        <span className="visually-hidden">
                          ({p.methodLabel || p.method}, {formatMoney(p.amount)})
                        </span>
                      </button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <OutcomeMessages outcome={outcome} />
      {payment ? (
        <RefundDialog
          order={order}
          payment={payment}
          client={client}
          canCarryOut={canCarryOut}
          onStale={onStale}
          onClose={close}
          onDone={(updated, refund) => {
            onChanged(updated);
            setOutcome(refundOutcome(refund));
            close();
          }}
        />
      ) : null}
    </Section>
  );
}

function refundLabel(payment: OrderPayment, canCarryOut: boolean): string {
  if (isWaiting(payment)) return canCarryOut ? 'Void…' : 'Request a void…';
  return canCarryOut ? 'Refund…' : 'Request a refund…';
}

/** What a payment took, and for one that took money, what was refunded and what may still be. */
function PaymentMoney({ payment: p }: { payment: OrderPayment }) {
  return (
    <span className="cell order-payments__amounts">
      <strong className="order-payments__amount">{formatMoney(p.amount)}</strong>
      {p.status === 'completed' ? (
        <>
          <span className="order-payments__line">
            <span className="muted">Refunded </span>
            {formatMoney(p.refunded)}
          </span>
          <span className="order-payments__line">
            <span className="muted">Can still be refunded </span>
            {formatMoney(p.refundable)}
          </span>
        </>
      ) : isWaiting(p) && p.refundable > 0 ? (
        <span className="order-payments__line muted">Not taken yet: can be voided</span>
      ) : null}
    </span>
  );
}

export function OverpaymentsSection({ order, client, onChanged, onStale }: { order: OrderDetail; client: BackOfficeOrdersClient; onChanged: Changed; onStale(): void }) {
  const { operator } = useStudio();
  const [outcome, setOutcome] = useState<Outcome>(NO_OUTCOME);
  const editor = atLeast(operator, 'editor');
  const publisher = atLeast(operator, 'publisher');
  return (
    <Section id="order-overpayments" title="Overpayments" className={order.overpayments.some((o) => !o.refundedAt) ? 'order-overpayments--due' : undefined}>
      <p className="muted order-section__intro">
        {publisher
          ? 'A payment took more than was due. Refund it now through the gateway; if it was refunded another way (a cheque, the gateway’s dashboard), mark it refunded outside Showroom.'
          : editor
            ? 'A payment took more than was due. A publisher or an admin refunds it through the gateway; if it was refunded another way (a cheque, the gateway’s dashboard), mark it refunded outside Showroom.'
            : 'A payment took more than was due. A publisher or an admin refunds it.'}
      </p>
      <ul className="order-overpayments__list">
        {order.overpayments.map((o) => (
          <OverpaymentItem
            key={o.id}
            overpayment={o}
            order={order}
            client={client}
            editor={editor}
            publisher={publisher}
            onStale={onStale}
            onDone={(updated, said) => {
              setOutcome(said);
              onChanged(updated);
            }}
          />
        ))}
      </ul>
      <OutcomeMessages outcome={outcome} />
    </Section>
  );
}

/** A refund of this overpayment already asked for and not yet decided. */
function heldRefund(order: OrderDetail, o: OrderOverpayment) {
  return order.refunds.find((r) => r.overpaymentId === o.id && (r.status === 'requested' || r.status === 'processing'));
}

function OverpaymentItem({
  overpayment: o,
  order,
  client,
  editor,
  publisher,
  onStale,
  onDone,
}: {
  overpayment: OrderOverpayment;
  order: OrderDetail;
  client: BackOfficeOrdersClient;
  editor: boolean;
  publisher: boolean;
  onStale(): void;
  onDone(updated: OrderDetail, said: Outcome): void;
}) {
  const { failure } = useStudio();
  // Which question is open: refund it now (with the key of this attempt), or mark it refunded outside.
  const [confirming, setConfirming] = useState<{ kind: 'refund'; key: string } | { kind: 'mark' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const refundRef = useRef<HTMLButtonElement>(null);
  const markRef = useRef<HTMLButtonElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  const payment = order.payments.find((p) => p.id === o.paymentId);
  const amount = formatMoney(o.amount);
  const held = heldRefund(order, o);
  useEffect(() => {
    if (confirming) yesRef.current?.focus();
  }, [confirming?.kind]);

  const cancel = () => {
    const back = confirming?.kind === 'refund' ? refundRef : markRef;
    setConfirming(null);
    setTimeout(() => back.current?.focus(), 0);
  };

  const act = async () => {
    if (busy || !confirming) return;
    setBusy(true);
    setAlert('');
    try {
      if (confirming.kind === 'refund') {
        const updated = await client.refundOverpayment(order.id, o.id, confirming.key);
        setBusy(false);
        setConfirming(null);
        onDone(updated, refundOutcome(newestRefund(updated, o.paymentId)));
      } else {
        const updated = await client.markRefunded(order.id, o.id);
        onDone(updated, { said: `The overpayment of ${amount} is marked refunded outside Showroom.`, alert: '' });
      }
    } catch (e) {
      setBusy(false);
      if (e instanceof StudioApiError && (e.status === 409 || e.status === 502)) onStale();
      // A refund through the gateway keeps its question (and its key) open, for a retry that asks once.
      if (confirming.kind === 'mark') setConfirming(null);
      const message = failure(e);
      if (message) setAlert(message);
    }
  };

  return (
    <li className="order-overpayment">
      <div className="order-overpayment__what">
        <strong>{amount}</strong>
        <span className="muted">
          {' '}
          on {payment ? `the ${payment.methodLabel || payment.method} payment of ${formatMoney(payment.amount)}` : `payment ${o.paymentId}`}, <Time at={o.createdAt} />
        </span>
      </div>
      {o.refundedAt ? (
        <span className="order-overpayment__done">
          <OrderBadge badge={{ label: 'Refunded', tone: 'success' }} /> <Time at={o.refundedAt} />
        </span>
      ) : held ? (
        <span className="order-overpayment__done">
          <OrderBadge badge={{ label: held.status === 'requested' ? 'Refund requested' : 'Refund in progress', tone: 'warning' }} />
          <span className="muted">See Refunds.</span>
        </span>
      ) : !editor ? (
        <OrderBadge badge={{ label: 'Refund due', tone: 'danger' }} />
      ) : confirming ? (
        <div className="order-overpayment__confirm" role="group" aria-labelledby={`overpayment-${o.id}-question`}>
          <p id={`overpayment-${o.id}-question`}>
            {confirming.kind === 'refund'
              ? `Give ${amount} back to the customer now, through ${payment ? `the ${payment.gateway} gateway, on the ${payment.methodLabel || payment.method} payment` : 'the payment’s gateway'}?`
              : `Has ${amount} been refunded outside Showroom (by cheque, or in the gateway’s dashboard)? This is recorded once, in the audit log.`}
          </p>
          <div className="order-actions">
            <button type="button" ref={yesRef} className="button button--primary button--small" onClick={() => void act()} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
              {confirming.kind === 'refund' ? (busy ? 'Refunding…' : `Yes, refund ${amount}`) : busy ? 'Marking…' : 'Yes, mark refunded'}
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => !busy && cancel()} aria-disabled={busy || undefined}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="order-actions order-overpayment__actions">
          {publisher ? (
            <button type="button" ref={refundRef} className="button button--primary button--small" onClick={() => setConfirming({ kind: 'refund', key: newRequestKey() })}>
              Refund {amount} now
            </button>
          ) : null}
          <button type="button" ref={markRef} className="button button--secondary button--small" onClick={() => setConfirming({ kind: 'mark' })}>
            Mark refunded outside Showroom{' '}<span className="visually-hidden">({amount})</span>
          </button>
        </div>
      )}
      <Alert className="order-overpayment__alert">{alert}</Alert>
    </li>
  );
}
