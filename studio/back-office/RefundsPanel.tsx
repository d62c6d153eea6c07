/**
 * An order's refunds, newest first: how much, why, who asked and who decided, the gateway's
 * reference, and what the gateway said when it refused. A publisher or an admin carries out a
 * request or turns it down with a comment, and tries again a refund the gateway did not answer.
 * Also the words every refund answer is said in (`refundOutcome`), wherever it was asked.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../schemas/money';
import { REFUND_COMMENT_MESSAGE } from '../../schemas/api/back-office-refunds';
import type { BackOfficeOrdersClient, OrderDetail, OrderRefund } from '../api/back-office-orders';
import { StudioApiError } from '../api/studio-client';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, Status, Time } from '../app/ui';
import { refundStatusBadge } from './order-format';
import { OrderBadge } from './OrderBadge';
import { Section } from './OrderSection';

const COMMENT_MAX = 500;

/** What a refund answer did, to say: in the polite region, or as an alert when nothing was given back. */
export type Outcome = { said: string; alert: string };
export const NO_OUTCOME: Outcome = { said: '', alert: '' };

export function refundOutcome(refund: OrderRefund | undefined): Outcome {
  if (!refund) return { said: 'Done.', alert: '' };
  const amount = formatMoney(refund.amount);
  const word = refund.kind === 'void' ? 'void' : 'refund';
  switch (refund.status) {
    case 'requested':
      return { said: `${refund.kind === 'void' ? 'A void' : 'A refund'} of ${amount} is requested. It waits under Refunds for a publisher or an admin.`, alert: '' };
    case 'processing':
      return { said: `The ${word} of ${amount} is in progress with the gateway. Its status shows under Refunds.`, alert: '' };
    case 'pending':
      return { said: `The gateway accepted the refund of ${amount}. The bank settles it in the coming days.`, alert: '' };
    case 'succeeded':
      return { said: refund.kind === 'void' ? `The payment of ${amount} is voided: the customer is not charged.` : `${amount} was refunded to the customer.`, alert: '' };
    case 'failed':
      return { said: '', alert: `The gateway refused the ${word} of ${amount}: ${refund.failureMessage ?? 'it gave no reason.'} Nothing was given back.` };
    case 'refused':
      return { said: `The request for ${amount} was turned down.`, alert: '' };
  }
}

/** A refund answer said: what went well politely, a refusal as an alert. */
export function OutcomeMessages({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <Status>{outcome.said}</Status>
      <Alert>{outcome.alert}</Alert>
    </>
  );
}

