/**
 * Orders: creation from a cart, the idempotency claim, address changes before payment, and applying
 * a payment the gateway has confirmed. Every write is one transaction (see ../db/queries.ts); what
 * must not interleave across requests and servers is held by the database: an Idempotency-Key's
 * lock (lockKey) backed by the unique (scope, idempotency_key), and the order's row lock (lockRow)
 * before its cart, payments, balance or status are read to be changed.
 */
import type { RequestBody } from '../../schemas/api/endpoint';
import type { createOrderEndpoint } from '../../schemas/api/orders';
import { formatMoney, toDollars } from '../../schemas/money';
import { offeredPaymentMethods, type PaymentScope } from '../../schemas/payment-method-selection';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { ShippingMethod } from '../../schemas/shipping.schema';
import type { TaxRule } from '../../schemas/tax.schema';
import { isUniqueViolation, type Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import { computeTotals, readCartLines, type CartLine, type CartTotals } from './cart-totals';
import { isWaitingStatus } from '../gateways/gateway';
import { queueOrderConfirmation, queueRefundDueNotice, queueSplitPaymentConfirmation, type MailContext } from './mail-queue';
import { orderAddressRow, readAddresses, type OrderAddress } from './order-address';
import { assertTransition, isPayable, STATE_OF_STATUS, statusAfterPayment, type OrderStatus } from './order-status';
import { balanceCents, findOrderRow, flaggedOverpaymentCents, loadOrder, orderView, paidCents, type OrderView, type PaymentRow } from './order-view';
import type { ConfirmedPayment } from './payment-types';
import { convertQuoteInTransaction } from './quote-conversion';
import { isEmail, nowIso, type Json } from './request-input';
import type { SampleCatalog } from './sample-catalog';
import { sha256Hex } from './secrets';

export const ORDER_NOT_FOUND = 'Order not found.';
export const QUOTE_ADDRESSES_FIXED = 'The addresses of an order made from a quote are those of the quote. Please contact us to change them.';
export const CART_LOCKED = 'A payment for this order is in progress; the cart cannot change until it completes or fails.';
export const NO_SHIPPING_MESSAGE = 'Sorry, no shipping methods are available for the selected shipping address.';

/** The body of POST /api/order, as its contract checked it. */
export type CreateOrderBody = RequestBody<typeof createOrderEndpoint>;

export interface OrderInput {
  lines: CartLine[];
  billing: OrderAddress;
  shipping: OrderAddress;
  email: string;
  firstName: string;
  lastName: string;
  paymentMethod: PaymentMethod;
  additionalNotes: string | null;
  poNumber: string | null;
}

export interface CommerceRules {
  shippingMethods: readonly ShippingMethod[];
  taxRules: readonly TaxRule[];
  paymentMethods: readonly PaymentMethod[];
}

export interface AppliedPayment {
  order: OrderView;
  paymentId: number;
  /** True when this call recorded (or changed) the payment; false for a repeat. */
  recorded: boolean;
  /** True when the payment is completed: the server has queued the confirmation e-mails. */
  sendConfirmationEmail: boolean;
}

export function notFound(): ApiError {
  return new ApiError(404, 'orderNotExist', ORDER_NOT_FOUND);
}

/**
 * True while a payment holds the order: it is paid (in part or in full), past the payable statuses,
 * or a payment is pending or on hold with the provider. Neither the cart nor the addresses of such an
 * order may change, so the amount being paid is the amount stored.
 */
export function paymentLocksOrder(status: string, payments: readonly PaymentRow[]): boolean {
  return !isPayable(status) || payments.some((p) => p.status === 'completed' || p.status === 'pending' || p.status === 'on_hold');
}

/** A hit counter for one key: the lookup's rate limiters (server/services/rate-limiter.ts) fit it. */
export interface HitLimiter {
  /** Counts a hit; false once the key is over its limit. */
  consume(key: string): Promise<boolean>;
  /** Whether the key has used all its hits, without counting one. */
  spent(key: string): Promise<boolean>;
}

/**
 * The limits of an order id + e-mail check, shared by the lookup, the split-payment endpoint and a
 * payment proven by e-mail. What they stop is guessing, so what they count is misses (a wrong id or
 * a wrong e-mail), per client: once a client's budget of misses is spent, its every check is
 * refused, right or wrong. A check that fits costs only the client's larger budget of checks, so a
 * customer paying an order in parts, or retrying a declined card, is never told to wait after the
 * money was taken.
 *
 * There is no budget per order or per e-mail across clients: twenty strangers' misses used to lock
 * an order's lookup and split payment for its owner too. The limits are the clients' own, so one
 * client's guesses never lock out another (docs/accounts.md, "Order lookup").
 */
export class OrderEmailLimits {
  constructor(
    private readonly missesPerClient: HitLimiter,
    private readonly checksPerClient: HitLimiter,
  ) {}

  /**
   * Runs one check: 429 when the client's budget is spent; `check` throws notFound() on a miss, which
   * is counted. The order and e-mail checked are named by the callers but no longer count (see above).
   */
  async guard<T>(client: string, _orderRef: string, _email: string, check: () => T | Promise<T>): Promise<T> {
    const key = `lookup:${client.slice(0, 64)}`;
    if (!(await this.checksPerClient.consume(key))) throw tooManyLookups();
    if (await this.missesPerClient.spent(key)) throw tooManyLookups();
    try {
      return await check();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) await this.missesPerClient.consume(key);
      throw err;
    }
  }
}

