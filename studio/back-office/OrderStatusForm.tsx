/**
 * An order's status change (editors and above): only the moves the server's state machine allows
 * from the order's status (`allowedStatuses`), with a comment for the history. A move the server
 * refuses (another operator moved the order meanwhile) shows its message.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { ORDER_COMMENT_MESSAGE } from '../../schemas/api/back-office-orders';
import { StudioApiError } from '../api/studio-client';
import type { BackOfficeOrdersClient, OrderDetail, OrderStatusChange } from '../api/back-office-orders';
import { useStudio } from '../app/studio-context';
import { Alert, FieldFrame } from '../app/ui';
import { statusBadge } from './order-format';

const COMMENT_MAX = 2000;

export function OrderStatusForm({ order, client, onChanged }: { order: OrderDetail; client: BackOfficeOrdersClient; onChanged(updated: OrderDetail): void }) {
  const { failure } = useStudio();
  const [status, setStatus] = useState('');
  const [comment, setComment] = useState('');
  const [notify, setNotify] = useState(false);
  const [errors, setErrors] = useState<{ status?: string; comment?: string }>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLSelectElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wrong = {
      ...(status ? {} : { status: 'Choose the new status.' }),
      ...(comment.trim() === '' ? { comment: 'Write why, for the history.' } : comment.length > COMMENT_MAX ? { comment: ORDER_COMMENT_MESSAGE } : {}),
    };
    setErrors(wrong);
    setAlert('');
    if (wrong.status) return statusRef.current?.focus();
    if (wrong.comment) return commentRef.current?.focus();
    setBusy(true);
    try {
      const updated = await client.changeStatus(order.id, { status: status as OrderStatusChange['status'], comment: comment.trim(), notifyCustomer: notify });
      setStatus('');
      setComment('');
      setNotify(false);
      onChanged(updated);
    } catch (e) {
      if (e instanceof StudioApiError && (e.fields['status'] || e.fields['comment'])) {
        setErrors({ ...(e.fields['status'] ? { status: e.fields['status'] } : {}), ...(e.fields['comment'] ? { comment: e.fields['comment'] } : {}) });
      } else {
        const message = failure(e);
        if (message) setAlert(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="order-status-form form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h3 className="order-subtitle" id={`${id}-title`}>
        Change the status
      </h3>
      <FieldFrame label="New status" error={errors.status}>
        {(control) => (
          <select {...control} ref={statusRef} value={status} required onChange={(e) => setStatus(e.target.value)}>
            <option value="">Choose…</option>
            {order.allowedStatuses.map((s) => (
              <option key={s} value={s}>
                {statusBadge(s).label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame label="Comment" hint="Why, for the status history (a tracking number, who asked)." error={errors.comment}>
        {(control) => (
          <textarea
            {...control}
            ref={commentRef}
            className={`${control.className} order-status-form__comment`}
            rows={3}
            maxLength={COMMENT_MAX}
            required
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        )}
      </FieldFrame>
      <div className="order-status-form__notify">
        <label className="check">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} aria-describedby={`${id}-notify-hint`} />
          E-mail the customer
        </label>
        <p className="field__hint" id={`${id}-notify-hint`}>
          The e-mail gives the new status and your comment. The customer sees the new status in their account either way.
        </p>
      </div>
      <Alert>{alert}</Alert>
      <div>
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? 'Changing…' : 'Change the status'}
        </button>
      </div>
    </form>
  );
}
