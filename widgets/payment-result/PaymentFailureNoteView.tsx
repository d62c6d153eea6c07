/**
 * What the failure page adds to its own content: the reason this payment failed and the order number
 * to quote, from the note the verify page left (./payment-failure-note.ts), read once. A payment
 * still being confirmed gets its own heading, so nobody pays twice. Nothing without a note.
 */
import { useEffect, useRef, useState } from 'react';
import { takePaymentFailure, type PaymentFailureNote } from './payment-failure-note';

export function PaymentFailureNoteView() {
  const taken = useRef(false);
  const [note, setNote] = useState<PaymentFailureNote | null>(null);
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    setNote(takePaymentFailure());
  }, []);
  if (!note) return null;
  return (
    <div className="sr-result__note" role="status">
      <p>
        <strong>{note.pending ? 'Your payment is being confirmed.' : 'What happened:'}</strong> {note.message}
      </p>
      {note.orderNumber && (
        <p>
          Your order number: <strong>{note.orderNumber}</strong>
        </p>
      )}
    </div>
  );
}