export function tooManyLookups(): ApiError {
  return new ApiError(429, 'too_many_requests', 'Too many order lookups. Please try again in a minute.');
}

/** The payment method of a request: a name offered in the scope, or 400 'Please select a payment method'. */
export function choosePaymentMethod(methods: readonly PaymentMethod[], raw: unknown, scope: PaymentScope): PaymentMethod {
  const name = typeof raw === 'string' ? raw.trim() : '';
  const offered = offeredPaymentMethods(methods, scope);
  const found = offered.find((m) => m.name === name) ?? offered.find((m) => m.gateway === name);
  if (!found) throw new ApiError(400, 'validation_failed', 'Please select a payment method', { paymentMethod: 'Please select a payment method' });
  return found;
}

/** The payment method definition for a gateway name or a method name. */
export function methodForPayment(methods: readonly PaymentMethod[], methodOrGateway: string | undefined, gateway: string): { method: string; label: string } {
  const byName = methods.find((m) => m.name === methodOrGateway && m.gateway === gateway);
  const byGateway = byName ?? methods.find((m) => m.gateway === gateway);
  return byGateway ? { method: byGateway.name, label: byGateway.title } : { method: methodOrGateway ?? gateway, label: gateway };
}

/**
 * Locks the order's row until the transaction ends (FOR UPDATE on PostgreSQL): whoever changes its
 * cart, addresses, payments or status reads it after this, so two such changes never interleave,
 * on one server or several.
 */
export async function lockOrderRow(tx: Queries, orderId: number): Promise<void> {
  await tx.first(tx.lockRow(tx.db.selectFrom('sales_order').select('id').where('id', '=', orderId)));
}

export class OrderService {
  constructor(
    private readonly q: Queries,
    private readonly catalog: SampleCatalog,
    private readonly rules: CommerceRules,
    private readonly mail: MailContext,
  ) {}

  /**
   * An order request its contract has checked (schemas/api/orders.ts), checked for what a schema
   * cannot say: the catalog's SKUs and one unit per sample, the one e-mail rule, the checkout field
   * rules of the addresses, a payment method offered for sample orders. Prices, totals, status and
   * state in the body are ignored.
   */
  parseOrderInput(body: CreateOrderBody): OrderInput {
    const lines = readCartLines(body.items, this.catalog);
    const topEmail = body.email?.trim() || undefined;
    if (topEmail !== undefined && !isEmail(topEmail)) throw new ApiError(400, 'validation_failed', 'Invalid email address', { email: 'Invalid email address' });
    const { billing, shipping } = readAddresses(body, topEmail);
    const rawMethod = body.paymentMethod ?? body.payment?.method ?? body.payments?.[0]?.method;
    const paymentMethod = choosePaymentMethod(this.rules.paymentMethods, rawMethod, 'sample-order');
    if (body.shippingMethod === 'no-methods') throw new ApiError(400, 'no_shipping_method', NO_SHIPPING_MESSAGE, { shippingMethod: NO_SHIPPING_MESSAGE });
    return {
      lines,
      billing,
      shipping,
      email: topEmail ?? billing.email,
      firstName: body.firstName?.trim() || billing.firstName,
      lastName: body.lastName?.trim() || billing.lastName,
      paymentMethod,
      additionalNotes: body.additionalNotes?.trim() || null,
      poNumber: body.poNumber?.trim() || null,
    };
  }

  totalsFor(input: OrderInput): CartTotals {
    const totals = computeTotals(input.lines, input.shipping, this.rules);
    if (totals.shipping.kind !== 'applied') throw new ApiError(400, 'no_shipping_method', NO_SHIPPING_MESSAGE, { shippingMethod: NO_SHIPPING_MESSAGE });
    return totals;
  }

