/**
 * The seam with the gateway routes (server/api/payments): `chargeAmount` says how much a payment
 * may be for (the server decides, from the order's or quote's due amount; as a claim, under the row
 * lock of the order or quote, it also holds it for the charge about to be taken:
 * ./payment-holds.ts), and `onConfirmedPayment` records a payment the gateway confirmed (browser
 * verify and webhook alike; one row per provider reference).
 *
 * Every browser call that names an order or a quote proves it owns it (`authorize`): an order by
 * its access token, a quote by its valid, unexpired link token (which also owns the order made from
 * it), a split payment by the order's e-mail under the lookup's rate limits. An id, or a provider's
 * transaction id, proves nothing: they are sequential or travel in URLs. A caller who is not the
 * owner gets the same answer as for an id that does not exist, and nothing is read or written.
 */
import { toCents, toDollars } from '../../schemas/money';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import type { AppliedPayment, OrderEmailLimits, OrderService } from './order-service';
import { notFound } from './order-service';
import { isPayable } from './order-status';
import { balanceCents, findOrderRow, loadOrder, type OrderRecord } from './order-view';
import type { GatewayName, PaymentMetadata } from '../gateways/gateway';
import { attemptTarget, PaymentAttempts, paymentWaiting, waitingPayments, type AttemptState, type PaymentAttempt, type WaitingPayment } from './payment-holds';
import type { ConfirmedPayment, ConfirmPayment } from './payment-types';
import { QUOTE_NOT_FOUND_MESSAGE, type QuoteService } from './quote-service';
import type { OrderAccessTokens } from './secrets';
import { checkOrderSplitAmount, checkQuoteSplitAmount } from './split-rules';

export const SPLIT_NOT_ENABLED = 'Split payment is not enabled for this order.';
export const ORDER_ALREADY_PAID = 'This order has already been fully paid.';

/** What a request presents as proof that its caller owns the order or quote it names. */
export interface OwnerProof {
  /** `Authorization: Bearer ...`: an order's access token or a quote's link token. */
  token?: string;
  /** The order's e-mail (the split-payment page's proof, with the order id); rate limited. */
  email?: string;
  /** Who asks (the client's address), for the rate limits of the e-mail check. */
  client: string;
}

/**
 * What the caller proved it owns: an order, a quote not yet ordered, or a quote and its order.
 * `by` says how; only the access token and the quote link may learn the order's access token.
 */
export interface Owned {
  orderId?: number;
  quoteId?: number;
  by: 'access-token' | 'quote-link' | 'email';
}

export interface ChargeRequest {
  orderId?: string | number;
  quoteId?: string | number;
  /** Dollars, for a split payment; must follow the split rules. */
  requestedAmount?: number;
  method: string;
  /** Proof that the caller owns the order or quote; without it nothing is charged. */
  owner?: OwnerProof;
  /**
   * 'charge' (the default): what may be charged now; a paid order is refused. 'check-owner': only
   * proves ownership (capturing, reading back or updating an existing payment), whatever is due.
   * 'claim': the decision of a charge about to be taken, made and recorded under the row lock of
   * the order (or quote): the answer holds a claim that refuses every other charge until it ends.
   */
  purpose?: 'charge' | 'check-owner' | 'claim';
  /**
   * The provider reference of the payment this charge is (a PayPal order being captured): it does
   * not hold against itself. Any other payment pending or on hold refuses the charge (409).
   */
  exceptReference?: string;
  /**
   * For a claim: the open attempts the caller has just settled with their provider and found
   * harmless (a PayPal order not captured, the intent it answers again). Any other open attempt was
   * created meanwhile: the claim is refused with `AttemptsOpen`, to settle again.
   */
  knownAttempts?: readonly string[];
}

