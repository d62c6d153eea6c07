/**
 * Deciding a charge: how much a payment may be for, from the order's (or the quote's) due amount,
 * never the browser's. As a claim (`purpose: 'claim'`) the decision is made and recorded in one
 * transaction under the row lock of the order or quote, and holds it for the charge about to be
 * taken (./payment-holds.ts): a second charge, on any server, waits for the lock and is refused.
 */
import { toCents } from '../../schemas/money';
import type { Queries } from '../db/queries';
import type { GatewayName } from '../gateways/gateway';
import { QUOTE_NOT_FOUND_MESSAGE, type QuoteService } from '../services/quote-service';
import { checkOrderSplitAmount, checkQuoteSplitAmount } from '../services/split-rules';
import type { Owned, OwnerProof } from './order-access';
import { OrderError, orderNotFound } from './order-errors';
import { isPayable } from './order-status';
import { balanceCents, findOrderRow, loadPayments, type OrderRecord, type OrderRow } from './order-view';
import { paymentWaiting, waitingPayments, type AttemptTarget, type PaymentAttempts } from './payment-holds';

export const ORDER_ALREADY_PAID = 'This order has already been fully paid.';

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
   * not hold against itself. Any other payment pending or on hold refuses the charge.
   */
  exceptReference?: string;
  /**
   * For a claim: the open attempts the caller has just settled with their provider and found
   * harmless (a PayPal order not captured, the intent it answers again). Any other open attempt was
   * created meanwhile: the claim is refused with `AttemptsOpen`, to settle again.
   */
  knownAttempts?: readonly string[];
}

export interface ChargeAmount {
  amountCents: number;
  currency: 'USD';
  metadata: { orderId?: string; orderIncrementId?: string; quoteId?: string; quoteIncrementId?: string };
  /** What the charge is for, as ids (the order and the quote it was made from): where its open attempts are. */
  target: AttemptTarget;
  /** For purpose 'claim': the claim's reference, ended with `markAttempt` once the provider answered. */
  claim?: string;
}

export interface ChargesDeps {
  q: Queries;
  quotes: QuoteService;
  attempts: PaymentAttempts;
}

/** What may be charged for what the caller proved it owns. */
export function decideCharge(deps: ChargesDeps, owned: Owned, request: ChargeRequest): Promise<ChargeAmount> {
  // A claim decides and records in one transaction, under the row lock of what it pays.
  if (request.purpose === 'claim') return deps.q.transaction(async (tx) => decide(deps, tx, await lockTarget(tx, owned), request));
  return decide(deps, deps.q, owned, request);
}

/**
 * Locks the rows a charge decides on, the quote's (if any) before the order's, always in that
 * order: two decisions for one order, on any server, run one after the other, and each sees the
 * other's claim. A quote ordered since the caller proved it owns it is decided as its order.
 */
async function lockTarget(tx: Queries, owned: Owned): Promise<Owned> {
  let orderId = owned.orderId;
  // An order's quote never changes once set: known from the proof, else read without a lock.
  const quoteId = owned.quoteId ?? (orderId !== undefined ? ((owned.order ?? (await findOrderRow(tx, orderId)))?.quote_id ?? undefined) : undefined);
  if (quoteId !== undefined) {
    const quote = await tx.first(tx.lockRow(tx.db.selectFrom('quote').select(['id', 'order_id']).where('id', '=', quoteId)));
    orderId ??= quote?.order_id ?? undefined;
  }
  if (orderId === undefined) return owned;
  // The order's row as it is now, under its lock (the proof's copy may be older).
  const order = await tx.first(tx.lockRow(tx.db.selectFrom('sales_order').selectAll().where('id', '=', orderId)));
  return { ...owned, orderId, order: order as OrderRow | undefined };
}