  private requestHash(input: OrderInput): string {
    return sha256Hex(
      JSON.stringify({
        l: input.lines.map((l) => [l.sample.sku, l.qty, l.customOptions]),
        b: input.billing,
        s: input.shipping,
        e: input.email,
        n: [input.firstName, input.lastName],
        p: input.paymentMethod.name,
        o: [input.additionalNotes, input.poNumber],
      }),
    );
  }

  /**
   * Creates the order, or with an Idempotency-Key already seen: returns the same order (same
   * request), or updates that order while it is unpaid (a changed cart after a failed payment: the
   * order is updated, not duplicated), or refuses (it is already paid).
   */
  async createOrder(input: OrderInput, idempotencyKey: string | null, dealerOrigin: string | null, customerId: number | null = null): Promise<{ order: OrderView; created: boolean }> {
    const totals = this.totalsFor(input);
    const hash = this.requestHash(input);
    const attempt = () => this.q.transactionBatched((tx) => this.createOrderIn(tx, input, totals, hash, idempotencyKey, dealerOrigin, customerId));
    try {
      return await attempt();
    } catch (err) {
      // The unique (scope, idempotency_key) is the backstop of the key's lock: a request that lost
      // that race finds the winner's record on a second try and answers with its order.
      if (!idempotencyKey || !isUniqueViolation(err)) throw err;
      return attempt();
    }
  }

  private async createOrderIn(
    tx: Queries,
    input: OrderInput,
    totals: CartTotals,
    hash: string,
    idempotencyKey: string | null,
    dealerOrigin: string | null,
    customerId: number | null,
  ): Promise<{ order: OrderView; created: boolean }> {
    if (idempotencyKey) {
      // Requests with one key (a double click, a retry, another server) take turns from here to
      // COMMIT: the second reads the record the first stored instead of placing a second order.
      await tx.lockKey(`order-idempotency:${idempotencyKey}`);
      const record = await tx.firstBy(
        'idempotency-by-key',
        (scope: string, key: string) => tx.db.selectFrom('idempotency_record').select(['id', 'request_hash', 'order_id']).where('scope', '=', scope).where('idempotency_key', '=', key),
        'order',
        idempotencyKey,
      );
      if (record && record.order_id !== null) {
        // The order's lock before it is read: a payment being applied to it waits, or went first.
        await lockOrderRow(tx, record.order_id);
        const existing = await loadOrder(tx, record.order_id);
        if (existing) {
          if (record.request_hash === hash) return { order: orderView(existing), created: false };
          if (!isPayable(existing.order.status) || paidCents(existing.payments) > 0) {
            throw new ApiError(409, 'order_already_paid', 'This order has already been paid; start a new checkout to order again.');
          }
          // A payment pending or on hold is for the stored cart: the cart waits until it completes or fails.
          if (paymentLocksOrder(existing.order.status, existing.payments)) throw cartLocked();
          await this.rewriteOrder(tx, existing.order.id, input, totals, 'Order updated after a failed payment.');
          await tx.run(tx.db.updateTable('idempotency_record').set({ request_hash: hash }).where('id', '=', record.id));
          return { order: orderView((await loadOrder(tx, existing.order.id))!), created: false };
        }
      }
    }
    const orderId = await this.insertOrder(tx, input, totals, dealerOrigin, customerId);
    if (idempotencyKey) {
      await tx.insert('idempotency_record', { scope: 'order', idempotency_key: idempotencyKey, request_hash: hash, order_id: orderId, response: null, created_at: nowIso() });
    }
    return { order: orderView((await loadOrder(tx, orderId))!), created: true };
  }

  /** A customer's order (placed while signed in) belongs to them; any other is a guest order. */
  private async insertOrder(tx: Queries, input: OrderInput, totals: CartTotals, dealerOrigin: string | null, customerId: number | null): Promise<number> {
    const now = nowIso();
    const orderId = await tx.insertReturningId('sales_order', {
      increment_id: null,
      state: STATE_OF_STATUS.pending,
      status: 'pending',
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      phone: input.billing.phoneNumber,
      customer_is_guest: customerId === null ? 1 : 0,
      customer_id: customerId === null ? null : String(customerId),
      dealer_origin: dealerOrigin,
      currency: 'USD',
      ...this.totalsColumns(totals),
      payment_method: input.paymentMethod.name,
      payment_method_label: input.paymentMethod.title,
      po_number: input.poNumber,
      additional_notes: input.additionalNotes,
      quote_id: null,
      split_payment_enabled: 0,
      minimum_split_cents: 0,
      email_sent: 0,
      created_at: now,
      updated_at: now,
    });
    await tx.runBy('order-set-increment', (inc: string, id: number) => tx.db.updateTable('sales_order').set({ increment_id: inc }).where('id', '=', id), incrementIdFor(orderId), orderId);
    await this.writeLinesAndAddresses(tx, orderId, input, totals);
    await tx.insert('sales_order_status_history', { order_id: orderId, status: 'pending', comment: 'New order has been created', is_customer_notified: 0, created_at: now });
    return orderId;
  }