/** What holds an order's or a quote's amount, for its proven owner. */
export interface HeldPayments {
  orderId?: number;
  quoteId?: number;
  /** Payments of the ledger pending or on hold. */
  waiting: WaitingPayment[];
  /** Provider objects the store created that may still be confirmed (Stripe intents, PayPal orders). */
  attempts: PaymentAttempt[];
}

export interface ChargeAmount {
  amountCents: number;
  currency: 'USD';
  metadata: { orderId?: string; orderIncrementId?: string; quoteId?: string; quoteIncrementId?: string };
  /** For purpose 'claim': the claim's reference, ended with `markAttempt` once the provider answered. */
  claim?: string;
}

export interface VerifiedPayment {
  confirmed: ConfirmedPayment;
  applied: AppliedPayment;
  owned: Owned;
}

function present(value: string | number | undefined | null): value is string | number {
  return value !== undefined && value !== null && String(value).trim() !== '';
}

export class PaymentService {
  private readonly attempts: PaymentAttempts;

  constructor(
    private readonly q: Queries,
    private readonly orders: OrderService,
    private readonly quotes: QuoteService,
    private readonly tokens: OrderAccessTokens,
    private readonly emailLimits: OrderEmailLimits,
    private readonly confirmWithGateway: ConfirmPayment,
  ) {
    this.attempts = new PaymentAttempts(q);
  }

  /**
   * Proves that the caller owns the order (or the quote) named. With an order id: its access token,
   * the link token of the quote it was made from, or (split payment only) its e-mail. With only a
   * quote id: the quote's link token, valid and unexpired (or, once the quote is ordered, that
   * order's access token). Anything else: the answer of an unknown id ('Order not found.', or the
   * quote link's 'Quote not found. The link may be incorrect.'). Both ids named: they must agree.
   */
  async authorize(target: { orderId?: string | number; quoteId?: string | number }, proof: OwnerProof | undefined): Promise<Owned> {
    if (present(target.orderId)) {
      const raw = String(target.orderId);
      const id = await this.orders.resolveOrderId(raw);
      const record = id === undefined ? undefined : await loadOrder(this.q, id);
      const owned = await this.ownOrder(raw, record, proof);
      if (present(target.quoteId) && record!.order.quote_id !== Number(target.quoteId)) {
        throw new ApiError(400, 'payment_mismatch', 'This payment belongs to another order.');
      }
      return owned;
    }
    if (present(target.quoteId)) {
      const raw = String(target.quoteId).trim();
      // A quote already ordered is also its order's: that order's access token proves it.
      const viaOrder = await this.quoteOrderOwnedBy(raw, proof?.token);
      if (viaOrder) return viaOrder;
      // The same check as the quote page: quoteNotExist for an unknown id or a wrong token, tokenExpired after expiry.
      const access = await this.quotes.checkToken(raw, proof?.token);
      return { quoteId: access.id, ...(access.orderId !== null ? { orderId: access.orderId } : {}), by: 'quote-link' };
    }
    throw new ApiError(400, 'validation_failed', 'A payment needs an orderId or a quoteId.', { orderId: 'Order ID is required' });
  }

  private async ownOrder(raw: string, record: OrderRecord | undefined, proof: OwnerProof | undefined): Promise<Owned> {
    const token = proof?.token;
    if (record && token) {
      if (this.tokens.verify(record.order.id, token)) return { orderId: record.order.id, by: 'access-token' };
      if (record.order.quote_id !== null && (await this.quoteLinkOpens(record.order.quote_id, token))) {
        return { orderId: record.order.id, quoteId: record.order.quote_id, by: 'quote-link' };
      }
    }
    const email = proof?.email;
    if (email === undefined) throw notFound();
    // Under the lookup's limits: a wrong id or e-mail is a miss and counts, as the lookup's do.
    return this.emailLimits.guard(proof!.client, record ? String(record.order.id) : raw, email, () => {
      if (!record || record.order.email.toLowerCase() !== email.trim().toLowerCase()) throw notFound();
      // The e-mail is the split-payment page's proof, and only that page's.
      if (record.order.split_payment_enabled !== 1) throw new ApiError(400, 'splitPaymentNotEnabled', SPLIT_NOT_ENABLED);
      return { orderId: record.order.id, by: 'email' as const };
    });
  }

