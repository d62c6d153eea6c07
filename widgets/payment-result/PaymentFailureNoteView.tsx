/**
 * What the failure page adds to its own content: the reason this payment failed and the order number
 * to quote, from the note the verify page left (./payment-failure-note.ts), read once. A payment
 * still being confirmed is said so (and the page's title changes with `useTakenPaymentFailure`), so
 * nobody pays twice. Nothing without a note.
 */
import { useEffect, useRef, useState } from 'react';
import { takePaymentFailure, type PaymentFailureNote } from './payment-failure-note';

/** The title a page shows instead of its own when the payment is still being confirmed. */
export const PENDING_PAYMENT_TITLE = 'Your payment is being confirmed';

/** The note of this tab, taken once after mount (even under React's strict double effects). */
export function useTakenPaymentFailure(): PaymentFailureNote | null {
  const taken = useRef(false);
  const [note, setNote] = useState<PaymentFailureNote | null>(null);
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    setNote(takePaymentFailure());
  }, []);
  return note;
}

export function PaymentFailureNoteView({ note }: { note: PaymentFailureNote | null }) {
  if (!note) return null;
  return (
    <div className="sr-result__note" role="status">
      <p>
        <strong>{note.pending ? 'Please do not pay again.' : 'What happened:'}</strong> {note.message}
      </p>
      {note.orderNumber && (
        <p>
          Your order number: <strong>{note.orderNumber}</strong>
        </p>
      )}
    </div>
  );
}