  private totalsColumns(totals: CartTotals) {
    const method = totals.shipping.kind === 'applied' ? totals.shipping.method : null;
    return {
      subtotal_cents: totals.subtotalCents,
      shipping_cents: totals.shippingCents,
      shipping_tax_cents: totals.shippingTaxCents,
      tax_cents: totals.taxCents,
      discount_cents: totals.discountCents,
      total_cents: totals.totalCents,
      tax_percent: totals.taxPercent,
      weight: totals.weight,
      total_item_count: totals.totalItemCount,
      shipping_method: method?.type ?? 'no-methods',
      shipping_label: method?.displayName ?? '',
    };
  }

  private async writeLinesAndAddresses(tx: Queries, orderId: number, input: OrderInput, totals: CartTotals): Promise<void> {
    for (const l of totals.lines) {
      await tx.insert('sales_order_item', {
        order_id: orderId,
        sku: l.sample.sku,
        name: l.sample.name,
        style_name: l.sample.styleName,
        style_title: l.sample.styleTitle,
        price_cents: l.sample.priceCents,
        original_price_cents: l.sample.priceCents,
        price_incl_tax_cents: l.priceInclTaxCents,
        qty: l.qty,
        weight: l.sample.weight,
        row_weight: l.rowWeight,
        row_total_cents: l.rowTotalCents,
        tax_percent: l.taxPercent,
        tax_cents: l.taxCents,
        row_total_incl_tax_cents: l.rowTotalCents + l.taxCents,
        custom_options: JSON.stringify(l.customOptions),
        notes: null,
      });
    }
    for (const a of [input.billing, input.shipping]) await this.insertAddress(tx, orderId, a);
  }

  private async insertAddress(tx: Queries, orderId: number, a: OrderAddress): Promise<void> {
    await tx.insert('sales_order_address', orderAddressRow(orderId, a));
  }

  /** Inside the caller's transaction, which holds the order's row lock. */
  private async rewriteOrder(tx: Queries, orderId: number, input: OrderInput, totals: CartTotals, comment: string): Promise<void> {
    const now = nowIso();
    await tx.run(tx.db.deleteFrom('sales_order_item').where('order_id', '=', orderId));
    await tx.run(tx.db.deleteFrom('sales_order_address').where('order_id', '=', orderId));
    await this.writeLinesAndAddresses(tx, orderId, input, totals);
    const current = (await findOrderRow(tx, orderId))!;
    await tx.run(
      tx.db
        .updateTable('sales_order')
        .set({
          ...this.totalsColumns(totals),
          email: input.email,
          first_name: input.firstName,
          last_name: input.lastName,
          phone: input.billing.phoneNumber,
          payment_method: input.paymentMethod.name,
          payment_method_label: input.paymentMethod.title,
          additional_notes: input.additionalNotes,
          po_number: input.poNumber,
          updated_at: now,
        })
        .where('id', '=', orderId),
    );
    await tx.run(tx.db.insertInto('sales_order_status_history').values({ order_id: orderId, status: current.status, comment, is_customer_notified: 0, created_at: now }));
  }

  async view(orderId: number): Promise<OrderView | undefined> {
    const record = await loadOrder(this.q, orderId);
    return record ? orderView(record) : undefined;
  }

  /** Order id from a path value: the numeric id or the increment id. In a transaction, pass its handle. */
  async resolveOrderId(raw: string, q: Queries = this.q): Promise<number | undefined> {
    const s = raw.trim();
    if (!/^[A-Za-z0-9-]{1,40}$/.test(s)) return undefined;
    const byIncrement = await q.first(q.db.selectFrom('sales_order').select('id').where('increment_id', '=', s));
    if (byIncrement) return byIncrement.id;
    if (/^\d{1,12}$/.test(s)) {
      const byId = await q.first(q.db.selectFrom('sales_order').select('id').where('id', '=', Number(s)));
      return byId?.id;
    }
    return undefined;
  }