  private async quoteOrderOwnedBy(raw: string, token: string | undefined): Promise<Owned | undefined> {
    if (!token || !/^\d{1,12}$/.test(raw)) return undefined;
    const quote = await this.quotes.row(Number(raw));
    if (!quote || quote.order_id === null || !this.tokens.verify(quote.order_id, token)) return undefined;
    return { quoteId: quote.id, orderId: quote.order_id, by: 'access-token' };
  }

  private async quoteLinkOpens(quoteId: number, token: string): Promise<boolean> {
    try {
      await this.quotes.checkToken(String(quoteId), token);
      return true;
    } catch {
      return false;
    }
  }

  chargeAmount = async (request: ChargeRequest): Promise<ChargeAmount> => {
    const owned = await this.authorize(request, request.owner);
    // A claim decides and records in one transaction, under the row lock of what it pays.
    if (request.purpose === 'claim') return this.q.transaction(async (tx) => this.decide(tx, await this.lockTarget(tx, owned), request));
    return this.decide(this.q, owned, request);
  };

  /**
   * Locks the rows a charge decides on, the quote's (if any) before the order's, always in that
   * order: two decisions for one order, on any server, run one after the other, and each sees the
   * other's claim. A quote ordered since the caller proved it owns it is decided as its order.
   */
  private async lockTarget(tx: Queries, owned: Owned): Promise<Owned> {
    let orderId = owned.orderId;
    // An order's quote never changes once set: read without a lock, then locked first.
    const quoteId = owned.quoteId ?? (orderId !== undefined ? ((await findOrderRow(tx, orderId))?.quote_id ?? undefined) : undefined);
    if (quoteId !== undefined) {
      const quote = await tx.first(tx.lockRow(tx.db.selectFrom('quote').select(['id', 'order_id']).where('id', '=', quoteId)));
      orderId ??= quote?.order_id ?? undefined;
    }
    if (orderId !== undefined) await tx.first(tx.lockRow(tx.db.selectFrom('sales_order').select('id').where('id', '=', orderId)));
    return { ...owned, ...(orderId !== undefined ? { orderId } : {}) };
  }

