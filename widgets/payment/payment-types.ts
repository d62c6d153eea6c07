/**
 * The contract every money page shares (checkout, quote payment, split payment, the verify page):
 * what is being paid for, how the owner proves it is theirs, and what a gateway's browser client
 * reports back. The gateway clients (test card form, Stripe, PayPal, Accept.js) implement
 * `GatewayEntryProps`; the pages only ever render `<PaymentEntry>`.
 *
 * The browser never decides an amount: a target names an order or a quote, and the server charges
 * what it computes (a split `amount` is a request the server checks against its own rules).
 */
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { ApiClient } from '../api-client';

/** A method as `GET /api/payment-methods` answers it: the public config merged from the environment. */
export type OfferedPaymentMethod = PaymentMethod & { configured?: boolean };

/** The customer's billing details a gateway may pass on (Stripe billing_details, Accept.js billTo). */
export interface PayerDetails {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  address?: { street1: string; street2?: string; city: string; state: string; zipCode: string; countryId: string };
}

/**
 * What is being paid for, with the owner's proof (docs/commerce-api.md, "The owner's proof"):
 * - `order`: an order at checkout, proved by the access token `POST /api/order` answered;
 * - `quote`: a quote, proved by its link token; `amount` is the chosen split amount, if any;
 * - `split`: an order on the split-payment page, proved by its e-mail (sent as top-level `email`).
 */
export type PaymentTarget =
  | { kind: 'order'; orderId: number; incrementId: string; accessToken: string; payer: PayerDetails }
  | { kind: 'quote'; quoteId: number; token: string; amount?: number; payer: PayerDetails }
  | { kind: 'split'; orderId: number; incrementId: string; email: string; amount: number; payer: PayerDetails };

/** A payment the gateway accepted; the page then records it (PATCH /api/order, convertToOrder, split-payment). */
export interface AcceptedPayment {
  /** The id verify and the ledger know it by (test_txn_..., PaymentIntent id, PayPal order id, transId). */
  transactionId: string;
  /** The payment method's name (payment-methods.json), e.g. `card`. */
  method: string;
  gateway: OfferedPaymentMethod['gateway'];
  /** The gateway's status as the server mapped it. */
  status: 'completed' | 'pending' | 'on_hold';
  /** Dollars, as the server answered them (never the browser's own figure). */
  amount?: number;
}

export type PaymentOutcome =
  | { kind: 'paid'; payment: AcceptedPayment }
  /**
   * The gateway refused or the call failed; `message` is shown to the customer as is. `waiting`: the
   * store refused because another payment for the same target waits for the customer's bank (409
   * payment_waiting); PaymentEntry shows the message with "Pay another way" itself, so the page only
   * unlocks. `lasting`: trying again cannot help (this page is not the store's), so the page does
   * not clear it.
   */
  | { kind: 'failed'; message: string; waiting?: PaymentTarget; lasting?: boolean }
  /** The browser is leaving for the provider or an authentication step; the verify page finishes. */
  | { kind: 'redirecting' }
  /**
   * The provider's form is shown in a frame of this page (Accept Hosted in a frame) and waits for the
   * card: the page says nothing of its own (no "processing") until the attempt's next outcome.
   */
  | { kind: 'awaiting-card' };

/** What a page hands the payment entry. */
export interface PaymentEntryProps {
  api: ApiClient;
  method: OfferedPaymentMethod;
  /** The label of the submit button ('Place Order', 'Pay Now'); PayPal shows its own buttons instead. */
  submitLabel: string;
  /**
   * Called when the customer submits: validates the page's own form, creates or updates the order,
   * and answers what to pay for; null stops (the page shows its own errors).
   */
  prepare(): Promise<PaymentTarget | null>;
  /**
   * Checks the page's own form and shows its errors, with no other effect (no order is made): false
   * when something is wrong. A gateway client calls it with its own card check on submit, so the
   * customer sees every problem at once instead of the card's first and the form's on the next try.
   */
  check?(): boolean;
  /** Called once per attempt with how it ended. */
  onOutcome(outcome: PaymentOutcome): void;
  /**
   * The server's figure of what this payment will take, in dollars, for display and for providers
   * that need an amount up front (Stripe's deferred Payment Element); the server charges its own.
   */
  amountDue?: number;
  /** Where a provider's redirect returns: `${origin}/payment/verify/${gateway}` on the main site. */
  returnUrl: string;
  disabled?: boolean;
}

/** What each gateway's entry component receives (the same, narrowed to its gateway). */
export type GatewayEntryProps = PaymentEntryProps;
