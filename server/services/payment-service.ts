/**
 * The seam with the gateway routes (room B1): `chargeAmount` says how much a payment may be for
 * (the server decides, from the order's or quote's due amount), and `onConfirmedPayment` records a
 * payment the gateway confirmed (browser verify and webhook alike; one row per provider reference).
 */
import { toCents, toDollars } from '../../schemas/money';
import type { SyncQueries } from '../db/sync-query';
import { ApiError } from '../http/api-error';
import type { AppliedPayment, OrderService } from './order-service';
import { notFound } from './order-service';
import { isPayable } from './order-status';
import { balanceCents, loadOrder } from './order-view';
import type { ConfirmedPayment, ConfirmPayment } from './payment-types';
import type { QuoteService } from './quote-service';
import { checkOrderSplitAmount, checkQuoteSplitAmount } from './split-rules';

export const SPLIT_NOT_ENABLED = 'Split payment is not enabled for this order.';
export const ORDER_ALREADY_PAID = 'This order has already been fully paid.';

export interface ChargeRequest {
  orderId?: string | number;
  quoteId?: string | number;
  /** Dollars, for a split payment; must follow the split rules. */
  requestedAmount?: number;
  method: string;
}

export interface ChargeAmount {
  amountCents: number;
  currency: 'USD';
  metadata: { orderId?: string; orderIncrementId?: string; quoteId?: string; quoteIncrementId?: string };
}

export class PaymentService {
  constructor(
    private readonly q: SyncQueries,
    private readonly orders: OrderService,
    private readonly quotes: QuoteService,
    private readonly confirmWithGateway: ConfirmPayment,
  ) {}

  chargeAmount = async (request: ChargeRequest): Promise<ChargeAmount> => {
    if (request.orderId !== undefined && request.orderId !== null && String(request.orderId) !== '') {
      const id = this.orders.resolveOrderId(String(request.orderId));
      const record = id === undefined ? undefined : loadOrder(this.q, id);
      if (!record) throw notFound();
      const due = balanceCents(record.order, record.payments);
      if (due === 0 || !isPayable(record.order.status)) throw new ApiError(409, 'orderAlreadyPaid', ORDER_ALREADY_PAID);
      let amountCents = due;
      // Without split payment the browser's amount is only a request: the due amount is charged.
      if (request.requestedAmount !== undefined && record.order.split_payment_enabled === 1 && toCents(request.requestedAmount) !== due) {
        const check = checkOrderSplitAmount(request.requestedAmount, due, record.order.minimum_split_cents);
        if (!check.ok) throw new ApiError(400, 'invalid_amount', check.message, { amount: check.message });
        amountCents = check.amountCents;
      }
      return { amountCents, currency: 'USD', metadata: { orderId: String(record.order.id), orderIncrementId: record.order.increment_id ?? String(record.order.id) } };
    }
    if (request.quoteId !== undefined && request.quoteId !== null && /^\d{1,12}$/.test(String(request.quoteId))) {
      const quote = this.quotes.row(Number(request.quoteId));
      if (!quote) throw new ApiError(404, 'quoteNotExist', 'Quote not found.');
      if (quote.order_id !== null) return this.chargeAmount({ orderId: quote.order_id, requestedAmount: request.requestedAmount, method: request.method });
      let amountCents = quote.total_cents;
      if (request.requestedAmount !== undefined && quote.split_payment_enabled === 1 && toCents(request.requestedAmount) !== quote.total_cents) {
        const check = checkQuoteSplitAmount(request.requestedAmount, quote.total_cents, quote.minimum_split_cents);
        if (!check.ok) throw new ApiError(400, 'invalid_amount', check.message, { splitAmount: check.message });
        amountCents = check.amountCents;
      }
      return { amountCents, currency: 'USD', metadata: { quoteId: String(quote.id), quoteIncrementId: quote.increment_id ?? String(quote.id) } };
    }
    throw new ApiError(400, 'validation_failed', 'A payment needs an orderId or a quoteId.', { orderId: 'Order ID is required' });
  };

  onConfirmedPayment = async (payment: ConfirmedPayment): Promise<void> => {
    this.orders.applyConfirmedPayment(payment);
  };

  /** Asks the gateway about a transaction the browser names, then records what the gateway says. */
  async confirmAndApply(gateway: string, transactionId: string, opts: { method?: string; expectOrderId?: number; expectQuoteId?: number } = {}): Promise<{ confirmed: ConfirmedPayment; applied: AppliedPayment }> {
    let confirmed: ConfirmedPayment;
    try {
      confirmed = await this.confirmWithGateway(gateway, transactionId);
    } catch (err) {
      // A provider that cannot be reached is the provider's failure, not ours: a clean 502.
      if (err instanceof ApiError) throw err;
      throw new ApiError(502, 'provider_error', 'An error occurred while processing your payment. Please try again.');
    }
    const applied = this.orders.applyConfirmedPayment(confirmed, opts);
    return { confirmed, applied };
  }
}

export function amountDollars(cents: number): number {
  return toDollars(cents);
}