  /** What may be charged for what the caller owns; with purpose 'claim', `q` is the transaction holding its row lock. */
  private async decide(q: Queries, owned: Owned, request: ChargeRequest): Promise<ChargeAmount> {
    const check = request.purpose === 'check-owner';
    const claim = request.purpose === 'claim';
    if (owned.orderId !== undefined) {
      const record = await loadOrder(q, owned.orderId);
      if (!record) throw notFound();
      const due = await this.dueCents(q, record);
      const metadata = { orderId: String(record.order.id), orderIncrementId: record.order.increment_id ?? String(record.order.id), ...(owned.quoteId !== undefined ? { quoteId: String(owned.quoteId) } : {}) };
      if (check) return { amountCents: due, currency: 'USD', metadata };
      if (due === 0 || !isPayable(record.order.status)) throw new ApiError(409, 'orderAlreadyPaid', ORDER_ALREADY_PAID);
      // A payment waiting for the customer's bank holds the amount: no second card meanwhile.
      if (waitingPayments(record.payments, request.exceptReference).length > 0) throw paymentWaiting();
      let amountCents = due;
      // Without split payment the browser's amount is only a request: the due amount is charged.
      if (request.requestedAmount !== undefined && record.order.split_payment_enabled === 1 && toCents(request.requestedAmount) !== due) {
        const split = checkOrderSplitAmount(request.requestedAmount, due, record.order.minimum_split_cents);
        if (!split.ok) throw new ApiError(400, 'invalid_amount', split.message, { amount: split.message });
        amountCents = split.amountCents;
      }
      if (!claim) return { amountCents, currency: 'USD', metadata };
      const target = { gateway: request.method as GatewayName, orderId: record.order.id, quoteId: record.order.quote_id ?? owned.quoteId ?? null, amountCents };
      return { amountCents, currency: 'USD', metadata, claim: await this.attempts.claim(q, target, this.known(request)) };
    }
    const quote = await this.quotes.row(owned.quoteId!, q);
    if (!quote) throw new ApiError(400, 'quoteNotExist', QUOTE_NOT_FOUND_MESSAGE, undefined, { errorType: 'quoteNotExist' });
    const metadata = { quoteId: String(quote.id), quoteIncrementId: quote.increment_id ?? String(quote.id) };
    if (check) return { amountCents: quote.total_cents, currency: 'USD', metadata };
    let amountCents = quote.total_cents;
    if (request.requestedAmount !== undefined && quote.split_payment_enabled === 1 && toCents(request.requestedAmount) !== quote.total_cents) {
      const split = checkQuoteSplitAmount(request.requestedAmount, quote.total_cents, quote.minimum_split_cents);
      if (!split.ok) throw new ApiError(400, 'invalid_amount', split.message, { splitAmount: split.message });
      amountCents = split.amountCents;
    }
    if (!claim) return { amountCents, currency: 'USD', metadata };
    const target = { gateway: request.method as GatewayName, orderId: null, quoteId: quote.id, amountCents };
    return { amountCents, currency: 'USD', metadata, claim: await this.attempts.claim(q, target, this.known(request)) };
  }

  /** The attempts a claim need not settle: those its caller settled, and the payment it is itself. */
  private known(request: ChargeRequest): string[] {
    return [...(request.knownAttempts ?? []), ...(request.exceptReference !== undefined ? [request.exceptReference] : [])];
  }

  /**
   * The due amount of an order. An order made from a quote owes what the quote says: its total is
   * checked against the quote's on every charge, so nothing can make the quote cheaper.
   */
  private async dueCents(q: Queries, record: OrderRecord): Promise<number> {
    if (record.order.quote_id !== null) {
      const quote = await this.quotes.row(record.order.quote_id, q);
      if (!quote || quote.total_cents !== record.order.total_cents) {
        throw new ApiError(409, 'quote_total_mismatch', 'This order no longer matches its quote. Please contact us to complete the payment.');
      }
    }
    return balanceCents(record.order, record.payments);
  }

  /**
   * The waiting payments and open provider attempts of the order or quote named, for its owner only
   * (the same proof as a charge: a stranger gets the answer of an unknown id and learns nothing).
   */
  held = async (request: { orderId?: string | number; quoteId?: string | number; owner?: OwnerProof }): Promise<HeldPayments> => {
    const owned = await this.authorize(request, request.owner);
    const record = owned.orderId !== undefined ? await loadOrder(this.q, owned.orderId) : undefined;
    const quoteId = owned.quoteId ?? record?.order.quote_id ?? undefined;
    return {
      ...(owned.orderId !== undefined ? { orderId: owned.orderId } : {}),
      ...(quoteId !== undefined ? { quoteId } : {}),
      waiting: record ? waitingPayments(record.payments) : [],
      attempts: await this.attempts.openFor({ orderId: owned.orderId, quoteId }),
    };
  };

  /** The open attempts of an order or quote the caller already proved it owns (after chargeAmount). */
  openAttempts = async (metadata: PaymentMetadata): Promise<PaymentAttempt[]> => {
    const target = await attemptTarget(metadata, (raw) => this.orders.resolveOrderId(raw));
    const quoteOfOrder = target.orderId !== null ? ((await findOrderRow(this.q, target.orderId))?.quote_id ?? null) : null;
    return this.attempts.openFor({ orderId: target.orderId ?? undefined, quoteId: target.quoteId ?? quoteOfOrder ?? undefined });
  };