  /** The order for the id and e-mail of the split-payment page; the same 404 for either mismatch. */
  async lookupByEmail(rawId: string, email: string): Promise<OrderView> {
    const id = await this.resolveOrderId(rawId);
    const view = id === undefined ? undefined : await this.view(id);
    if (!view || view.email.toLowerCase() !== email.trim().toLowerCase()) throw notFound();
    return view;
  }

  /** New addresses for an unpaid order; totals follow the new shipping address. */
  updateAddresses(orderId: number, body: Json): Promise<OrderView> {
    return this.q.transaction(async (q) => {
      // The order's lock before the check: a payment applied meanwhile waits, or went first and is seen.
      await lockOrderRow(q, orderId);
      const record = await loadOrder(q, orderId);
      if (!record) throw notFound();
      if (paymentLocksOrder(record.order.status, record.payments)) {
        throw new ApiError(409, 'order_locked', 'Addresses can only be changed before payment.');
      }
      // A quote's shipping, tax and discount were agreed for the quote's addresses: its order keeps them.
      if (record.order.quote_id !== null) throw new ApiError(409, 'order_locked', QUOTE_ADDRESSES_FIXED);
      const { billing, shipping } = readAddresses(body, record.order.email);
      const lines: CartLine[] = record.items.map((i) => {
        const sample = this.catalog.findSample(i.sku) ?? { sku: i.sku, name: i.name, priceCents: i.price_cents, weight: i.weight, styleName: i.style_name ?? '', styleTitle: i.style_title ?? '' };
        return { sample: { ...sample, priceCents: i.price_cents }, qty: i.qty, customOptions: JSON.parse(i.custom_options) as CartLine['customOptions'] };
      });
      const method = this.rules.paymentMethods.find((m) => m.name === record.order.payment_method);
      const input: OrderInput = {
        lines,
        billing,
        shipping,
        email: record.order.email,
        firstName: record.order.first_name,
        lastName: record.order.last_name,
        paymentMethod: method ?? { name: record.order.payment_method, title: record.order.payment_method_label, enabled: true, gateway: 'test' },
        additionalNotes: record.order.additional_notes,
        poNumber: record.order.po_number,
      };
      await this.rewriteOrder(q, orderId, input, this.totalsFor(input), 'Addresses updated before payment.');
      return orderView((await loadOrder(q, orderId))!);
    });
  }

  /**
   * Records a payment the gateway has confirmed and moves the order. Idempotent by the provider's
   * reference: the browser's verify and the provider's webhook for one payment record it once; a
   * later, different status (pending -> completed) updates the one row.
   * The order is the one in the metadata (orderId), or the quote's order, converted here when the
   * metadata has only a quoteId (a quote paid by its link has no order until then).
   */
  applyConfirmedPayment(payment: ConfirmedPayment, opts: { method?: string; expectOrderId?: number; expectQuoteId?: number } = {}): Promise<AppliedPayment> {
    return this.q.transaction(async (q) => {
      // The order's row lock comes before its payments are read: they, its balance and its status
      // change one payment at a time, on every server. A payment's order never changes, so a known
      // payment names the order to lock; its row is read again under the lock.
      const known = await paymentByReference(q, payment.providerReference);
      if (known) {
        if (known.order_id !== null) await lockOrderRow(q, known.order_id);
        return this.applyToExisting(q, (await paymentByReference(q, payment.providerReference))!, payment, opts);
      }
      // A new payment's order is the one its metadata names (a quote is converted here, under the
      // quote's row lock). Under the order's lock, the same payment confirmed meanwhile (the
      // provider's webhook beside the browser's verify, maybe on another server) is found and
      // updated instead of inserted twice; the unique provider_reference is the backstop.
      const orderId = await this.orderForPayment(q, payment, opts);
      await lockOrderRow(q, orderId);
      const raced = await paymentByReference(q, payment.providerReference);
      if (raced) return this.applyToExisting(q, raced, payment, opts);
      const record = (await loadOrder(q, orderId))!;
      const { method, label } = methodForPayment(this.rules.paymentMethods, opts.method ?? record.order.payment_method, payment.gateway);
      const now = nowIso();
      const inserted = (await q.first(
        q.db
          .insertInto('payment')
          .values({
            order_id: orderId,
            method,
            method_label: label,
            gateway: payment.gateway,
            status: payment.status,
            amount_cents: payment.amountCents,
            currency: (payment.currency || 'USD').toUpperCase(),
            transaction_id: payment.transactionId,
            provider_reference: payment.providerReference,
            additional_data: JSON.stringify(payment.additionalData ?? {}),
            created_at: now,
            updated_at: now,
          })
          .returning('id'),
      ))!;
      const hadCompleted = paidCents(record.payments) > 0;
      await this.afterPaymentChange(q, orderId, inserted.id, payment, hadCompleted);
      const after = (await loadOrder(q, orderId))!;
      return { order: orderView(after), paymentId: inserted.id, recorded: true, sendConfirmationEmail: payment.status === 'completed' };
    });
  }

