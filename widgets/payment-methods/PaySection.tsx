/**
 * The pay section of the money pages (quote and split payment): the store's methods for the page's
 * scope, the page's own fields (the amount, a form error), a prompt until a method is chosen, then
 * that method's entry with the page's `prepare` and `onOutcome`. Off-site methods come back to this
 * site's /payment/verify/{gateway}.
 *
 * Not in widgets/payment-summary/: that folder is the money pages' `payment-pages` chunk (rollup.config.ts),
 * and rollup would pull PaymentMethodList into it, so <showroom-payment-methods> would load that chunk.
 */
import type { ReactNode } from 'react';
import type { ApiClient } from '../api-client';
import { PaymentEntry } from '../payment/PaymentEntry';
import type { OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../payment/payment-types';
import { SELECT_METHOD_MESSAGE } from '../payment-summary/payment-messages';
import { PaymentMethodList } from './PaymentMethodList';

export interface PaySectionProps {
  api: ApiClient;
  apiBase: string;
  /** The methods' scope: 'convert-to-order' for a quote, 'complete-order-payment' for an order. */
  scope: string;
  method: OfferedPaymentMethod | undefined;
  onSelect(method: OfferedPaymentMethod): void;
  /** A payment is under way: the methods and the entry wait. */
  busy: boolean;
  prepare(): Promise<PaymentTarget | null>;
  /** The page's own fields, checked with the card's on submit (PaymentEntryProps.check). */
  check?(): boolean;
  onOutcome(outcome: PaymentOutcome): void | Promise<void>;
  /** What the entry shows and the wallets charge, in dollars. */
  amountDue: number;
  /** The page's fields between the methods and the entry. */
  children?: ReactNode;
}

export function PaySection({ api, apiBase, scope, method, onSelect, busy, prepare, check, onOutcome, amountDue, children }: PaySectionProps) {
  return (
    <section className="sr-pay" part="pay" aria-label="Payment">
      <PaymentMethodList api={api} scope={scope} onSelect={onSelect} disabled={busy} />
      {children}
      {!method && <p className="sr-status">{SELECT_METHOD_MESSAGE}</p>}
      {method && (
        <PaymentEntry
          api={api}
          method={method}
          submitLabel="Pay Now"
          prepare={prepare}
          check={check}
          onOutcome={onOutcome}
          amountDue={amountDue}
          returnUrl={`${apiBase.replace(/\/$/, '')}/payment/verify/${method.gateway}`}
          disabled={busy}
        />
      )}
    </section>
  );
}