export function RefundsSection({
  order,
  client,
  onChanged,
  onStale,
}: {
  order: OrderDetail;
  client: BackOfficeOrdersClient;
  onChanged(updated: OrderDetail): void;
  onStale(): void;
}) {
  const { operator, failure } = useStudio();
  const canDecide = atLeast(operator, 'publisher');
  const [busy, setBusy] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(NO_OUTCOME);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refunds = [...order.refunds].reverse();
  const waiting = order.refunds.filter((r) => r.status === 'requested').length;

  /** One call at a time; its answer is the order, said by the refund it decided. */
  const run = async (refund: OrderRefund, call: () => Promise<OrderDetail>): Promise<boolean> => {
    if (busy !== null) return false;
    setBusy(refund.id);
    setOutcome(NO_OUTCOME);
    try {
      const updated = await call();
      onChanged(updated);
      setOutcome(refundOutcome(updated.refunds.find((r) => r.id === refund.id)));
      // The buttons of a decided refund are gone: go on from the section's heading.
      headingRef.current?.focus();
      return true;
    } catch (e) {
      // Decided by someone else, or the gateway did not answer: the screen shows where the refund stands.
      if (e instanceof StudioApiError && (e.status === 409 || e.status === 502 || e.status === 404)) onStale();
      setOutcome({ said: '', alert: failure(e) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section id="order-refunds" title="Refunds" headingRef={headingRef} className={waiting && canDecide ? 'order-refunds--waiting' : undefined}>
      {waiting ? (
        <p className="order-section__intro">
          {waiting === 1 ? 'A request waits' : `${waiting} requests wait`} for a publisher or an admin
          {canDecide ? ': carry it out, or turn it down with a comment for the editor who asked.' : '.'}
        </p>
      ) : null}
      <OutcomeMessages outcome={outcome} />
      <ul className="refunds">
        {refunds.map((r) => (
          <RefundItem
            key={r.id}
            refund={r}
            order={order}
            canDecide={canDecide}
            busy={busy}
            onCarryOut={() => void run(r, () => client.carryOutRefund(order.id, r.id))}
            onRefuse={(comment) => run(r, () => client.refuseRefund(order.id, r.id, comment))}
          />
        ))}
      </ul>
    </Section>
  );
}

function RefundItem({
  refund: r,
  order,
  canDecide,
  busy,
  onCarryOut,
  onRefuse,
}: {
  refund: OrderRefund;
  order: OrderDetail;
  canDecide: boolean;
  busy: number | null;
  onCarryOut(): void;
  onRefuse(comment: string): Promise<boolean>;
}) {
  const payment = order.payments.find((p) => p.id === r.paymentId);
  const [refusing, setRefusing] = useState(false);
  // "Carry out" gives money back at once: it is asked twice, naming the amount and what came back.
  const [confirming, setConfirming] = useState(false);
  const turnDownRef = useRef<HTMLButtonElement>(null);
  const carryOutRef = useRef<HTMLButtonElement>(null);
  const returned = returnedWords(r);
  const amount = formatMoney(r.amount);
  const what = r.kind === 'void' ? 'void' : 'refund';
  const mine = busy === r.id;
  const any = busy !== null;

  return (
    <li className={`refund refund--${r.status}`}>
      <div className="refund__head">
        <strong className="refund__amount">{amount}</strong>
        <span className="refund__kind">{r.kind === 'void' ? 'Void' : 'Refund'}</span>
        <OrderBadge badge={refundStatusBadge(r.status, r.kind)} />
      </div>
      <p className="refund__on muted">
        {payment ? `On the ${payment.methodLabel || payment.method} payment of ${formatMoney(payment.amount)}` : `On payment ${r.paymentId}`}
        {payment?.transactionId ? (
          <>
            {' '}
            · transaction <code>{payment.transactionId}</code>
          </>
        ) : null}
      </p>
      <dl className="refund__facts">
        {returned ? (
          <div className="refund__wide">
            <dt>Came back</dt>
            <dd>{returned}</dd>
          </div>
        ) : null}
        <div>
          <dt>Reason</dt>
          <dd>{r.reasonLabel}</dd>
        </div>
        {r.note ? (
          <div className="refund__wide">
            <dt>Note</dt>
            <dd className="refund__text">{r.note}</dd>
          </div>
        ) : null}
        <div>
          <dt>Asked by</dt>
          <dd>
            {r.requestedBy}, <Time at={r.createdAt} />
          </dd>
        </div>
        <div>
          <dt>Decided by</dt>
          <dd>{r.decidedBy ?? <span className="muted">{r.status === 'requested' ? 'Not yet' : '—'}</span>}</dd>
        </div>
        {r.providerReference ? (
          <div>
            <dt>Gateway reference</dt>
            <dd>
              <code>{r.providerReference}</code>
            </dd>
          </div>
        ) : null}
        {r.failureMessage ? (
          <div className="refund__wide">
            <dt>{r.status === 'refused' ? 'Why it was turned down' : 'The gateway said'}</dt>
            <dd className={`refund__text${r.status === 'failed' ? ' refund__failure' : ''}`}>{r.failureMessage}</dd>
          </div>
        ) : null}
      </dl>
      {canDecide && r.status === 'requested' ? (
        refusing ? (
          <RefuseForm
            refund={r}
            busy={mine}
            onRefuse={onRefuse}
            onCancel={() => {
              setRefusing(false);
              setTimeout(() => turnDownRef.current?.focus(), 0);
            }}
          />
        ) : confirming ? (
          <div className="refund__confirm" role="group" aria-label={`Confirm the ${what} of ${amount}`}>
            <p className="refund__confirm-text">
              Give back <strong>{amount}</strong>
              {returned ? <> for {returned}</> : null}
              {payment ? ` to the ${payment.methodLabel || payment.method} payment` : ''}? The gateway is asked at once and the customer is e-mailed.
            </p>
            <div className="order-actions refund__actions">
              <button type="button" className="button button--primary button--small" onClick={() => !any && onCarryOut()} aria-disabled={any || undefined} aria-busy={mine || undefined}>
                {mine ? 'Carrying out…' : `Yes, give back ${amount}`}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => {
                  if (any) return;
                  setConfirming(false);
                  setTimeout(() => carryOutRef.current?.focus(), 0);
                }}
                aria-disabled={any || undefined}
              >
                Back
              </button>
            </div>
          </div>
        ) : (
          <div className="order-actions refund__actions">
            <button type="button" ref={carryOutRef} className="button button--primary button--small" onClick={() => !any && setConfirming(true)} aria-disabled={any || undefined}>
              Carry out…
              {' '}<span className="visually-hidden">the {what} of {amount}</span>
            </button>
            <button type="button" ref={turnDownRef} className="button button--secondary button--small" onClick={() => !any && setRefusing(true)} aria-disabled={any || undefined}>
              Turn down…{' '}<span className="visually-hidden">the {what} of {amount}</span>
            </button>
          </div>
        )
      ) : null}
      {canDecide && r.status === 'processing' ? (
        <div className="refund__retry">
          <p className="muted">The gateway has not confirmed it yet. If it stays so, try again in a minute: the gateway cannot give it back twice.</p>
          <button type="button" className="button button--secondary button--small" onClick={() => !any && onCarryOut()} aria-disabled={any || undefined} aria-busy={mine || undefined}>
            {mine ? 'Trying…' : 'Try again'}
            {' '}<span className="visually-hidden">the {what} of {amount}</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** What a refund by line brought back, as the operator reads it: "1 × HS-W3030 Hartford Shaker wall cabinet". */
export function returnedWords(refund: OrderRefund): string {
  return (refund.lines ?? []).map((l) => `${l.qty} × ${l.sku}${l.name && l.name !== l.sku ? ` ${l.name}` : ''}`).join(', ');
}

function RefuseForm({ refund, busy, onRefuse, onCancel }: { refund: OrderRefund; busy: boolean; onRefuse(comment: string): Promise<boolean>; onCancel(): void }) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => ref.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!comment.trim()) {
      setError('Write why, for the editor who asked.');
      return ref.current?.focus();
    }
    if (comment.length > COMMENT_MAX) {
      setError(REFUND_COMMENT_MESSAGE);
      return ref.current?.focus();
    }
    setError('');
    await onRefuse(comment.trim());
  };

  return (
    <form
      className="refund__refuse"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <h3 className="order-subtitle" id={`${id}-title`}>
        Turn down the {refund.kind === 'void' ? 'void' : 'refund'} of {formatMoney(refund.amount)}
      </h3>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-comment`}>
          Why
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          {refund.requestedBy} reads it in the order's history.
        </p>
        <textarea
          id={`${id}-comment`}
          ref={ref}
          className="field__input refund__comment"
          rows={2}
          maxLength={COMMENT_MAX}
          required
          value={comment}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          onChange={(e) => setComment(e.target.value)}
        />
        {error ? (
          <p className="field__error" id={`${id}-error`}>
            <span aria-hidden="true">⚠ </span>
            {error}
          </p>
        ) : null}
      </div>
      <div className="order-actions">
        <button type="submit" className="button button--primary button--small" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? 'Turning down…' : 'Turn down the request'}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => !busy && onCancel()} aria-disabled={busy || undefined}>
          Cancel
        </button>
      </div>
    </form>
  );
}
