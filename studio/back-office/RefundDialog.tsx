/**
 * The refund of one payment, in a dialog: by line (how many of each line came back: the dialog
 * names what they give back, each line's share of the discount and of the tax, and the server
 * computes and records it) or an amount (goodwill: what may still be refunded, to start with), the
 * reason and a note. "Refund now" asks again, naming the amount and the lines, before the money goes. An editor asks ("Request refund": it waits for a publisher); a publisher or
 * an admin refunds at once ("Refund now") or only asks. A payment still waiting for the bank has
 * taken no money: it is voided, in full, so there is no amount to choose.
 *
 * The dialog makes one Idempotency-Key when it opens and sends it with every try, so a double click
 * or a retry after a failure asks for one refund. It cannot be closed while a call runs, and what
 * was typed stays through every refusal: the server's words go under their field, or in the alert.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { lineRefund } from '../../schemas/evaluators/line-refunds';
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
type FieldName = 'amount' | 'lines' | 'reason' | 'note';
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

/** A line's units still to come back. */
const leftOf = (item: OrderDetail['items'][number]) => item.qty - (item.qtyReturned ?? 0);

/**
 * What the units asked back give back, as the server will compute it (schemas/evaluators/line-refunds.ts
 * over the order's stored money): the amount and the words of the lines; null when nothing is asked.
 */
