/**
 * The refund of one payment, in a dialog: the amount (what may still be refunded, to start with),
 * the reason and a note. An editor asks ("Request refund": it waits for a publisher); a publisher or
 * an admin refunds at once ("Refund now") or only asks. A payment still waiting for the bank has
 * taken no money: it is voided, in full, so there is no amount to choose.
 *
 * The dialog makes one Idempotency-Key when it opens and sends it with every try, so a double click
 * or a retry after a failure asks for one refund. It cannot be closed while a call runs, and what
 * was typed stays through every refusal: the server's words go under their field, or in the alert.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../schemas/money';
import { REFUND_NOTE_MESSAGE } from '../../schemas/api/back-office-refunds';
import { REFUND_REASONS, REFUND_REASON_LABELS, type RefundReason } from '../../schemas/api/refund-view';
import type { BackOfficeOrdersClient, OrderDetail, OrderPayment, OrderRefund } from '../api/back-office-orders';
import { newRequestKey } from '../api/back-office-refunds';
import { StudioApiError } from '../api/studio-client';
import { useStudio } from '../app/studio-context';
import { Alert, FieldFrame, Time } from '../app/ui';
import { ModalDialog } from './ModalDialog';

const NOTE_MAX = 500;
type FieldName = 'amount' | 'reason' | 'note';
type Errors = Partial<Record<FieldName, string>>;

/** A payment still waiting for the bank: voided, not refunded. */
export const isWaiting = (payment: Pick<OrderPayment, 'status'>) => payment.status === 'pending' || payment.status === 'on_hold';

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * Dollars as an operator types them: 25, 25.5, 1,250.00 or $1,250.00. Anything else (a decimal
 * comma, three decimals) is null, never guessed.
 */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/^\$\s*/, '');
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/.test(t)) return null;
  return Number(t.replace(/,/g, ''));
}

/** The refund the answer made or found for this payment: its newest. */
export function newestRefund(order: OrderDetail, paymentId: number): OrderRefund | undefined {
  return order.refunds.filter((r) => r.paymentId === paymentId).reduce<OrderRefund | undefined>((a, r) => (!a || r.id > a.id ? r : a), undefined);
}