  /**
   * The order a new payment belongs to. The payment's own metadata (what the provider carries back)
   * must name it: a payment that names nothing, or names another order or quote than the caller
   * expects, is refused. A quote is converted here, but only for a payment that is not failed: a
   * declined card never marks a quote ordered.
   */
  private async orderForPayment(q: Queries, payment: ConfirmedPayment, opts: { expectOrderId?: number; expectQuoteId?: number }): Promise<number> {
    const metaOrder = payment.metadata.orderId ? await this.resolveOrderId(String(payment.metadata.orderId), q) : undefined;
    if (payment.metadata.orderId && metaOrder === undefined) throw paymentMismatch();
    const metaQuote = payment.metadata.quoteId && /^\d{1,12}$/.test(String(payment.metadata.quoteId)) ? Number(payment.metadata.quoteId) : undefined;
    if (payment.metadata.quoteId && metaQuote === undefined) throw paymentMismatch();
    if (metaOrder === undefined && metaQuote === undefined) throw new ApiError(400, 'payment_not_linked', 'This payment is not linked to an order or a quote.');
    if (opts.expectOrderId !== undefined) {
      if (metaOrder !== undefined && metaOrder !== opts.expectOrderId) throw paymentMismatch();
      const row = await findOrderRow(q, opts.expectOrderId);
      if (!row) throw notFound();
      // A quote's payment belongs to that quote's order only.
      if (metaQuote !== undefined && row.quote_id !== metaQuote) throw paymentMismatch();
      return opts.expectOrderId;
    }
    const quoteId = opts.expectQuoteId ?? (metaOrder === undefined ? metaQuote : undefined);
    if (quoteId !== undefined) {
      if (metaQuote !== undefined && metaQuote !== quoteId) throw paymentMismatch();
      const quote = await q.first(q.db.selectFrom('quote').select(['id', 'order_id']).where('id', '=', quoteId));
      if (!quote) throw new ApiError(404, 'quoteNotExist', 'Quote not found.');
      if (metaOrder !== undefined && metaOrder !== quote.order_id) throw paymentMismatch();
      if (quote.order_id !== null) return quote.order_id;
      if (payment.status === 'failed' || payment.status === 'voided') throw quotePaymentFailed(payment);
      return convertQuoteInTransaction(q, quoteId, payment.gateway, this.rules.paymentMethods);
    }
    // A payment naming an order and a quote pays that order only if it was made from that quote.
    if (metaQuote !== undefined && (await findOrderRow(q, metaOrder!))?.quote_id !== metaQuote) throw paymentMismatch();
    return metaOrder!;
  }

  /** A payment already recorded, confirmed again: checked against what the caller expects, then updated. */
  private async applyToExisting(q: Queries, existing: PaymentRow, payment: ConfirmedPayment, opts: { expectOrderId?: number; expectQuoteId?: number }): Promise<AppliedPayment> {
    if (opts.expectOrderId !== undefined && existing.order_id !== opts.expectOrderId) throw paymentMismatch();
    if (opts.expectQuoteId !== undefined) {
      const quote = await q.first(q.db.selectFrom('quote').select('order_id').where('id', '=', opts.expectQuoteId));
      if (!quote || quote.order_id !== existing.order_id) throw paymentMismatch();
    }
    return this.updateExistingPayment(q, existing, payment);
  }