export function lineRefundPreview(order: OrderDetail, asked: ReadonlyArray<{ itemId: number; qty: number }>): { amount: number; words: string } | { error: string } | null {
  if (!asked.length) return null;
  const t = order.totals;
  const money = { subtotal_cents: cents(t.subtotal), shipping_cents: cents(t.shipping), shipping_tax_cents: cents(t.shippingTax), tax_cents: cents(t.tax), discount_cents: cents(t.discount), total_cents: cents(t.total) };
  const items = order.items.map((i) => ({ id: i.id, qty: i.qty, row_total_cents: cents(i.rowTotal) }));
  const returned = new Map(order.items.map((i) => [i.id, i.qtyReturned ?? 0]));
  const result = lineRefund(money, items, returned, asked);
  if (!('amountCents' in result)) {
    const item = order.items.find((i) => i.id === result.itemId);
    return { error: result.kind === 'too_many' && item ? `Only ${result.left} × ${item.sku} can still be returned.` : 'This line is not one of the order.' };
  }
  const words = result.lines.map((l) => `${l.qty} × ${order.items.find((i) => i.id === l.itemId)?.sku ?? l.itemId}`).join(', ');
  return { amount: result.amountCents / 100, words: result.withShipping ? `${words} and the shipping` : words };
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
  const returnable = order.items.filter((i) => leftOf(i) > 0);
  const [mode, setMode] = useState<'lines' | 'amount'>(!waiting && returnable.length ? 'lines' : 'amount');
  const [qtys, setQtys] = useState<Record<number, string>>({});
  const [confirm, setConfirm] = useState<{ amount: number; words: string } | null>(null);
  const asked = Object.entries(qtys)
    .map(([itemId, v]) => ({ itemId: Number(itemId), qty: Number(v.trim() || '0') }))
    .filter((a) => a.qty !== 0);
  const preview = mode === 'lines' ? lineRefundPreview(order, asked) : null;
  const linesRef = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState<'now' | 'request' | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const refs = { amount: amountRef, lines: linesRef, reason: reasonRef, note: noteRef };
  const focusFirst = (wrong: Errors) => {
    const first = (['amount', 'lines', 'reason', 'note'] as const).find((name) => wrong[name] && refs[name].current);
    if (first) refs[first].current?.focus();
  };

  const word = waiting ? 'void' : 'refund';
  const method = payment.methodLabel || payment.method;

  const send = async (carryOut: boolean, confirmed = false) => {
    if (busy) return;
    const byLine = mode === 'lines' && !waiting;
    const badQty = asked.some((a) => !Number.isInteger(a.qty) || a.qty < 0);
    const dollars = waiting ? payment.refundable : byLine ? (preview && 'amount' in preview ? preview.amount : null) : parseDollars(amount);
    const wrong: Errors = {
      ...(byLine
        ? badQty || !asked.length
          ? { lines: 'Enter how many of each line came back: a whole number, at least one line.' }
          : preview && 'error' in preview
            ? { lines: preview.error }
            : dollars !== null && cents(dollars) > cents(payment.refundable)
              ? { lines: `Only ${formatMoney(payment.refundable)} of this payment can still be refunded: refund an amount instead.` }
              : {}
        : dollars === null || dollars <= 0
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
    // Money given back at once: asked again, naming the amount and the lines.
    if (carryOut && !confirmed) {
      setConfirm({ amount: dollars!, words: byLine && preview && 'words' in preview ? preview.words : '' });
      return;
    }
    setBusy(carryOut ? 'now' : 'request');
    try {
      const what = byLine ? { lines: asked } : { amount: dollars! };
      const updated = await client.requestRefund(
        order.id,
        { paymentId: payment.id, ...what, reason: reason as RefundReason, ...(note.trim() ? { note: note.trim() } : {}), ...(carryOut ? { carryOut: true } : {}) },
        key,
      );
      onDone(updated, newestRefund(updated, payment.id));
    } catch (e) {
      setBusy(null);
      setConfirm(null);
      if (e instanceof StudioApiError && (e.status === 409 || e.status === 502)) onStale();
      const fields: Errors = {};
      if (e instanceof StudioApiError) for (const name of ['amount', 'lines', 'reason', 'note'] as const) if (e.fields[name] && (name !== 'amount' || !waiting)) fields[name] = e.fields[name];
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
    <ModalDialog labelledBy={`${id}-title`} describedBy={`${id}-about`} locked={busy !== null} onClose={onClose} initialFocus={waiting ? reasonRef : mode === 'lines' ? linesRef : amountRef} className="refund-dialog">
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

        {waiting || !returnable.length ? null : (
          <fieldset className="refund-dialog__mode">
            <legend>What is given back</legend>
            <label>
              <input type="radio" name={`${id}-mode`} checked={mode === 'lines'} onChange={() => setMode('lines')} /> Lines that came back
            </label>
            <label>
              <input type="radio" name={`${id}-mode`} checked={mode === 'amount'} onChange={() => setMode('amount')} /> An amount (goodwill)
            </label>
          </fieldset>
        )}

        {!waiting && mode === 'lines' ? (
          <fieldset className="refund-dialog__lines" aria-describedby={`${id}-lines-hint${errors.lines ? ` ${id}-lines-error` : ''}`}>
            <legend>How many came back</legend>
            <p id={`${id}-lines-hint`} className="field__hint">
              Each line gives back its price less its share of the discount, plus its share of the tax; the shipping comes back with the order's last unit.
            </p>
            {returnable.map((item, n) => (
              <label key={item.id} className="refund-dialog__line">
                <span className="refund-dialog__line-name">
                  <strong>{item.sku}</strong> {item.name !== item.sku ? item.name : ''}
                  <span className="muted">
                    {' '}
                    · {item.qty} ordered{item.qtyReturned ? `, ${item.qtyReturned} returned` : ''}
                  </span>
                </span>
                <input
                  ref={n === 0 ? linesRef : undefined}
                  className="field__input refund-dialog__qty"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={leftOf(item)}
                  step={1}
                  value={qtys[item.id] ?? ''}
                  placeholder="0"
                  aria-invalid={errors.lines ? true : undefined}
                  onChange={(e) => setQtys({ ...qtys, [item.id]: e.target.value })}
                />
              </label>
            ))}
            {errors.lines ? (
              <p id={`${id}-lines-error`} className="field__error" role="alert">
                {errors.lines}
              </p>
            ) : null}
            <p className="refund-dialog__preview" aria-live="polite">
              {preview && 'amount' in preview ? (
                <>
                  Gives back <strong>{formatMoney(preview.amount)}</strong> for {preview.words}.
                </>
              ) : (
                <span className="muted">Choose how many of a line came back.</span>
              )}
            </p>
          </fieldset>
        ) : null}

        {waiting || mode === 'lines' ? null : (
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

        {confirm ? (
          <div className="refund-dialog__confirm" role="group" aria-labelledby={`${id}-confirm`}>
            <p id={`${id}-confirm`}>
              {waiting ? 'Void' : 'Give back'} <strong>{formatMoney(confirm.amount)}</strong>
              {confirm.words ? ` for ${confirm.words}` : ''} on the {method} payment? The gateway is asked at once and the customer is e-mailed.
            </p>
            <div className="refund-dialog__actions">
              <button type="button" className="button button--primary" onClick={() => void send(true, true)} aria-disabled={busy !== null || undefined} aria-busy={busy === 'now' || undefined}>
                {busy === 'now' ? (waiting ? 'Voiding…' : 'Refunding…') : `Yes, ${waiting ? 'void' : 'refund'} ${formatMoney(confirm.amount)}`}
              </button>
              <button type="button" className="button button--ghost" onClick={() => busy === null && setConfirm(null)} aria-disabled={busy !== null || undefined}>
                Back
              </button>
            </div>
          </div>
        ) : (
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
        )}
        {canCarryOut ? (
          <p className="field__hint refund-dialog__only">“Request only” records the {word} without carrying it out: it waits under Refunds for a publisher or an admin.</p>
        ) : null}
      </form>
    </ModalDialog>
  );
}
