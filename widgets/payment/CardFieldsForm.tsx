/**
 * One payment attempt with our own card fields (the test gateway and Accept.js): check the card
 * with the catalogue's rules, ask the page to `prepare()` (its own form, the order), let the
 * gateway's `charge` take the payment, and tell the page how it ended. The submit button shows a
 * progress label and is locked from the first click until the attempt ends (a ref, not only the
 * re-render, guards it), so a double click pays once; it stays locked while the browser leaves for
 * an authentication step.
 */
import { useRef, useState, type ReactNode } from 'react';
import { ApiRequestError } from '../api-client';
import { CardFields, cardErrorsFrom, checkCard, EMPTY_CARD, focusFirstCardError, type CardEntryValue, type CardErrors } from './CardFields';
import { isReturnAddressRefusal, paymentFailureMessage } from './payment-failure';
import type { GatewayEntryProps, PaymentOutcome, PaymentTarget } from './payment-types';

/**
 * Takes the payment for a prepared target: answers 'paid' or 'redirecting' (after saving the
 * pending payment), and throws on a refusal (an ApiRequestError with the server's words) or an
 * exception; the form turns either into a 'failed' outcome.
 */
export type CardCharge = (target: PaymentTarget, card: CardEntryValue) => Promise<PaymentOutcome>;

/** A refusal before the store was asked (a tokeniser's answer): its words, and the fields they concern. */
export class CardRefusal extends Error {
  constructor(
    message: string,
    readonly fields: CardErrors = {},
  ) {
    super(message);
    this.name = 'CardRefusal';
  }
}

export interface CardFieldsFormProps {
  entry: GatewayEntryProps;
  charge: CardCharge;
  /** False while the gateway's script loads: the fields can be filled, the button waits. */
  ready?: boolean;
  /** A line under the fields (where the card goes). */
  note?: ReactNode;
  currentYear?: number;
}

export const PAYING_LABEL = 'Processing payment…';

export function CardFieldsForm({ entry, charge, ready = true, note, currentYear }: CardFieldsFormProps) {
  const [card, setCard] = useState<CardEntryValue>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  const change = (next: CardEntryValue) => {
    setCard(next);
    // Errors appear on the first submit, then follow the typing.
    if (checked) setErrors(checkCard(next, currentYear));
  };

  const pay = async () => {
    if (running.current || entry.disabled || !ready) return;
    const problems = checkCard(card, currentYear);
    setChecked(true);
    setErrors(problems);
    // The page's form first (it comes first on the page and takes the focus), then the card's.
    const pageOk = entry.check?.() ?? true;
    const cardOk = Object.keys(problems).length === 0;
    if (!cardOk && pageOk) focusFirstCardError(root.current, problems);
    if (!cardOk || !pageOk) return;
    running.current = true;
    setBusy(true);
    let leaving = false;
    try {
      const target = await entry.prepare();
      if (!target) return;
      const outcome = await charge(target, card);
      leaving = outcome.kind === 'redirecting';
      // Card data does not linger in the page once it has done its job.
      if (outcome.kind === 'paid') setCard(EMPTY_CARD);
      entry.onOutcome(outcome);
    } catch (err) {
      const fieldErrors = err instanceof ApiRequestError ? cardErrorsFrom(err.fields) : err instanceof CardRefusal ? err.fields : {};
      if (Object.keys(fieldErrors).length) {
        setErrors(fieldErrors);
        focusFirstCardError(root.current, fieldErrors);
      }
      entry.onOutcome({ kind: 'failed', message: err instanceof CardRefusal ? err.message : paymentFailureMessage(err), ...(isReturnAddressRefusal(err) ? { lasting: true } : {}) });
    } finally {
      if (!leaving) {
        running.current = false;
        setBusy(false);
      }
    }
  };

  const locked = busy || Boolean(entry.disabled);
  return (
    <div className="sr-card-form" ref={root} part="card-form">
      <CardFields value={card} errors={errors} onChange={change} onSubmit={() => void pay()} disabled={locked} currentYear={currentYear} />
      {note && <p className="sr-card-form__note">{note}</p>}
      <button type="button" className="sr-pay-button" part="pay-button" disabled={locked || !ready} aria-busy={busy} onClick={() => void pay()}>
        {busy ? PAYING_LABEL : entry.submitLabel}
      </button>
    </div>
  );
}