  /** Inside the caller's transaction, which holds the order's row lock. */
  private async updateExistingPayment(q: Queries, existing: PaymentRow, payment: ConfirmedPayment): Promise<AppliedPayment> {
    const orderId = existing.order_id!;
    // A completed payment is history; a voided one stays voided, unless the provider says the money
    // moved after all (then it counts, and an excess is flagged as an overpayment).
    const changed = existing.status !== payment.status && existing.status !== 'completed' && (existing.status !== 'voided' || payment.status === 'completed');
    if (changed) {
      const before = (await loadOrder(q, orderId))!;
      const hadCompleted = paidCents(before.payments) > 0;
      await q.run(
        q.db
          .updateTable('payment')
          .set({ status: payment.status, amount_cents: payment.amountCents, additional_data: JSON.stringify(payment.additionalData ?? {}), updated_at: nowIso() })
          .where('id', '=', existing.id),
      );
      await this.afterPaymentChange(q, orderId, existing.id, payment, hadCompleted);
    }
    const after = (await loadOrder(q, orderId))!;
    const status = after.payments.find((p) => p.id === existing.id)?.status;
    return { order: orderView(after), paymentId: existing.id, recorded: changed, sendConfirmationEmail: status === 'completed' };
  }

  /** Status, history and e-mails after a payment row was written (inside the transaction `q`, which holds the order's row lock). */
  private async afterPaymentChange(q: Queries, orderId: number, paymentId: number, payment: ConfirmedPayment, hadCompletedBefore: boolean): Promise<void> {
    const record = (await loadOrder(q, orderId))!;
    const now = nowIso();
    const current = record.order.status;
    if (payment.status === 'failed') {
      const message = typeof payment.additionalData?.message === 'string' && payment.additionalData.message ? payment.additionalData.message : 'Unknown error';
      await q.run(q.db.insertInto('sales_order_status_history').values({ order_id: orderId, status: current, comment: `Payment failed: ${String(message).slice(0, 300)}`, is_customer_notified: 0, created_at: now }));
      await q.run(q.db.updateTable('sales_order').set({ updated_at: now }).where('id', '=', orderId));
      return;
    }
    if (payment.status === 'voided') {
      await q.run(q.db.insertInto('sales_order_status_history').values({ order_id: orderId, status: current, comment: voidedComment(payment), is_customer_notified: 0, created_at: now }));
      await q.run(q.db.updateTable('sales_order').set({ updated_at: now }).where('id', '=', orderId));
      return;
    }
    const paid = paidCents(record.payments);
    const next = statusAfterPayment(current, payment.status, paid, record.order.total_cents);
    if (next) await this.moveStatus(q, orderId, current, next);
    const status = next ?? current;
    const comment =
      payment.status === 'completed'
        ? `Order paid ${formatMoney(toDollars(payment.amountCents))} with transaction ${payment.transactionId}.${balanceCents(record.order, record.payments) > 0 ? ` Remaining balance ${formatMoney(toDollars(balanceCents(record.order, record.payments)))}.` : ''}`
        : `Payment ${payment.status === 'on_hold' ? 'on hold (additional authentication required)' : 'pending'} with transaction ${payment.transactionId}.`;
    await q.run(q.db.insertInto('sales_order_status_history').values({ order_id: orderId, status, comment, is_customer_notified: 0, created_at: now }));
    if (payment.status === 'completed') {
      if (await this.flagOverpayment(q, orderId, paymentId, payment)) return;
      if (hadCompletedBefore) await queueSplitPaymentConfirmation(q, this.mail, orderId, paymentId);
      else await queueOrderConfirmation(q, this.mail, orderId);
    }
  }

  /**
   * Completed payments above the order's total are never recorded silently: the excess of this
   * payment is stored as an overpayment, the history says a refund is due and the admins get an
   * e-mail saying so. True when this payment went over (the customer's "payment received" e-mail is
   * not sent again for money the store must give back).
   */
  private async flagOverpayment(q: Queries, orderId: number, paymentId: number, payment: ConfirmedPayment): Promise<boolean> {
    const record = (await loadOrder(q, orderId))!;
    const unflagged = paidCents(record.payments) - (await flaggedOverpaymentCents(q, orderId)) - record.order.total_cents;
    if (unflagged <= 0) return false;
    const excessCents = Math.min(unflagged, payment.amountCents);
    const now = nowIso();
    await q.run(q.db.insertInto('payment_overpayment').values({ order_id: orderId, payment_id: paymentId, amount_cents: excessCents, created_at: now, refunded_at: null }));
    const comment = `Overpayment: transaction ${payment.transactionId} (${payment.gateway}) took ${formatMoney(toDollars(excessCents))} more than the order owed. A refund of ${formatMoney(toDollars(excessCents))} is due.`;
    await q.run(q.db.insertInto('sales_order_status_history').values({ order_id: orderId, status: record.order.status, comment, is_customer_notified: 0, created_at: now }));
    await queueRefundDueNotice(q, this.mail, orderId, paymentId, { transactionId: payment.transactionId, gateway: payment.gateway, paymentCents: payment.amountCents, excessCents });
    return true;
  }

