/**
 * Orders: the one module that writes orders, their lines, addresses and history, payments, payment
 * attempts, overpayments, refunds and the orders' idempotency records (scripts and the holding test
 * server/orders/one-writer.test.ts keep it so). Its surface is a handful of commands; each is one
 * transaction that starts by locking the order's row and loading the order once, passes that
 * record along, and answers what happened. Mail about an order is queued in the same transaction
 * (./order-mail.ts). Errors are the module's own (./order-errors.ts); the HTTP edge maps them.
 *
 * - place from a cart (./cart-orders.ts), from a quote (./quote-orders.ts, on its first payment);
 * - decide a charge (./charges.ts), record a confirmed payment, void a waiting one (./payments.ts);
 * - refund or void a payment, on an operator's request (./refunds.ts);
 * - move the status, by payment or by an operator, and send the confirmation again (./status-changes.ts);
 * - change an unpaid order's addresses (./cart-orders.ts).
 * Who may touch an order is decided in one place (./order-access.ts).
 */
import type { DealerAttribution } from '../../schemas/dealers.schema';
import type { Queries } from '../db/queries';
import type { QuoteService } from '../services/quote-service';
import type { SampleCatalog } from '../services/sample-catalog';
import type { OrderAccessTokens } from '../services/secrets';
import { parseOrderInput, placeFromCart, updateAddresses, type CommerceRules, type CreateOrderBody, type OrderInput } from './cart-orders';
import { decideCharge, type ChargeAmount, type ChargeRequest } from './charges';
import { OrderAccess, type OrderEmailLimits, type Owned, type OwnerProof } from './order-access';
import { orderNotFound } from './order-errors';
import type { MailContext } from './order-mail';
import { loadOrder, orderView, resolveOrderId, type OrderView } from './order-view';
import { PaymentAttempts } from './payment-holds';
import { recordConfirmedPayment, recordVoidedPayment, type RecordedPayment } from './payments';
import { recordProviderRefunds } from './refunds';
import type { ProviderRefund } from '../gateways/gateway';
import { moveStatusByOperator, requeueConfirmation, resendConfirmationByOperator, type StatusChange } from './status-changes';
import type { ConfirmedPayment } from '../services/payment-types';

export interface OrdersDeps {
  q: Queries;
  catalog: SampleCatalog;
  rules: CommerceRules;
  mail: MailContext;
  quotes: QuoteService;
  tokens: OrderAccessTokens;
  emailLimits: OrderEmailLimits;
}

export class Orders {
  readonly access: OrderAccess;
  readonly attempts: PaymentAttempts;
  private readonly q: Queries;

  constructor(private readonly deps: OrdersDeps) {
    this.q = deps.q;
    this.attempts = new PaymentAttempts(deps.q);
    this.access = new OrderAccess(deps.q, deps.quotes, deps.tokens, deps.emailLimits);
  }

  // Reading

  /** Order id from a path value: the numeric id or the increment id. In a transaction, pass its handle. */
  resolveOrderId(raw: string, q: Queries = this.q): Promise<number | undefined> {
    return resolveOrderId(q, raw);
  }

  async view(orderId: number): Promise<OrderView | undefined> {
    const record = await loadOrder(this.q, orderId);
    return record ? orderView(record) : undefined;
  }

  /** The order for the id and e-mail of the split-payment page; the same "not found" for either mismatch. */
  async lookupByEmail(rawId: string, email: string): Promise<OrderView> {
    const id = await this.resolveOrderId(rawId);
    const view = id === undefined ? undefined : await this.view(id);
    if (!view || view.email.toLowerCase() !== email.trim().toLowerCase()) throw orderNotFound();
    return view;
  }

  /** Proves that the caller owns the order or quote named (./order-access.ts). */
  authorize(target: { orderId?: string | number; quoteId?: string | number }, proof: OwnerProof | undefined): Promise<Owned> {
    return this.access.authorize(target, proof);
  }

  // Commands

  parseCartOrder(body: CreateOrderBody): OrderInput {
    return parseOrderInput(this.deps, body);
  }

  placeFromCart(input: OrderInput, idempotencyKey: string | null, dealerOrigin: string | null, customerId: number | null = null, dealerAttribution: DealerAttribution | null = null): Promise<{ order: OrderView; created: boolean }> {
    return placeFromCart(this.deps, input, idempotencyKey, { origin: dealerOrigin, attribution: dealerOrigin === null ? null : dealerAttribution }, customerId);
  }

  updateAddresses(orderId: number, body: Record<string, unknown>): Promise<OrderView> {
    return updateAddresses(this.deps, orderId, body);
  }

  /** What a payment for what the caller owns may be for (as a claim: held until the charge ends). */
  async decideCharge(request: ChargeRequest): Promise<ChargeAmount> {
    const owned = await this.authorize(request, request.owner);
    return decideCharge({ q: this.q, quotes: this.deps.quotes, attempts: this.attempts }, owned, request);
  }

  recordConfirmedPayment(payment: ConfirmedPayment, opts: { method?: string; expectOrderId?: number; expectQuoteId?: number } = {}): Promise<RecordedPayment> {
    return recordConfirmedPayment(this.paymentsDeps(), payment, opts);
  }

  recordVoidedPayment(providerReference: string): Promise<{ voided: boolean; order?: OrderView }> {
    return recordVoidedPayment(this.paymentsDeps(), providerReference);
  }

  /** Refunds a gateway's webhook reports (./refunds.ts); answers how many changed. */
  recordProviderRefunds(refunds: readonly ProviderRefund[]): Promise<number> {
    return recordProviderRefunds({ q: this.q, mail: this.deps.mail }, refunds);
  }

  moveStatusByOperator(orderId: number, change: StatusChange): Promise<{ from: string; to: string }> {
    return moveStatusByOperator(this.q, this.deps.mail, orderId, change);
  }

  /** The storefront's "send the confirmation again": queued under its first keys, so never twice. */
  requeueConfirmation(orderId: number): Promise<OrderView> {
    return requeueConfirmation(this.q, this.deps.mail, orderId);
  }

  resendConfirmationByOperator(orderId: number, now?: Date): Promise<string> {
    return resendConfirmationByOperator(this.q, this.deps.mail, orderId, now);
  }

  private paymentsDeps() {
    return { q: this.q, paymentMethods: this.deps.rules.paymentMethods, mail: this.deps.mail };
  }
}