/** With purpose 'claim', `q` is the transaction holding the row lock. */
async function decide(deps: ChargesDeps, q: Queries, owned: Owned, request: ChargeRequest): Promise<ChargeAmount> {
  const check = request.purpose === 'check-owner';
  const claim = request.purpose === 'claim';
  if (owned.orderId !== undefined) {
    const order = owned.order ?? (await findOrderRow(q, owned.orderId));
    if (!order) throw orderNotFound();
    const record = { order, payments: await loadPayments(q, order.id) };
    const due = await dueCents(deps, q, record);
    const metadata = { orderId: String(record.order.id), orderIncrementId: record.order.increment_id ?? String(record.order.id), ...(owned.quoteId !== undefined ? { quoteId: String(owned.quoteId) } : {}) };
    const quoteId = record.order.quote_id ?? owned.quoteId;
    const ids: AttemptTarget = { orderId: record.order.id, ...(quoteId != null ? { quoteId } : {}) };
    if (check) {
      // The quote's number too, for a quote's link: what a payment asked before the order existed carries it (Authorize.net's invoice number).
      const quote = owned.quoteId !== undefined ? await q.first(q.db.selectFrom('quote').select('increment_id').where('id', '=', owned.quoteId)) : undefined;
      return { amountCents: due, currency: 'USD', metadata: { ...metadata, ...(quote ? { quoteIncrementId: quote.increment_id ?? String(owned.quoteId) } : {}) }, target: ids };
    }
    if (due === 0 || !isPayable(record.order.status)) throw new OrderError('conflict', 'orderAlreadyPaid', ORDER_ALREADY_PAID);
    // A payment waiting for the customer's bank holds the amount: no second card meanwhile.
    if (waitingPayments(record.payments, request.exceptReference).length > 0) throw paymentWaiting();
    let amountCents = due;
    // Without split payment the browser's amount is only a request: the due amount is charged.
    if (request.requestedAmount !== undefined && record.order.split_payment_enabled === 1 && toCents(request.requestedAmount) !== due) {
      const split = checkOrderSplitAmount(request.requestedAmount, due, record.order.minimum_split_cents);
      if (!split.ok) throw new OrderError('invalid', 'invalid_amount', split.message, { amount: split.message });
      amountCents = split.amountCents;
    }
    if (!claim) return { amountCents, currency: 'USD', metadata, target: ids };
    const target = { gateway: request.method as GatewayName, orderId: record.order.id, quoteId: quoteId ?? null, amountCents };
    return { amountCents, currency: 'USD', metadata, target: ids, claim: await deps.attempts.claim(q, target, known(request)) };
  }
  const quote = await deps.quotes.row(owned.quoteId!, q);
  if (!quote) throw new OrderError('invalid', 'quoteNotExist', QUOTE_NOT_FOUND_MESSAGE, undefined, { errorType: 'quoteNotExist' });
  const metadata = { quoteId: String(quote.id), quoteIncrementId: quote.increment_id ?? String(quote.id) };
  const ids: AttemptTarget = { quoteId: quote.id };
  if (check) return { amountCents: quote.total_cents, currency: 'USD', metadata, target: ids };
  let amountCents = quote.total_cents;
  if (request.requestedAmount !== undefined && quote.split_payment_enabled === 1 && toCents(request.requestedAmount) !== quote.total_cents) {
    const split = checkQuoteSplitAmount(request.requestedAmount, quote.total_cents, quote.minimum_split_cents);
    if (!split.ok) throw new OrderError('invalid', 'invalid_amount', split.message, { splitAmount: split.message });
    amountCents = split.amountCents;
  }
  if (!claim) return { amountCents, currency: 'USD', metadata, target: ids };
  const target = { gateway: request.method as GatewayName, orderId: null, quoteId: quote.id, amountCents };
  return { amountCents, currency: 'USD', metadata, target: ids, claim: await deps.attempts.claim(q, target, known(request)) };
}

/** The attempts a claim need not settle: those its caller settled, and the payment it is itself. */
function known(request: ChargeRequest): string[] {
  return [...(request.knownAttempts ?? []), ...(request.exceptReference !== undefined ? [request.exceptReference] : [])];
}

/**
 * The due amount of an order. An order made from a quote owes what the quote says: its total is
 * checked against the quote's on every charge, so nothing can make the quote cheaper.
 */
async function dueCents(deps: ChargesDeps, q: Queries, record: Pick<OrderRecord, 'order' | 'payments'>): Promise<number> {
  if (record.order.quote_id !== null) {
    const quote = await deps.quotes.row(record.order.quote_id, q);
    if (!quote || quote.total_cents !== record.order.total_cents) {
      throw new OrderError('conflict', 'quote_total_mismatch', 'This order no longer matches its quote. Please contact us to complete the payment.');
    }
  }
  return balanceCents(record.order, record.payments);
}