  /** Records a provider object the store created (after its owner check), so a later charge can settle it. */
  recordAttempt = async (attempt: { gateway: GatewayName; providerReference: string; metadata: PaymentMetadata; amountCents: number }): Promise<void> => {
    const target = await attemptTarget(attempt.metadata, (raw) => this.orders.resolveOrderId(raw));
    await this.attempts.record({ gateway: attempt.gateway, providerReference: attempt.providerReference, amountCents: attempt.amountCents, ...target });
  };

  /** Closes an attempt, or ends a charge's claim (its provider answered, or the charge stopped). */
  markAttempt = (providerReference: string, state: Exclude<AttemptState, 'open'>): Promise<void> => this.attempts.mark(providerReference, state);

  /** An attempt's state; 'voided' also when its ledger row was voided (an attempt made before the table existed). */
  attemptState = async (providerReference: string): Promise<AttemptState | undefined> => {
    const row = await this.q.first(this.q.db.selectFrom('payment').select('status').where('provider_reference', '=', providerReference));
    return row?.status === 'voided' ? 'voided' : this.attempts.stateOf(providerReference);
  };

  /** The gateway voided a waiting payment: the ledger row becomes voided, with a line in the history. */
  onVoidedPayment = async (providerReference: string): Promise<boolean> => {
    await this.attempts.mark(providerReference, 'voided');
    return (await this.orders.recordVoidedPayment(providerReference)).voided;
  };

  onConfirmedPayment = async (payment: ConfirmedPayment): Promise<void> => {
    await this.orders.applyConfirmedPayment(payment);
  };

  /**
   * Records a payment the browser names, for an order or quote the caller already proved it owns
   * (PATCH /api/order, split payment, convertToOrder): the payment must belong to it.
   */
  async confirmAndApply(gateway: string, transactionId: string, owned: Owned, opts: { method?: string } = {}): Promise<{ confirmed: ConfirmedPayment; applied: AppliedPayment }> {
    const confirmed = await this.confirm(gateway, transactionId);
    return { confirmed, applied: await this.applyFor(confirmed, owned, opts.method) };
  }

  /**
   * Verify: asks the gateway about a transaction, then records it only for a caller who proves it
   * owns the order or quote the payment is for. The transaction id alone is no proof.
   */
  async verify(gateway: string, transactionId: string, proof: OwnerProof, opts: { method?: string } = {}): Promise<VerifiedPayment> {
    const confirmed = await this.confirm(gateway, transactionId);
    let owned: Owned;
    try {
      owned = await this.authorize({ orderId: confirmed.metadata.orderId, quoteId: confirmed.metadata.quoteId }, proof);
    } catch (err) {
      // A payment not linked to anything we hold, or not the caller's: one answer for both.
      if (err instanceof ApiError && err.status === 400 && err.code === 'validation_failed') throw notFound();
      throw err;
    }
    return { confirmed, applied: await this.applyFor(confirmed, owned, opts.method), owned };
  }

  private applyFor(confirmed: ConfirmedPayment, owned: Owned, method: string | undefined): Promise<AppliedPayment> {
    // A quote not yet ordered is converted by its payment; anything else pays the order proven.
    const expect = owned.orderId === undefined ? { expectQuoteId: owned.quoteId } : { expectOrderId: owned.orderId };
    return this.orders.applyConfirmedPayment(confirmed, { method, ...expect });
  }

  private async confirm(gateway: string, transactionId: string): Promise<ConfirmedPayment> {
    try {
      return await this.confirmWithGateway(gateway, transactionId);
    } catch (err) {
      // A provider that cannot be reached is the provider's failure, not ours: a clean 502.
      if (err instanceof ApiError) throw err;
      throw new ApiError(502, 'provider_error', 'An error occurred while processing your payment. Please try again.');
    }
  }
}

export function amountDollars(cents: number): number {
  return toDollars(cents);
}