export function RefundDialog({
  order,
  payment,
  client,
  canCarryOut,
  onDone,
  onStale,
  onClose,
}: {
  order: OrderDetail;
  payment: OrderPayment;
  client: BackOfficeOrdersClient;
  /** A publisher or an admin: "Refund now" (and "Request only"); an editor asks. */
  canCarryOut: boolean;
  onDone(updated: OrderDetail, refund: OrderRefund | undefined): void;
  /** The server refused on what the screen showed (another operator refunded meanwhile): load the order again. */
  onStale(): void;
  onClose(): void;
}) {
  const { failure } = useStudio();
  const id = useId();
  const waiting = isWaiting(payment);
  const [key] = useState(newRequestKey);
  const [amount, setAmount] = useState(payment.refundable.toFixed(2));
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState<'now' | 'request' | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const refs = { amount: amountRef, reason: reasonRef, note: noteRef };
  const focusFirst = (wrong: Errors) => {
    const first = (['amount', 'reason', 'note'] as const).find((name) => wrong[name] && refs[name].current);
    if (first) refs[first].current?.focus();
  };

  const word = waiting ? 'void' : 'refund';
  const method = payment.methodLabel || payment.method;

  const send = async (carryOut: boolean) => {
    if (busy) return;
    const dollars = waiting ? payment.refundable : parseDollars(amount);
    const wrong: Errors = {
      ...(dollars === null || dollars <= 0
        ? { amount: 'Enter an amount in dollars, like 25 or 25.50.' }
        : cents(dollars) > cents(payment.refundable)
          ? { amount: `Only ${formatMoney(payment.refundable)} of this payment can still be refunded.` }
          : {}),
      ...(reason ? {} : { reason: `Choose why the money is given back.` }),
      ...(note.length > NOTE_MAX ? { note: REFUND_NOTE_MESSAGE } : {}),
    };
    setErrors(wrong);
    setAlert('');
    // A void has no amount field: nothing left to void (another operator voided it meanwhile) is said in the alert.
    if (waiting && wrong.amount) setAlert('Nothing is left to void on this payment.');
    if (Object.keys(wrong).length) return focusFirst(wrong);
    setBusy(carryOut ? 'now' : 'request');
    try {
      const updated = await client.requestRefund(
        order.id,
        { paymentId: payment.id, amount: dollars!, reason: reason as RefundReason, ...(note.trim() ? { note: note.trim() } : {}), ...(carryOut ? { carryOut: true } : {}) },
        key,
      );
      onDone(updated, newestRefund(updated, payment.id));
    } catch (e) {
      setBusy(null);
      if (e instanceof StudioApiError && (e.status === 409 || e.status === 502)) onStale();
      const fields: Errors = {};
      if (e instanceof StudioApiError) for (const name of ['amount', 'reason', 'note'] as const) if (e.fields[name] && (name !== 'amount' || !waiting)) fields[name] = e.fields[name];
      if (Object.keys(fields).length) {
        setErrors(fields);
        focusFirst(fields);
      } else {
        const message = failure(e);
        if (message) setAlert(message);
      }
    }
  };

  const primary = canCarryOut ? (waiting ? 'Void now' : 'Refund now') : waiting ? 'Request void' : 'Request refund';

  return (
    <ModalDialog labelledBy={`${id}-title`} describedBy={`${id}-about`} locked={busy !== null} onClose={onClose} initialFocus={waiting ? reasonRef : amountRef} className="refund-dialog">
      <form
        className="refund-dialog__form"
        noValidate
        aria-busy={busy !== null || undefined}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void send(canCarryOut);
        }}
      >
        <h2 className="refund-dialog__title" id={`${id}-title`}>
          {waiting ? (canCarryOut ? 'Void a payment' : 'Request a void') : canCarryOut ? 'Refund a payment' : 'Request a refund'}
        </h2>
        <div id={`${id}-about`} className="refund-dialog__about">
          <p>
            The {method} payment of {formatMoney(payment.amount)} made <Time at={payment.createdAt} />
            <span className="muted"> · transaction <code>{payment.transactionId || '—'}</code></span>
          </p>
          {waiting ? (
            <p>
              It is still waiting for the bank and has not taken the money. Voiding cancels all of it ({formatMoney(payment.refundable)}): the customer is not
              charged.
            </p>
          ) : (
            <dl className="refund-dialog__facts">
              <div>
                <dt>Paid</dt>
                <dd>{formatMoney(payment.amount)}</dd>
              </div>
              <div>
                <dt>Refunded so far</dt>
                <dd>{formatMoney(payment.refunded)}</dd>
              </div>
              <div>
                <dt>Can still be refunded</dt>
                <dd>{formatMoney(payment.refundable)}</dd>
              </div>
            </dl>
          )}
          {canCarryOut ? null : (
            <p className="muted">A publisher or an admin carries out the {word}. Until then it waits on this order, under Refunds.</p>
          )}
        </div>

        {waiting ? null : (
          <FieldFrame label="Amount to refund" hint={`In dollars, at most ${formatMoney(payment.refundable)}.`} error={errors.amount}>
            {(control) => (
              <div className="refund-dialog__money">
                <span aria-hidden="true">$</span>
                <input {...control} ref={amountRef} inputMode="decimal" autoComplete="off" value={amount} required onChange={(e) => setAmount(e.target.value)} />
              </div>
            )}
          </FieldFrame>
        )}

        <FieldFrame label="Reason" error={errors.reason}>
          {(control) => (
            <select {...control} ref={reasonRef} value={reason} required onChange={(e) => setReason(e.target.value as RefundReason | '')}>
              <option value="">Choose…</option>
              {REFUND_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REFUND_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>

        <FieldFrame
          label={
            <>
              Note <span className="muted">(optional)</span>
            </>
          }
          hint={`What happened, for the other operators: it is kept with the ${word} and in the order's history.`}
          error={errors.note}
        >
          {(control) => (
            <textarea
              {...control}
              ref={noteRef}
              className={`${control.className} refund-dialog__note`}
              rows={3}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </FieldFrame>

        <Alert>{alert}</Alert>

        <div className="refund-dialog__actions">
          <button type="submit" className="button button--primary" aria-disabled={busy !== null || undefined} aria-busy={busy === (canCarryOut ? 'now' : 'request') || undefined}>
            {busy === (canCarryOut ? 'now' : 'request') ? (canCarryOut ? (waiting ? 'Voiding…' : 'Refunding…') : 'Sending…') : primary}
          </button>
          {canCarryOut ? (
            <button type="button" className="button button--secondary" onClick={() => void send(false)} aria-disabled={busy !== null || undefined} aria-busy={busy === 'request' || undefined}>
              {busy === 'request' ? 'Sending…' : 'Request only'}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={() => busy === null && onClose()} aria-disabled={busy !== null || undefined}>
            Cancel
          </button>
        </div>
        {canCarryOut ? (
          <p className="field__hint refund-dialog__only">“Request only” records the {word} without carrying it out: it waits under Refunds for a publisher or an admin.</p>
        ) : null}
      </form>
    </ModalDialog>
  );
}