  /**
   * The customer cancelled a payment that waited for their bank, and the gateway voided it: its row
   * becomes voided and the history says so, and the order may be paid another way. Only a waiting
   * row changes; anything else (completed meanwhile, already voided) is left as is.
   */
  recordVoidedPayment(providerReference: string): Promise<{ voided: boolean; order?: OrderView }> {
    return this.q.transaction(async (q) => {
      const known = await paymentByReference(q, providerReference);
      if (!known || known.order_id === null) return { voided: false };
      // The order's row lock, then the payment's status read again: a completion applied meanwhile is seen.
      await lockOrderRow(q, known.order_id);
      const existing = (await paymentByReference(q, providerReference))!;
      if (!isWaitingStatus(existing.status)) return { voided: false, order: orderView((await loadOrder(q, known.order_id))!) };
      const data = { ...(JSON.parse(existing.additional_data || '{}') as Record<string, unknown>), providerStatus: 'voided', voidedBy: 'customer' };
      await q.run(q.db.updateTable('payment').set({ status: 'voided', additional_data: JSON.stringify(data), updated_at: nowIso() }).where('id', '=', existing.id));
      const voided: ConfirmedPayment = {
        gateway: existing.gateway as ConfirmedPayment['gateway'],
        providerReference,
        transactionId: existing.transaction_id,
        status: 'voided',
        amountCents: existing.amount_cents,
        currency: existing.currency,
        metadata: {},
        additionalData: data,
      };
      await this.afterPaymentChange(q, known.order_id, existing.id, voided, paidCents((await loadOrder(q, known.order_id))!.payments) > 0);
      return { voided: true, order: orderView((await loadOrder(q, known.order_id))!) };
    });
  }

  private async moveStatus(q: Queries, orderId: number, from: string, to: OrderStatus): Promise<void> {
    if (from === to) return;
    assertTransition(from, to);
    await q.run(q.db.updateTable('sales_order').set({ status: to, state: STATE_OF_STATUS[to], updated_at: nowIso() }).where('id', '=', orderId));
  }

  /** An operator's status change (CLI / tests), through the transition table. */
  changeStatus(orderId: number, to: OrderStatus, comment: string): Promise<OrderView> {
    return this.q.transaction(async (q) => {
      await lockOrderRow(q, orderId);
      const row = await findOrderRow(q, orderId);
      if (!row) throw notFound();
      assertTransition(row.status, to);
      await this.moveStatus(q, orderId, row.status, to);
      await q.run(q.db.insertInto('sales_order_status_history').values({ order_id: orderId, status: to, comment, is_customer_notified: 0, created_at: nowIso() }));
      return orderView((await loadOrder(q, orderId))!);
    });
  }

  /** Re-queues the server's own e-mails for a paid order (POST /api/email/send-email). */
  resendConfirmation(orderId: number): Promise<OrderView> {
    return this.q.transaction(async (q) => {
      const record = await loadOrder(q, orderId);
      if (!record) throw notFound();
      if (paidCents(record.payments) === 0) throw new ApiError(409, 'order_not_paid', 'Confirmation e-mails are sent once the order is paid.');
      await queueOrderConfirmation(q, this.mail, orderId);
      return orderView((await loadOrder(q, orderId))!);
    });
  }
}

function paymentByReference(q: Queries, providerReference: string): Promise<PaymentRow | undefined> {
  return q.first(q.db.selectFrom('payment').selectAll().where('provider_reference', '=', providerReference));
}

function cartLocked(): ApiError {
  return new ApiError(409, 'order_locked', CART_LOCKED);
}

export function incrementIdFor(id: number): string {
  return String(100000000 + id);
}

/** A failed payment for a quote not yet ordered: nothing to record it on, and the quote stays open. */
function quotePaymentFailed(payment: ConfirmedPayment): ApiError {
  const message = typeof payment.additionalData?.message === 'string' && payment.additionalData.message ? payment.additionalData.message : 'Error while handling Payment';
  return new ApiError(402, 'payment_failed', message.slice(0, 300), undefined, { status: payment.status, transactionId: payment.transactionId });
}

function voidedComment(payment: ConfirmedPayment): string {
  return `Payment of ${formatMoney(toDollars(payment.amountCents))} with transaction ${payment.transactionId} cancelled by the customer to pay another way; voided with the ${payment.gateway} gateway.`;
}

function paymentMismatch(): ApiError {
  return new ApiError(400, 'payment_mismatch', 'This payment belongs to another order.');
}
